/**
 * The mapping between model layers and fabric.js object properties, kept pure (no fabric import) so it
 * is tested in Node. Objects use originX 'left' and originY 'top', so left, top, angle, the scales, the
 * flips and the opacity map one to one; fabric's negative scale is a flip in the model.
 */
import type { LayerPatch, ModelLayer } from '../model/index.js';

/** The transform and visibility every fabric object of a layer gets. */
export interface FabricPlacement {
  originX: 'left';
  originY: 'top';
  left: number;
  top: number;
  angle: number;
  scaleX: number;
  scaleY: number;
  flipX: boolean;
  flipY: boolean;
  opacity: number;
  visible: boolean;
  selectable: boolean;
  evented: boolean;
}

/**
 * `scaleBase`: how much the fabric object is scaled at the layer's scale 1 (an image drawn from its own
 * pixels into the layer's box); 1 for everything else.
 */
export function placementOf(layer: ModelLayer, scaleBase = { x: 1, y: 1 }): FabricPlacement {
  return {
    originX: 'left',
    originY: 'top',
    left: layer.left,
    top: layer.top,
    angle: layer.angle,
    scaleX: layer.scaleX * scaleBase.x,
    scaleY: layer.scaleY * scaleBase.y,
    flipX: layer.flipX,
    flipY: layer.flipY,
    opacity: layer.opacity,
    visible: !layer.hidden,
    selectable: !layer.locked,
    evented: !layer.locked,
  };
}

/** What the view reads back from a fabric object after the user moved, scaled or turned it. */
export interface FabricTransform {
  left: number;
  top: number;
  angle: number;
  scaleX: number;
  scaleY: number;
  flipX: boolean;
  flipY: boolean;
  opacity: number;
  /** fabric's own width (a text box's width changes when its side handles are dragged). */
  width: number;
}

/**
 * The one patch for a layer after a transform. Sizes that follow from the content are never sent (a text's
 * height; width and height of lines, polygons, paths and groups); a text box sends its width, at scale 1
 * as fabric keeps it.
 */
export function patchFromTransform(
  layer: ModelLayer,
  object: FabricTransform,
  scaleBase = { x: 1, y: 1 },
): LayerPatch {
  const patch: LayerPatch = {
    left: object.left,
    top: object.top,
    angle: object.angle,
    scaleX: Math.abs(object.scaleX) / scaleBase.x,
    scaleY: Math.abs(object.scaleY) / scaleBase.y,
    flipX: object.scaleX < 0 ? !object.flipX : object.flipX,
    flipY: object.scaleY < 0 ? !object.flipY : object.flipY,
    opacity: object.opacity,
  };
  if (layer.kind === 'text') patch.width = object.width;
  return patch;
}

/** Five stars filled to `value` (of 5), as the renderer draws the rating: each star's fill, 0 to 1. */
export function starFills(value: number): number[] {
  return Array.from({ length: 5 }, (_, index) => Math.min(1, Math.max(0, value - index)));
}

/**
 * Star layout of the rating widget in a box (the renderer's rule: a star is 32 × 1.2 × width / 223, on a
 * pitch of a fifth of the box, centred vertically, never taller than the box): centres and size.
 */
export function starLayout(width: number, height: number): { centers: number[]; size: number } {
  const pitch = width / 5;
  const size = Math.min((32 * 1.2 * width) / 223, height, pitch);
  return { centers: Array.from({ length: 5 }, (_, index) => pitch * (index + 0.5)), size };
}

/** The ten points of a five-pointed star whose bounding box is `size` wide, centred on (cx, cy). */
export function starPoints(cx: number, cy: number, size: number): { x: number; y: number }[] {
  const outer = size / (2 * Math.sin((72 * Math.PI) / 180));
  const inner = outer * 0.381966;
  const offsetY = (outer - outer * Math.cos((36 * Math.PI) / 180)) / 2;
  return Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = ((-90 + index * 36) * Math.PI) / 180;
    return { x: cx + radius * Math.cos(angle), y: cy + offsetY + radius * Math.sin(angle) };
  });
}

/**
 * Flat colours laid over the usual ad's background by its preparation instead of the compositor: when an
 * opaque picture fills the whole canvas at the bottom (a blurred background) and flat colours covering the
 * whole canvas come right above it (a darkening overlay), each of its pixels becomes a × pixel + b per
 * channel, which libvips applies as the picture is made, where the compositor would pass over every byte
 * of the canvas once more (6 ms for a 1080 × 1080 ad). The same pixels within a level: source-over of a
 * flat colour is that affine map, rounded once either way.
 */
import type { CompositionPlan, FillLayer, PictureLayer } from '../compose/plan.js';

/** out = multiply × in + add, per channel (red, green, blue). */
export interface Tint {
  multiply: [number, number, number];
  add: [number, number, number];
}

/** Flat colours, bottom first, as one map: each is out = α × colour + (1 − α) × in. */
export function tintOf(fills: readonly FillLayer[]): Tint {
  const multiply: [number, number, number] = [1, 1, 1];
  const add: [number, number, number] = [0, 0, 0];
  for (const fill of fills)
    for (let channel = 0; channel < 3; channel += 1) {
      multiply[channel] = multiply[channel]! * (1 - fill.alpha);
      add[channel] = add[channel]! * (1 - fill.alpha) + fill.colour[channel]! * fill.alpha;
    }
  return { multiply, add };
}

/** The bottom picture and the flat colours right above it that cover the whole canvas, if any. */
export function bottomTint(
  plan: CompositionPlan,
  canvas: { width: number; height: number },
): { picture: PictureLayer; fills: FillLayer[] } | undefined {
  const [bottom] = plan.layers;
  const whole = (area: { left: number; top: number; width: number; height: number }) =>
    area.left === 0 && area.top === 0 && area.width === canvas.width && area.height === canvas.height;
  if (bottom?.kind !== 'picture' || bottom.mask || bottom.opacity !== 1 || !whole(bottom.area))
    return undefined;
  const fills: FillLayer[] = [];
  for (const layer of plan.layers.slice(1)) {
    if (layer.kind !== 'fill' || !whole(layer.area)) break;
    fills.push(layer);
  }
  return fills.length > 0 ? { picture: bottom, fills } : undefined;
}

/** The plan without the fills a picture's preparation has laid down. */
export function withoutTint(plan: CompositionPlan, fills: readonly FillLayer[]): CompositionPlan {
  return { ...plan, layers: plan.layers.filter((layer) => !fills.includes(layer as FillLayer)) };
}

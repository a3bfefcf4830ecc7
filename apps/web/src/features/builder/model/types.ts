/**
 * The builder's source of truth (ARCHITECTURE.md, `model/`): plain immutable data, no fabric, no DOM.
 * Nothing here is ever changed in place; change functions return a new model that shares what did not
 * change, so a history snapshot is just a reference.
 */
import type { LayerData } from '@adloom/template';

export const LAYER_KINDS = [
  'rect',
  'ellipse',
  'line',
  'polygon',
  'path',
  'image',
  'text',
  'rating',
  'group',
] as const;
export type LayerKind = (typeof LAYER_KINDS)[number];

/**
 * Where a layer sits in its parent (the canvas, or a group). The layer's content lives in a local box
 * (0, 0) to (width, height); the box is placed by `translate(left, top) rotate(angle) scale(scaleX,
 * scaleY)`, so (left, top) is where the box's top-left corner lands and the box turns about that corner
 * (fabric.js with originX 'left' and originY 'top'). flipX and flipY mirror the content inside the box.
 * Lengths are rounded to 2 decimals, the angle (degrees, clockwise, 0 to 360) to 2, the scales to 4.
 */
export interface LayerGeometry {
  left: number;
  top: number;
  width: number;
  height: number;
  angle: number;
  /** Above 0; a mirror image is flipX or flipY, never a negative scale. */
  scaleX: number;
  scaleY: number;
  flipX: boolean;
  flipY: boolean;
  /** 0 to 1. */
  opacity: number;
}

/** Fields every layer has besides its geometry. */
export interface LayerCommon extends LayerGeometry {
  /** Editor-only identity: stable across edits, undo and save, never written to the SVG. */
  uid: string;
  /**
   * The layer's SVG `id`, which carries its dynamic role (template-format.md section 2). Always the id of
   * `data` (layerDataToId) and unique in the document, group members included.
   */
  id: string;
  /**
   * The spec's layer data. Fields the id cannot carry for this role read back as their defaults, so the
   * model keeps them at their defaults too (see canonicalLayerData).
   */
  data: LayerData;
  locked: boolean;
  hidden: boolean;
  /** The id of a <clipPath> definition the layer is clipped by, or null. */
  clipPath: string | null;
}

/** Paint of a shape. A fill or stroke may be a colour or `url(#id)` of a gradient definition. */
export interface ShapeStyle {
  /** null: no fill (`fill="none"`). */
  fill: string | null;
  /** null: no stroke. */
  stroke: string | null;
  strokeWidth: number;
}

export interface RectLayer extends LayerCommon, ShapeStyle {
  kind: 'rect';
  /** Corner radii. */
  rx: number;
  ry: number;
}

/** An ellipse filling its box. */
export interface EllipseLayer extends LayerCommon, ShapeStyle {
  kind: 'ellipse';
}

/** A line between two points of its box (local coordinates; width and height follow from them). */
export interface LineLayer extends LayerCommon, ShapeStyle {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A closed polygon; points in local coordinates, their bounding box starting at (0, 0). */
export interface PolygonLayer extends LayerCommon, ShapeStyle {
  kind: 'polygon';
  points: readonly Point[];
}

/** A path; `d` in local coordinates (absolute commands M L C Q A Z), its bounding box starting at (0, 0). */
export interface PathLayer extends LayerCommon, ShapeStyle {
  kind: 'path';
  d: string;
}

/**
 * A picture: a static image (href is a data URL, the only kind the renderer keeps on a plain layer), or
 * the box of a dynamic image layer (slot, logo, blur, copy) showing a placeholder or nothing.
 */
export interface ImageLayer extends LayerCommon {
  kind: 'image';
  href: string | null;
  /** The picture's own size in pixels, when known. */
  naturalWidth: number | null;
  naturalHeight: number | null;
}

export type TextAlign = 'left' | 'center' | 'right' | 'justify';
export type FontStyle = 'normal' | 'italic';

/**
 * A text box. `width` is the box width (at least 20); the renderer breaks lines inside it. `height` is
 * not saved: it is the height of the template string's own lines (see textBoxHeight); the view shows
 * the height its layout gives.
 */
export interface TextLayer extends LayerCommon {
  kind: 'text';
  /** The template string with {placeholders} (the element's `title`). */
  text: string;
  fontFamily: string;
  /** 100 to 900. */
  fontWeight: number;
  fontStyle: FontStyle;
  fontSize: number;
  textAlign: TextAlign;
  /** A multiple of the font size (fabric.js's lineHeight). */
  lineHeight: number;
  fill: string | null;
  /** Auto-fit (shrink to fit the box, down to a minimum size); null, the default: drawn at fontSize. */
  fit: TextFit | null;
}

/**
 * A text's auto-fit rule (the renderer's `data-height` and `data-min-font-size`): the filled text is
 * drawn at the largest whole size from fontSize down to minFontSize at which no word breaks and its lines
 * fit `height`; at minFontSize, lines below the box are left out and the last one ends with an ellipsis.
 */
export interface TextFit {
  /** The box height, above 0. */
  height: number;
  /** The smallest size the text may shrink to, above 0 (at or above fontSize: no shrinking). */
  minFontSize: number;
}

/** The star-rating widget (RATING): five stars in its box, filled to the preview value in the builder. */
export interface RatingLayer extends LayerCommon {
  kind: 'rating';
  /** The preview rating, 1 to 5. The ad shows the item's rating_value. */
  value: number;
  filledColor: string;
  emptyColor: string;
}

/** A group; its members' geometry is in the group's local coordinates. width and height follow from them. */
export interface GroupLayer extends LayerCommon {
  kind: 'group';
  children: readonly ModelLayer[];
}

export type ModelLayer =
  | RectLayer
  | EllipseLayer
  | LineLayer
  | PolygonLayer
  | PathLayer
  | ImageLayer
  | TextLayer
  | RatingLayer
  | GroupLayer;

/** The layer of a kind. */
export type LayerOfKind<K extends LayerKind> = Extract<ModelLayer, { kind: K }>;

export const DEFINITION_ELEMENTS = ['linearGradient', 'radialGradient', 'clipPath'] as const;
export type DefinitionElement = (typeof DEFINITION_ELEMENTS)[number];

/**
 * A gradient or clip path that layers use (template-format.md section 1: they stay when saving), kept as
 * its SVG markup; layers refer to it by id (`url(#id)` in a fill or stroke, or `clipPath`).
 */
export interface ModelDefinition {
  id: string;
  element: DefinitionElement;
  /** The element as XML text, without whitespace between elements. */
  markup: string;
}

/** The builder document: its settings, its layers bottom first, and the definitions they use. */
export interface BuilderModel {
  name: string;
  width: number;
  height: number;
  backgroundColor: string;
  constrainProportions: boolean;
  layers: readonly ModelLayer[];
  definitions: readonly ModelDefinition[];
}

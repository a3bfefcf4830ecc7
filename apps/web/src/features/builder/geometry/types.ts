/** Shapes shared by the builder's geometry functions. All values are canvas units (the template's pixels). */

/** A width and a height, e.g. the canvas's document size or a viewport's size in screen pixels. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** An axis-aligned rectangle; a rotated object is described by its axis-aligned bounding box. */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

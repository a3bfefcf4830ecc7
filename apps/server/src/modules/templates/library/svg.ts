/**
 * The vocabulary the starter designs are written in. Each helper returns one layer of a template: its
 * role (the builder's layer data that its id carries), its name in the layers panel, and its SVG. Ids
 * are given later, from the role, by compose.ts, so a design is a list of decisions, not of ids.
 */
import type { HorizontalAlignment, LayerIdData, VerticalAlignment } from '@adloom/template';

/** A rectangle in the template's user space. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One layer of a design, before it has an id. */
export interface DesignLayer {
  /** The name the builder's layers panel shows. */
  name: string;
  /** The layer data its id carries (template-format.md section 2); empty for a plain layer. */
  role: Partial<LayerIdData>;
  /** The id of a plain layer (one without a dynamic role); a suffix keeps it unique. */
  plainId: string;
  /** A text layer's template string (its `title`); null for every other layer. */
  text: string | null;
  /** The most lines a text layer may take, for the realistic and the longest catalogue values. */
  maxLines: number | null;
  /** The layer's SVG element, given its id. */
  draw(id: string): string;
}

/** Fill, stroke and geometry options shared by shapes. */
export interface ShapeStyle {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  /** Corner radius of a rectangle. */
  radius?: number;
  opacity?: number;
  transform?: string;
  clipPath?: string;
}

/** Type settings of a text layer: a catalogue family and a weight it has. */
export interface TypeStyle {
  family: string;
  weight: number;
  size: number;
  fill: string;
  align?: 'left' | 'center' | 'right';
  /** A multiple of the size, as the builder's line height (default 1.16). */
  lineHeight?: number;
  italic?: boolean;
}

/** A text box: its top-left corner, its width and how many lines it may wrap to. */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  maxLines: number;
  /** Rotates or moves the box with the shapes it belongs to; data-x and data-y are inside it. */
  transform?: string;
}

/** Escapes text for an XML attribute or element. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Numbers as the builder writes them: at most two decimals, no trailing zeros. */
function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** ` name="value"` for every defined value, in order. */
export function attributes(values: Readonly<Record<string, string | number | undefined>>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(
      ([name, value]) => ` ${name}="${escapeXml(typeof value === 'number' ? formatNumber(value) : value)}"`,
    )
    .join('');
}

function shapeAttributes(style: ShapeStyle): Record<string, string | number | undefined> {
  return {
    fill: style.fill,
    stroke: style.stroke,
    'stroke-width': style.strokeWidth,
    opacity: style.opacity,
    transform: style.transform,
    'clip-path': style.clipPath,
  };
}

function plainLayer(plainId: string, name: string, draw: (id: string) => string): DesignLayer {
  return { name, role: {}, plainId, text: null, maxLines: null, draw };
}

function boxAttributes(box: Box, radius: number | undefined): Record<string, number | undefined> {
  return { x: box.x, y: box.y, width: box.width, height: box.height, rx: radius };
}

/** A rectangle: panels, cards, bands, chips. */
export function rect(plainId: string, name: string, box: Box, style: ShapeStyle = {}): DesignLayer {
  return plainLayer(
    plainId,
    name,
    (id) => `<rect${attributes({ id, ...boxAttributes(box, style.radius), ...shapeAttributes(style) })}/>`,
  );
}

/** A circle: stickers, dots, blobs. */
export function circle(
  plainId: string,
  name: string,
  centre: { cx: number; cy: number; r: number },
  style: ShapeStyle = {},
): DesignLayer {
  return plainLayer(
    plainId,
    name,
    (id) => `<circle${attributes({ id, ...centre, ...shapeAttributes(style) })}/>`,
  );
}

/** A path: rules, arrows, bursts, waves. */
export function path(plainId: string, name: string, d: string, style: ShapeStyle = {}): DesignLayer {
  return plainLayer(plainId, name, (id) => `<path${attributes({ id, d, ...shapeAttributes(style) })}/>`);
}

/** Options of an image slot. */
export interface SlotOptions {
  name?: string;
  /** cover (default) fills the box and crops; contain shows the whole image inside it. */
  fit?: 'cover' | 'contain';
  horizontal?: HorizontalAlignment;
  vertical?: VerticalAlignment;
  radius?: number;
  transform?: string;
  clipPath?: string;
}

/**
 * An input-image slot: slot n takes the item's n-th image (image_link, then additional_image_link).
 * Its box is a <rect>, whose corner radius rounds the image; its fill shows only in the builder.
 */
export function imageSlot(slot: number, box: Box, options: SlotOptions = {}): DesignLayer {
  return {
    name: options.name ?? `Product image ${slot}`,
    role: {
      dynamicLayerType: 'IMAGE',
      slotNumber: slot,
      isContain: options.fit === 'contain',
      dynamicLayerHorizontalAlignment: options.horizontal ?? 'CENTER',
      dynamicLayerVerticalAlignment: options.vertical ?? 'MIDDLE',
    },
    plainId: 'slot',
    text: null,
    maxLines: null,
    draw: (id) =>
      `<rect${attributes({
        id,
        ...boxAttributes(box, options.radius),
        fill: '#d9d6d0',
        transform: options.transform,
        'clip-path': options.clipPath,
      })}/>`,
  };
}

/** The first input image, blurred, covering the box (MAIN_BLUR): a background that suits any product. */
export function blurredBackground(box: Box): DesignLayer {
  return {
    name: 'Blurred background',
    role: { dynamicLayerType: 'BLUR' },
    plainId: 'blur',
    text: null,
    maxLines: null,
    draw: (id) => `<rect${attributes({ id, ...boxAttributes(box, undefined), fill: '#cfcac2' })}/>`,
  };
}

/** The brand's logo (LOGO_MAIN), contained and centred in the box. */
export function logo(box: Box): DesignLayer {
  return {
    name: 'Logo',
    role: { dynamicLayerType: 'LOGO_MAIN' },
    plainId: 'brand-logo',
    text: null,
    maxLines: null,
    draw: (id) => `<image${attributes({ id, ...boxAttributes(box, undefined) })}/>`,
  };
}

/**
 * Five stars filled to rating_value (RATING). A star is about a sixth of the box's width, so the box's
 * width sets the size; the layer disappears when the item has no rating.
 */
export function starRating(box: Box, colours: { filled: string; empty: string }): DesignLayer {
  return {
    name: 'Star rating',
    role: { widgetType: 'RATING' },
    plainId: 'rating',
    text: null,
    maxLines: null,
    draw: (id) =>
      `<rect${attributes({ id, ...boxAttributes(box, undefined), fill: colours.filled, 'data-empty-fill': colours.empty })}/>`,
  };
}

/**
 * A text layer: the template string in `title` ({key|filter} placeholders), laid out by the renderer in
 * the box with the builder's attributes. The element's own text is the template string too, so a plain
 * SVG viewer shows what the layer holds.
 */
export function text(
  plainId: string,
  name: string,
  template: string,
  box: TextBox,
  type: TypeStyle,
): DesignLayer {
  return {
    name,
    role: {},
    plainId,
    text: template,
    maxLines: box.maxLines,
    draw: (id) =>
      `<text${attributes({
        id,
        title: template,
        'data-x': box.x,
        'data-y': box.y,
        'data-width': box.width,
        'data-align': type.align ?? 'left',
        'data-line-height': type.lineHeight,
        'font-family': type.family,
        'font-weight': type.weight,
        'font-style': type.italic ? 'italic' : undefined,
        'font-size': type.size,
        fill: type.fill,
        transform: box.transform,
      })}>${escapeXml(template)}</text>`,
  };
}

/** The top of a one-line text box whose capitals are centred on `centreY` (first baseline 0.879 × size). */
export function textTopForCentre(centreY: number, size: number, capHeight = 0.7): number {
  return centreY + (capHeight * size) / 2 - 0.879 * size;
}

/** Shown only when the item is on sale (is_sale): a SALE layer. */
export function onSale(layer: DesignLayer): DesignLayer {
  return { ...layer, role: { ...layer.role, isSale: true } };
}

/** Shown only when fewer than 10 are in stock (stock_level_less_than_10). */
export function whenFewerThan10(layer: DesignLayer): DesignLayer {
  return { ...layer, role: { ...layer.role, stockLevelLessThan10: true } };
}

/** Painted in the input's colour (COLOR_PRIMARY), or in a metadata key's colour when `source` is given. */
export function inPrimaryColour(layer: DesignLayer, source: string | null = null): DesignLayer {
  return { ...layer, role: { ...layer.role, isDynamicColor: true, dynamicColorSource: source } };
}

/** A linear gradient for <defs>; the direction runs from (x1, y1) to (x2, y2) of the shape's box. */
export function linearGradient(
  id: string,
  stops: ReadonlyArray<readonly [offset: number, color: string, opacity?: number]>,
  direction: { x1: number; y1: number; x2: number; y2: number } = { x1: 0, y1: 0, x2: 0, y2: 1 },
): string {
  return (
    `<linearGradient${attributes({ id, ...direction })}>` +
    stops
      .map(
        ([offset, color, opacity]) =>
          `<stop${attributes({ offset, 'stop-color': color, 'stop-opacity': opacity })}/>`,
      )
      .join('') +
    `</linearGradient>`
  );
}

/** A clip path for <defs> (arched or shaped image slots). */
export function clipPath(id: string, d: string): string {
  return `<clipPath${attributes({ id })}><path${attributes({ d })}/></clipPath>`;
}

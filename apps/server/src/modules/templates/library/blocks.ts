/**
 * Blocks the starter designs share: badges with a centred label, and the price that turns into the
 * sale price when the item is on sale. Each block is a few layers of svg.ts.
 */
import {
  circle,
  onSale,
  rect,
  text,
  textTopForCentre,
  type Box,
  type DesignLayer,
  type TypeStyle,
} from './svg.js';

type LabelStyle = Omit<TypeStyle, 'align'>;

/** A pill (a rectangle with round ends) and its one-line label, centred. */
export function pill(
  plainId: string,
  name: string,
  box: Box,
  fill: string,
  label: string,
  type: LabelStyle,
): DesignLayer[] {
  return [
    rect(plainId, name, box, { fill, radius: box.height / 2 }),
    text(
      `${plainId}-label`,
      `${name} label`,
      label,
      { x: box.x, y: textTopForCentre(box.y + box.height / 2, type.size), width: box.width, maxLines: 1 },
      { ...type, align: 'center' },
    ),
  ];
}

/** One line of a round badge: its template string, type, and where its capitals are centred. */
export interface BadgeLine {
  template: string;
  type: LabelStyle;
  centreY: number;
}

/** A round sticker with one or more centred lines. */
export function roundBadge(
  plainId: string,
  name: string,
  centre: { cx: number; cy: number; r: number },
  fill: string,
  lines: readonly BadgeLine[],
): DesignLayer[] {
  const width = centre.r * 1.7;
  return [
    circle(plainId, name, centre, { fill }),
    ...lines.map((line, index) =>
      text(
        `${plainId}-line-${index + 1}`,
        `${name} line ${index + 1}`,
        line.template,
        {
          x: centre.cx - width / 2,
          y: textTopForCentre(line.centreY, line.type.size),
          width,
          maxLines: 1,
        },
        { ...line.type, align: 'center' },
      ),
    ),
  ];
}

/** A line of a price block: its template string and type; `y` is the top of its box. */
export interface PriceLine {
  template: string;
  type: TypeStyle;
  y: number;
}

/** The price, and what replaces it on sale. */
export interface PriceSwap {
  x: number;
  width: number;
  /** Always drawn: the regular price. */
  regular: PriceLine;
  /**
   * On sale, `cover` hides the regular price (it is painted in the colour behind it) and `sale` lines
   * (the sale price, then a "was" or "save" line) take its place.
   */
  cover: { box: Box; fill: string; radius?: number };
  sale: readonly PriceLine[];
}

/** The price block: the regular price, and on sale (SALE layers) the sale price and its notes over it. */
export function priceSwap(block: PriceSwap): DesignLayer[] {
  const line = (plainId: string, name: string, priceLine: PriceLine) =>
    text(
      plainId,
      name,
      priceLine.template,
      { x: block.x, y: priceLine.y, width: block.width, maxLines: 1 },
      priceLine.type,
    );
  const saleNames = ['Sale price', 'Sale note', 'Sale note 2'];
  return [
    line('price', 'Price', block.regular),
    onSale(
      rect('price-cover', 'Price cover', block.cover.box, {
        fill: block.cover.fill,
        radius: block.cover.radius,
      }),
    ),
    ...block.sale.map((saleLine, index) =>
      onSale(line(`sale-price-${index + 1}`, saleNames[index] ?? `Sale line ${index + 1}`, saleLine)),
    ),
  ];
}

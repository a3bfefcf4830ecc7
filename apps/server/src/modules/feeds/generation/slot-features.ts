/**
 * Slot features applied before rendering (issue 5; template-format.md section 4: "generation applies
 * them to that slot's input image before rendering"):
 *
 * - removeBorders / removeBordersHard: trim a uniform border (a frame, a wide white margin) with sharp's
 *   trim, which compares against the top-left pixel. Soft uses a threshold of 10 (sharp's default, on the
 *   0–255 scale): it takes pure white or pure colour frames and JPEG noise on them, and keeps pale
 *   products (a #e8e8e8 product on white is 23 away, so it stays). Hard uses 40: it also takes off-white
 *   or light grey frames, scanner noise and JPEG ringing next to the product, at the price of eating
 *   into products that are within 40 of the frame colour (a light grey item on white can be trimmed
 *   away entirely, in which case sharp keeps the image whole). When both are set, hard wins.
 * - removeBackground: see removePlainBackground (its limits are listed there).
 * - isContain (contain or cover), horizontalAlignment and verticalAlignment (where the image sits in
 *   the slot): not image operations; applySlotLayoutToTemplate rewrites the slot's id.
 *
 * Also here: removeLogoLayers, for clients whose brand kit has no logo.
 */
import { MAX_IMAGE_PIXELS, parseXml, serializeXml, type XmlElement, type XmlNode } from '@adloom/renderer';
import {
  formatLayerId,
  HORIZONTAL_ALIGNMENTS,
  isLogoLayerId,
  parseLayerId,
  sortMainSlotIds,
  VERTICAL_ALIGNMENTS,
  type HorizontalAlignment,
  type VerticalAlignment,
} from '@adloom/template';
import sharp, { type OutputInfo, type Sharp } from 'sharp';

/** sharp trim thresholds (0–255 scale) of removeBorders and removeBordersHard. */
export const TRIM_THRESHOLD = { soft: 10, hard: 40 } as const;

/**
 * removeBackground: a pixel is background when every channel is within this of the background colour
 * (JPEG noise on a flat backdrop is a few units; a light grey product on white is 20+ away).
 */
export const BACKGROUND_TOLERANCE = 24;
/** removeBackground: the share of border pixels that must be background-coloured to call it plain. */
export const BORDER_UNIFORMITY = 0.9;
/** removeBackground works on at most this many pixels on the long side (the largest template is 3000). */
export const BACKGROUND_WORKING_SIZE = 3000;

/** Default decode limit: the renderer's one pixel limit. */
const DEFAULT_MAX_PIXELS = MAX_IMAGE_PIXELS;

/** The result of applying features to one input image. */
export interface ProcessedImage {
  bytes: Buffer;
  /** False when the image came back as it went in (same bytes). */
  changed: boolean;
  /** Why a requested feature left the image as it was (e.g. a background that is not plain). */
  notes: string[];
}

/** True when a flat feature map sets `key` ('true' in any case). */
export function featureOn(features: Readonly<Record<string, string>>, key: string): boolean {
  return Object.hasOwn(features, key) && features[key]?.trim().toLowerCase() === 'true';
}

function decoder(bytes: Uint8Array, maxPixels: number): Sharp {
  return sharp(bytes, { limitInputPixels: maxPixels, autoOrient: true });
}

/** Opaque images as JPEG quality 95 without chroma subsampling (as the renderer embeds them), else PNG. */
function encodeLike(pipeline: Sharp, hasAlpha: boolean): Promise<{ data: Buffer; info: OutputInfo }> {
  return (
    hasAlpha
      ? pipeline.png({ compressionLevel: 1 })
      : pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
  ).toBuffer({ resolveWithObject: true });
}

/** Trims a uniform border (sharp trim against the top-left pixel); unchanged when nothing was trimmed. */
export async function trimBorders(
  bytes: Buffer,
  threshold: number,
  maxPixels = DEFAULT_MAX_PIXELS,
): Promise<{ bytes: Buffer; changed: boolean; width: number; height: number }> {
  const metadata = await decoder(bytes, maxPixels).metadata();
  // The size as displayed (EXIF orientations 5–8 swap width and height), as decoded with autoOrient.
  const { width, height } = metadata.autoOrient;
  const { data, info } = await encodeLike(decoder(bytes, maxPixels).trim({ threshold }), metadata.hasAlpha);
  if (info.width === width && info.height === height) return { bytes, changed: false, width, height };
  return { bytes: data, changed: true, width: info.width, height: info.height };
}

/**
 * Makes a plain, near-uniform background transparent, for packshots (a product photographed on white or
 * on one flat colour). Output PNG.
 *
 * How: the background colour is the per-channel median of the outermost ring of pixels. If fewer than
 * 90 % of those pixels are within 24 (per channel) of it, the background is not plain and the image is
 * left unchanged, with a note saying so. Otherwise background is flood-filled from the edges (4-connected,
 * each pixel within 24 of the background colour), so pixels of the same colour inside the product that
 * the fill cannot reach stay opaque; then the mask's edge is softened by one pixel (a product pixel's alpha
 * is the share of product pixels around it in 3 × 3), so the cut-out is not jagged.
 *
 * Limits (what it cannot do; a segmentation model would be needed for these):
 * - Shadows: a drop or contact shadow darker than the tolerance stays as a grey patch under the product;
 *   a faint one is removed in part, with a ragged edge.
 * - White (or background-coloured) products on white: where the product's edge is within the tolerance
 *   of the background, the fill runs into the product and eats it (a white shirt loses its edges or more).
 * - Textured, gradient, vignetted or photographic backgrounds: the border is not uniform, so nothing is
 *   removed (a note says so); a gentle gradient passes the check but keeps its darker parts.
 * - Holes enclosed by the product (a mug's handle, the inside of a ring) keep the background colour,
 *   because the fill only reaches what is connected to the edge.
 * - The edge keeps its colours: a light fringe can remain around a product cut from a white background.
 * - Images already transparent at the border are left as they are.
 */
export async function removePlainBackground(
  bytes: Buffer,
  maxPixels = DEFAULT_MAX_PIXELS,
): Promise<{ bytes: Buffer; changed: boolean; note?: string }> {
  const { data, info } = await decoder(bytes, maxPixels)
    .resize({
      width: BACKGROUND_WORKING_SIZE,
      height: BACKGROUND_WORKING_SIZE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  if (info.channels !== 4)
    throw new Error(`removeBackground: expected RGBA pixels, got ${info.channels} channels`);
  if (width < 3 || height < 3)
    return { bytes, changed: false, note: 'the image is too small to have a background' };

  const border: number[] = [];
  for (let x = 0; x < width; x += 1) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y += 1) border.push(y * width, y * width + width - 1);

  const transparent = border.filter((pixel) => (data[pixel * 4 + 3] as number) < 128).length;
  if (transparent > border.length / 2) {
    return { bytes, changed: false, note: 'the image already has a transparent background' };
  }
  const background = [0, 1, 2].map((channel) =>
    median(border.map((pixel) => data[pixel * 4 + channel] as number)),
  );
  const near = (pixel: number): boolean => {
    const at = pixel * 4;
    return (
      Math.abs((data[at] as number) - (background[0] as number)) <= BACKGROUND_TOLERANCE &&
      Math.abs((data[at + 1] as number) - (background[1] as number)) <= BACKGROUND_TOLERANCE &&
      Math.abs((data[at + 2] as number) - (background[2] as number)) <= BACKGROUND_TOLERANCE
    );
  };
  const plainShare = border.filter(near).length / border.length;
  if (plainShare < BORDER_UNIFORMITY) {
    const hex = `#${background.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
    return {
      bytes,
      changed: false,
      note:
        `background not removed: the border is not a plain colour (${Math.round(plainShare * 100)} % of it is ` +
        `near ${hex}, ${Math.round(BORDER_UNIFORMITY * 100)} % needed)`,
    };
  }

  // Flood fill from every background-coloured border pixel.
  const total = width * height;
  const isBackground = new Uint8Array(total);
  const queue = new Int32Array(total);
  let head = 0;
  let tail = 0;
  for (const pixel of border) {
    if (!isBackground[pixel] && near(pixel)) {
      isBackground[pixel] = 1;
      queue[tail++] = pixel;
    }
  }
  while (head < tail) {
    const pixel = queue[head++] as number;
    const x = pixel % width;
    const neighbours = [
      x > 0 ? pixel - 1 : -1,
      x < width - 1 ? pixel + 1 : -1,
      pixel >= width ? pixel - width : -1,
      pixel + width < total ? pixel + width : -1,
    ];
    for (const next of neighbours) {
      if (next >= 0 && !isBackground[next] && near(next)) {
        isBackground[next] = 1;
        queue[tail++] = next;
      }
    }
  }
  if (tail >= total * 0.995) {
    return { bytes, changed: false, note: 'background not removed: the image is a single plain colour' };
  }

  // Alpha: 0 on background; on the product, the share of product pixels in its 3 × 3 neighbourhood.
  const out = Buffer.from(data);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const pixel = y * width + x;
      let alpha = 0;
      if (!isBackground[pixel]) {
        let inside = 0;
        let product = 0;
        for (let dy = -1; dy <= 1; dy += 1) {
          const ny = y + dy;
          if (ny < 0 || ny >= height) continue;
          for (let dx = -1; dx <= 1; dx += 1) {
            const nx = x + dx;
            if (nx < 0 || nx >= width) continue;
            inside += 1;
            if (!isBackground[ny * width + nx]) product += 1;
          }
        }
        alpha = Math.round((255 * product) / inside);
      }
      out[pixel * 4 + 3] = Math.min(out[pixel * 4 + 3] as number, alpha);
    }
  }
  const png = await sharp(out, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { bytes: png, changed: true };
}

function median(values: number[]): number {
  const counts = new Uint32Array(256);
  for (const value of values) counts[value] = (counts[value] as number) + 1;
  let seen = 0;
  for (let value = 0; value < 256; value += 1) {
    seen += counts[value] as number;
    if (seen * 2 >= values.length) return value;
  }
  return 255;
}

/**
 * Applies a slot's image features (removeBordersHard or removeBorders, then removeBackground) to one
 * input image. Features that do not touch pixels (isContain, alignment, slideshow options) are ignored
 * here. Throws sharp's error for bytes it cannot decode.
 */
export async function applySlotFeatures(
  bytes: Buffer,
  features: Readonly<Record<string, string>>,
  options: { maxPixels?: number } = {},
): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  let current = bytes;
  let changed = false;
  const notes: string[] = [];
  const threshold = featureOn(features, 'removeBordersHard')
    ? TRIM_THRESHOLD.hard
    : featureOn(features, 'removeBorders')
      ? TRIM_THRESHOLD.soft
      : undefined;
  if (threshold !== undefined) {
    const trimmed = await trimBorders(current, threshold, maxPixels);
    if (trimmed.changed) {
      current = trimmed.bytes;
      changed = true;
    } else {
      notes.push('borders not removed: the image has no uniform border');
    }
  }
  if (featureOn(features, 'removeBackground')) {
    const removed = await removePlainBackground(current, maxPixels);
    if (removed.changed) {
      current = removed.bytes;
      changed = true;
    }
    if (removed.note) notes.push(removed.note);
  }
  return { bytes: current, changed, notes };
}

function walk(node: XmlElement, visit: (node: XmlElement) => void): void {
  visit(node);
  for (const child of node.children) if (child.type === 'element') walk(child, visit);
}

/** A template after a rewrite. */
export interface RewrittenTemplate {
  templateString: string;
  changed: boolean;
  /** Why a requested rewrite was not made. */
  note?: string;
}

/** How a slot places its image: contain or cover, and where the image sits in the slot's box. */
export interface SlotLayout {
  isContain?: boolean;
  horizontalAlignment?: HorizontalAlignment;
  verticalAlignment?: VerticalAlignment;
}

/**
 * The layout a flat feature map asks for: `isContain` ('true'/'false'), `horizontalAlignment` (LEFT,
 * CENTER, RIGHT) and `verticalAlignment` (TOP, MIDDLE, BOTTOM), any case. Absent or unknown values ask
 * for nothing (notes name the unknown ones).
 */
export function slotLayoutOf(features: Readonly<Record<string, string>>): {
  layout: SlotLayout;
  notes: string[];
} {
  const layout: SlotLayout = {};
  const notes: string[] = [];
  if (Object.hasOwn(features, 'isContain')) layout.isContain = featureOn(features, 'isContain');
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    if (!Object.hasOwn(features, key)) return undefined;
    const value = features[key]!.trim().toUpperCase();
    if ((allowed as readonly string[]).includes(value)) return value as T;
    notes.push(`${key} '${features[key]}' is not one of ${allowed.join(', ')}: left as designed`);
    return undefined;
  };
  const horizontal = pick('horizontalAlignment', HORIZONTAL_ALIGNMENTS);
  const vertical = pick('verticalAlignment', VERTICAL_ALIGNMENTS);
  if (horizontal) layout.horizontalAlignment = horizontal;
  if (vertical) layout.verticalAlignment = vertical;
  return { layout, notes };
}

/**
 * Makes the renderer place one slot's image as `layout` says (contain or cover; left, centre or right;
 * top, middle or bottom), by rewriting the slot's layer id with parseLayerId/formatLayerId
 * (MAIN_001 → MAIN_001_CONTAIN_LEFT_TOP; MAIN_SLOT:x;…;SCALE:fill ↔ SCALE:fit). Unchanged (same text) when
 * the id already says so.
 *
 * Left as designed, with a note: legacy slot ids (any other id starting with MAIN): their fit is the
 * loose rule "contains CONTAIN", and adding or removing that word can move the slot in the alphabetical
 * input order, so the slot would take another image; an alignment the id's form cannot carry (a named
 * slot has only SCALE); a rewrite that would collide with another id or change the slot's position in
 * input order. The rewritten template is re-serialised (comments and the XML declaration are dropped; the
 * renderer ignores both).
 */
export function applySlotLayoutToTemplate(
  templateString: string,
  slotId: string,
  layout: SlotLayout,
): RewrittenTemplate {
  const unchanged = (note?: string): RewrittenTemplate => ({
    templateString,
    changed: false,
    ...(note ? { note } : {}),
  });
  const info = parseLayerId(slotId);
  if (info.kind === 'legacy' && info.role === 'slot') {
    const legacyContain = slotId.includes('CONTAIN');
    const asked = layout.isContain !== undefined && layout.isContain !== legacyContain;
    const aligned = layout.horizontalAlignment !== undefined || layout.verticalAlignment !== undefined;
    return asked || aligned
      ? unchanged(
          `slot ${slotId} has a legacy id: its fit (${legacyContain ? 'contain' : 'cover'}) and placement stay as designed`,
        )
      : unchanged();
  }
  if (info.kind !== 'slot' && info.kind !== 'namedSlot')
    return unchanged(`${slotId} is not an image slot id`);
  const wanted = { ...info.features, ...layout };
  const newId = formatLayerId({ ...info, features: wanted });
  const written = parseLayerId(newId);
  const kept =
    (written.kind === 'slot' || written.kind === 'namedSlot') &&
    written.features.isContain === wanted.isContain &&
    written.features.horizontalAlignment === wanted.horizontalAlignment &&
    written.features.verticalAlignment === wanted.verticalAlignment;
  if (!kept) return unchanged(`slot ${slotId} cannot carry that placement in its id: left as designed`);
  if (newId === slotId) return unchanged();

  const root = parseXml(templateString);
  const ids: string[] = [];
  let target: XmlElement | undefined;
  walk(root, (node) => {
    const id = node.attributes.id;
    if (id === undefined) return;
    ids.push(id);
    if (id === slotId) target ??= node;
  });
  if (!target) return unchanged(`slot ${slotId} is not in the template`);
  const before = sortMainSlotIds(ids);
  const after = sortMainSlotIds(ids.map((id) => (id === slotId ? newId : id)));
  if (ids.includes(newId) || before.indexOf(slotId) !== after.indexOf(newId)) {
    return unchanged(`slot ${slotId} cannot become ${newId} without changing which image it takes`);
  }
  const overrides = new Map([[target, { id: newId }]]);
  return { templateString: serializeXml(root, overrides), changed: true };
}

/** Contain (`isContain` true) or cover only: applySlotLayoutToTemplate with just the fit. */
export function applyFitToTemplate(
  templateString: string,
  slotId: string,
  isContain: boolean,
): RewrittenTemplate {
  return applySlotLayoutToTemplate(templateString, slotId, { isContain });
}

/**
 * Removes every logo layer (an id starting with `logo` in any case), for a client without a logo: the
 * renderer would otherwise refuse the whole ad with 'Could not find logo for layer id=…'.
 */
export function removeLogoLayers(templateString: string): RewrittenTemplate & { removed: number } {
  const root = parseXml(templateString);
  let removed = 0;
  const prune = (node: XmlElement): XmlElement => {
    const children = node.children.flatMap((child): XmlNode[] => {
      if (child.type !== 'element') return [child];
      const id = child.attributes.id;
      if (id !== undefined && isLogoLayerId(id)) {
        removed += 1;
        return [];
      }
      return [prune(child)];
    });
    return { ...node, children };
  };
  const pruned = prune(root);
  return removed === 0
    ? { templateString, changed: false, removed }
    : { templateString: serializeXml(pruned), changed: true, removed };
}

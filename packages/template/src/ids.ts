/**
 * Layer identifiers (template-format.md section 2): the one parser and formatter of the `id` grammar.
 *
 * parseLayerId is total and never throws: ids outside the canonical grammar come back as `legacy`
 * (the renderer's loose prefix rules still give them a role) or `plain`. formatLayerId writes the
 * canonical form only, so formatLayerId(parseLayerId(id)) === id exactly for canonical ids and
 * normalises every other id.
 */
import { BUILDER } from './constants.js';

export type HorizontalAlignment = 'LEFT' | 'CENTER' | 'RIGHT';
export type VerticalAlignment = 'TOP' | 'MIDDLE' | 'BOTTOM';
export type SlotType = 'IMAGE' | 'SLIDESHOW' | 'VIDEO';

export const HORIZONTAL_ALIGNMENTS: readonly HorizontalAlignment[] = ['LEFT', 'CENTER', 'RIGHT'];
export const VERTICAL_ALIGNMENTS: readonly VerticalAlignment[] = ['TOP', 'MIDDLE', 'BOTTOM'];

/** Options of a slideshow or video slot: seconds per slide, transition seconds, most slides. */
export interface SlideshowOptions {
  slideDuration: number;
  transition: number;
  maxSlides: number;
}

export type SlotMedia = { type: 'IMAGE' } | { type: 'SLIDESHOW' | 'VIDEO'; options: SlideshowOptions };

/** Everything an input-image slot id says about how its image is prepared and placed. */
export interface SlotFeatures {
  media: SlotMedia;
  isContain: boolean;
  horizontalAlignment: HorizontalAlignment;
  verticalAlignment: VerticalAlignment;
  removeBackground: boolean;
  removeBorders: boolean;
  removeBordersHard: boolean;
}

/** A role that only the renderer's loose prefix rules give to a non-canonical id. */
export type LegacyRole = 'slot' | 'logo' | 'sale' | 'stockLevelLessThan10' | 'stockLevelLessThan50';

/** What a layer id means; `suffix` is the `_n` that keeps ids unique and means nothing else. */
export type LayerIdInfo =
  | { kind: 'slot'; number: number; features: SlotFeatures }
  | { kind: 'namedSlot'; name: string; features: SlotFeatures }
  | { kind: 'blur'; suffix: number | null }
  | { kind: 'copy'; suffix: number | null }
  | { kind: 'logo'; suffix: number | null }
  | { kind: 'rating'; suffix: number | null }
  | {
      /** A text or shape that is conditional (sale, stock levels) and/or recoloured. */
      kind: 'flags';
      sale: boolean;
      stockLevelLessThan10: boolean;
      stockLevelLessThan50: boolean;
      /** null: not recoloured; source null: inputs[0].color; else the metadata key. */
      color: { source: string | null } | null;
      suffix: number | null;
    }
  | { kind: 'legacy'; role: LegacyRole; id: string }
  | { kind: 'plain'; id: string };

/** Slot features when the id says nothing: cover, centred, no clean-up, a single image. */
export function defaultSlotFeatures(): SlotFeatures {
  return {
    media: { type: 'IMAGE' },
    isContain: false,
    horizontalAlignment: 'CENTER',
    verticalAlignment: 'MIDDLE',
    removeBackground: false,
    removeBorders: false,
    removeBordersHard: false,
  };
}

/** Slideshow options of spec section 9 (2 s per slide, 0.3 s transition, 4 slides). */
export function defaultSlideshowOptions(): SlideshowOptions {
  return { ...BUILDER.slideshow };
}

// A suffix is at most six digits: longer runs would not survive a round trip through a number.
const SUFFIX = '(?:_([1-9]\\d{0,5}))?';
const BLUR_RE = new RegExp(`^MAIN_BLUR${SUFFIX}$`);
const COPY_RE = new RegExp(`^MAIN_COPY${SUFFIX}$`);
const LOGO_RE = new RegExp(`^LOGO_MAIN${SUFFIX}$`);
const RATING_RE = new RegExp(`^RATING${SUFFIX}$`);
// Flags come in this fixed order, joined by `_`; `(?:^|_)` lets any of them be the first one.
const FLAGS_RE = new RegExp(
  '^(?!_)((?:^|_)SALE)?((?:^|_)STOCK_LEVEL_LESS_THAN_10)?((?:^|_)STOCK_LEVEL_LESS_THAN_50)?' +
    `((?:^|_)COLOR_PRIMARY)?${SUFFIX}$`,
);
// BORDERS_HARD before BORDERS so the longer token wins.
const SLOT_TOKEN = 'CONTAIN|LEFT|CENTER|RIGHT|TOP|MIDDLE|BOTTOM|REMBG|BORDERS_HARD|BORDERS';
const NUMBERED_SLOT_RE = new RegExp(
  `^MAIN_(\\d{3})((?:_(?:${SLOT_TOKEN}))*)(?:_(SLIDESHOW|VIDEO)(?:\\[([^\\]]*)\\])?)?$`,
);
const SLOT_TOKEN_RE = new RegExp(`_(${SLOT_TOKEN})`, 'g');
const NAMED_SLOT_PREFIX = 'MAIN_SLOT:';
const DECIMAL_RE = /^\d+(?:\.\d+)?$/;
const INTEGER_RE = /^\d+$/;
// Not followed by a digit: STOCK_LEVEL_LESS_THAN_100 is not the 10 flag.
const STOCK_RE = /^STOCK_LEVEL_LESS_THAN_(10|50)(?!\d)/;

/** Control characters would not survive an XML attribute unchanged. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function suffixOf(match: RegExpExecArray, group: number): number | null {
  const text = match[group];
  return text === undefined ? null : Number(text);
}

function parseDecimal(text: string): number | undefined {
  if (!DECIMAL_RE.test(text)) return undefined;
  // A number that would be written back in exponent form (1e-7, 1e+21) cannot round-trip.
  const number = Number(text);
  return DECIMAL_RE.test(String(number)) ? number : undefined;
}

function validSlideshowOptions(options: SlideshowOptions): boolean {
  return (
    Number.isFinite(options.slideDuration) &&
    options.slideDuration > 0 &&
    Number.isFinite(options.transition) &&
    options.transition >= 0 &&
    Number.isSafeInteger(options.maxSlides) &&
    options.maxSlides >= 1
  );
}

/** Reads `d=2;t=0.3;n=4` in any order, missing keys at their defaults; undefined when malformed. */
function parseBracketOptions(text: string | undefined): SlideshowOptions | undefined {
  const options = defaultSlideshowOptions();
  if (text === undefined || text.trim() === '') return options;
  for (const pair of text.split(';')) {
    const [key, value, extra] = pair.split('=').map((part) => part.trim());
    if (value === undefined || extra !== undefined) return undefined;
    const number = key === 'n' ? (INTEGER_RE.test(value) ? Number(value) : undefined) : parseDecimal(value);
    if (number === undefined) return undefined;
    if (key === 'd') options.slideDuration = number;
    else if (key === 't') options.transition = number;
    else if (key === 'n') options.maxSlides = number;
    else return undefined;
  }
  return validSlideshowOptions(options) ? options : undefined;
}

function parseNumberedSlot(id: string): LayerIdInfo | undefined {
  const match = NUMBERED_SLOT_RE.exec(id);
  if (!match) return undefined;
  const features = defaultSlotFeatures();
  // Tokens may come in any order when read; a later alignment overrides an earlier one.
  for (const [, token] of (match[2] ?? '').matchAll(SLOT_TOKEN_RE)) {
    if (token === 'CONTAIN') features.isContain = true;
    else if (token === 'REMBG') features.removeBackground = true;
    else if (token === 'BORDERS') features.removeBorders = true;
    else if (token === 'BORDERS_HARD') features.removeBordersHard = true;
    else if (token === 'LEFT' || token === 'CENTER' || token === 'RIGHT')
      features.horizontalAlignment = token;
    else if (token === 'TOP' || token === 'MIDDLE' || token === 'BOTTOM') features.verticalAlignment = token;
  }
  const mediaType = match[3];
  if (mediaType === 'SLIDESHOW' || mediaType === 'VIDEO') {
    const options = parseBracketOptions(match[4]);
    if (!options) return undefined;
    features.media = { type: mediaType, options };
  }
  return { kind: 'slot', number: Number(match[1]), features };
}

function parseBoolean(value: string): boolean | undefined {
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

/** `MAIN_SLOT:<name>;KEY:value;...`; undefined when a key or value is not understood. */
function parseNamedSlot(id: string): LayerIdInfo | undefined {
  if (!id.startsWith(NAMED_SLOT_PREFIX)) return undefined;
  const [name, ...pairs] = id.slice(NAMED_SLOT_PREFIX.length).split(';');
  if (name === undefined || name === '' || hasControlCharacter(name)) return undefined;
  const features = defaultSlotFeatures();
  const options = defaultSlideshowOptions();
  let type: SlotType = 'IMAGE';
  for (const pair of pairs) {
    const colon = pair.indexOf(':');
    if (colon === -1) return undefined;
    const key = pair.slice(0, colon);
    const value = pair.slice(colon + 1);
    if (key === 'REMBG' || key === 'BORDERS' || key === 'BORDERS_HARD') {
      const flag = parseBoolean(value);
      if (flag === undefined) return undefined;
      if (key === 'REMBG') features.removeBackground = flag;
      else if (key === 'BORDERS') features.removeBorders = flag;
      else features.removeBordersHard = flag;
    } else if (key === 'SCALE') {
      const scale = value.toLowerCase();
      if (scale !== 'fill' && scale !== 'fit') return undefined;
      features.isContain = scale === 'fit';
    } else if (key === 'HALIGN' && (HORIZONTAL_ALIGNMENTS as readonly string[]).includes(value)) {
      features.horizontalAlignment = value as HorizontalAlignment;
    } else if (key === 'VALIGN' && (VERTICAL_ALIGNMENTS as readonly string[]).includes(value)) {
      features.verticalAlignment = value as VerticalAlignment;
    } else if (key === 'TYPE' && (value === 'IMAGE' || value === 'SLIDESHOW' || value === 'VIDEO')) {
      type = value;
    } else if (key === 'D' || key === 'T') {
      const number = parseDecimal(value);
      if (number === undefined) return undefined;
      if (key === 'D') options.slideDuration = number;
      else options.transition = number;
    } else if (key === 'N' && INTEGER_RE.test(value)) {
      options.maxSlides = Number(value);
    } else {
      return undefined;
    }
  }
  if (type !== 'IMAGE') {
    if (!validSlideshowOptions(options)) return undefined;
    features.media = { type, options };
  }
  return { kind: 'namedSlot', name, features };
}

function parseFlags(id: string): LayerIdInfo | undefined {
  const colon = id.indexOf(':');
  const head = colon === -1 ? id : id.slice(0, colon);
  const source = colon === -1 ? null : id.slice(colon + 1);
  const match = FLAGS_RE.exec(head);
  if (!match || !(match[1] || match[2] || match[3] || match[4])) return undefined;
  // A metadata key only makes sense after COLOR_PRIMARY, and an empty one is a typo.
  if (source !== null && (!match[4] || source === '' || hasControlCharacter(source))) return undefined;
  return {
    kind: 'flags',
    sale: Boolean(match[1]),
    stockLevelLessThan10: Boolean(match[2]),
    stockLevelLessThan50: Boolean(match[3]),
    color: match[4] ? { source } : null,
    suffix: suffixOf(match, 5),
  };
}

function legacyRole(id: string): LegacyRole | undefined {
  if (id.startsWith('MAIN')) return 'slot';
  if (/^logo/i.test(id)) return 'logo';
  if (/^sale/i.test(id)) return 'sale';
  const stock = STOCK_RE.exec(id);
  if (stock) return stock[1] === '10' ? 'stockLevelLessThan10' : 'stockLevelLessThan50';
  return undefined;
}

/** Reads what a layer id means; never throws (unknown ids are `plain`, loose ones `legacy`). */
export function parseLayerId(id: string): LayerIdInfo {
  let match = BLUR_RE.exec(id);
  if (match) return { kind: 'blur', suffix: suffixOf(match, 1) };
  match = COPY_RE.exec(id);
  if (match) return { kind: 'copy', suffix: suffixOf(match, 1) };
  match = LOGO_RE.exec(id);
  if (match) return { kind: 'logo', suffix: suffixOf(match, 1) };
  match = RATING_RE.exec(id);
  if (match) return { kind: 'rating', suffix: suffixOf(match, 1) };
  const structured = parseNumberedSlot(id) ?? parseNamedSlot(id) ?? parseFlags(id);
  if (structured) return structured;
  const role = legacyRole(id);
  return role ? { kind: 'legacy', role, id } : { kind: 'plain', id };
}

function formatSuffix(suffix: number | null): string {
  if (suffix === null) return '';
  if (!Number.isSafeInteger(suffix) || suffix < 1 || suffix > 999_999) {
    throw new RangeError(`Layer id suffix must be an integer from 1 to 999999, got ${suffix}`);
  }
  return `_${suffix}`;
}

function formatDecimal(value: number, what: string): string {
  const text = String(value);
  if (!DECIMAL_RE.test(text)) throw new RangeError(`${what} must be written as a plain decimal, got ${text}`);
  return text;
}

function checkSlideshowOptions(options: SlideshowOptions): void {
  if (!validSlideshowOptions(options)) {
    throw new RangeError(
      'Slideshow options need a slide duration above 0, a transition of 0 or more and at least 1 slide',
    );
  }
}

function formatNumberedSlot(number: number, features: SlotFeatures): string {
  if (!Number.isInteger(number) || number < 0 || number > 999) {
    throw new RangeError(`Slot number must be an integer from 0 to 999, got ${number}`);
  }
  let id = `MAIN_${String(number).padStart(3, '0')}`;
  if (features.isContain) id += '_CONTAIN';
  // Defaults (CENTER, MIDDLE) are left out: the shortest id is the canonical one.
  if (features.horizontalAlignment !== 'CENTER') id += `_${features.horizontalAlignment}`;
  if (features.verticalAlignment !== 'MIDDLE') id += `_${features.verticalAlignment}`;
  if (features.removeBackground) id += '_REMBG';
  if (features.removeBorders) id += '_BORDERS';
  if (features.removeBordersHard) id += '_BORDERS_HARD';
  const { media } = features;
  if (media.type !== 'IMAGE') {
    checkSlideshowOptions(media.options);
    const { slideDuration, transition, maxSlides } = media.options;
    id +=
      `_${media.type}[d=${formatDecimal(slideDuration, 'Slide duration')};` +
      `t=${formatDecimal(transition, 'Transition')};n=${maxSlides}]`;
  }
  return id;
}

function checkAttributeText(text: string, what: string): void {
  if (text === '' || hasControlCharacter(text)) {
    throw new RangeError(`${what} must be non-empty text without control characters`);
  }
}

function formatNamedSlot(name: string, features: SlotFeatures): string {
  checkAttributeText(name, 'Slot name');
  if (name.includes(';')) throw new RangeError(`Slot name must not contain ';', got ${name}`);
  const pairs = [`REMBG:${features.removeBackground}`, `SCALE:${features.isContain ? 'fit' : 'fill'}`];
  // The spec fixes REMBG and SCALE; the rest are this package's extensions, written only when not default.
  if (features.removeBorders) pairs.push('BORDERS:true');
  if (features.removeBordersHard) pairs.push('BORDERS_HARD:true');
  if (features.horizontalAlignment !== 'CENTER') pairs.push(`HALIGN:${features.horizontalAlignment}`);
  if (features.verticalAlignment !== 'MIDDLE') pairs.push(`VALIGN:${features.verticalAlignment}`);
  const { media } = features;
  if (media.type !== 'IMAGE') {
    checkSlideshowOptions(media.options);
    pairs.push(
      `TYPE:${media.type}`,
      `D:${formatDecimal(media.options.slideDuration, 'Slide duration')}`,
      `T:${formatDecimal(media.options.transition, 'Transition')}`,
      `N:${media.options.maxSlides}`,
    );
  }
  return `${NAMED_SLOT_PREFIX}${name};${pairs.join(';')}`;
}

function formatFlags(info: Extract<LayerIdInfo, { kind: 'flags' }>): string {
  const tokens: string[] = [];
  if (info.sale) tokens.push('SALE');
  if (info.stockLevelLessThan10) tokens.push('STOCK_LEVEL_LESS_THAN_10');
  if (info.stockLevelLessThan50) tokens.push('STOCK_LEVEL_LESS_THAN_50');
  if (info.color) tokens.push('COLOR_PRIMARY');
  if (tokens.length === 0) throw new RangeError('A flags layer id needs at least one flag');
  const source = info.color?.source ?? null;
  if (source !== null) checkAttributeText(source, 'Colour metadata key');
  // The suffix goes before the colon: a metadata key may itself end in `_<digits>`.
  return tokens.join('_') + formatSuffix(info.suffix) + (source === null ? '' : `:${source}`);
}

/** True when two infos are the same kind and, for legacy ids, the same role. */
function sameLooseMeaning(a: LayerIdInfo, b: LayerIdInfo): boolean {
  return a.kind === b.kind && (a.kind !== 'legacy' || b.kind !== 'legacy' || a.role === b.role);
}

function formatLoose(info: Extract<LayerIdInfo, { kind: 'legacy' | 'plain' }>): string {
  const reread = parseLayerId(info.id);
  if (!sameLooseMeaning(reread, info)) {
    throw new RangeError(`Layer id '${info.id}' is read as ${reread.kind}, not ${info.kind}`);
  }
  return info.id;
}

/** Writes the canonical id for a layer id info; throws RangeError on values the grammar cannot carry. */
export function formatLayerId(info: LayerIdInfo): string {
  switch (info.kind) {
    case 'slot':
      return formatNumberedSlot(info.number, info.features);
    case 'namedSlot':
      return formatNamedSlot(info.name, info.features);
    case 'blur':
      return `MAIN_BLUR${formatSuffix(info.suffix)}`;
    case 'copy':
      return `MAIN_COPY${formatSuffix(info.suffix)}`;
    case 'logo':
      return `LOGO_MAIN${formatSuffix(info.suffix)}`;
    case 'rating':
      return `RATING${formatSuffix(info.suffix)}`;
    case 'flags':
      return formatFlags(info);
    case 'legacy':
    case 'plain':
      return formatLoose(info);
  }
}

/** True when an id is free to use as a plain (meaningless) layer id. */
export function isPlainLayerId(id: string): boolean {
  return id !== '' && !hasControlCharacter(id) && parseLayerId(id).kind === 'plain';
}

function withSuffix(info: LayerIdInfo, suffix: number): LayerIdInfo {
  switch (info.kind) {
    case 'blur':
    case 'copy':
    case 'logo':
    case 'rating':
    case 'flags':
      return { ...info, suffix };
    default:
      throw new Error(`withSuffix does not apply to ${info.kind} ids`);
  }
}

function nextFreeSuffix(taken: ReadonlySet<string>, make: (suffix: number) => string): string {
  for (let suffix = 2; suffix <= 999_999; suffix += 1) {
    const candidate = make(suffix);
    if (!taken.has(candidate)) return candidate;
  }
  throw new RangeError('No free layer id suffix left');
}

/**
 * An id like `base` that is not in `taken` (the ids of the other layers). Numbered slots move to the
 * number after the highest slot number in use, so a pasted slot becomes the last input; named slots get
 * `_n` on the name; everything else gets (or changes) its `_n` suffix.
 */
export function uniqueLayerId(base: string, taken: Iterable<string>): string {
  const takenSet = new Set(taken);
  const info = parseLayerId(base);
  if (info.kind === 'slot') {
    const numbers = [...takenSet]
      .map(parseLayerId)
      .flatMap((other) => (other.kind === 'slot' ? [other.number] : []));
    if (!numbers.includes(info.number) && !takenSet.has(base)) return base;
    const next = Math.max(0, ...numbers) + 1;
    if (next > 999) throw new RangeError('All 999 slot numbers are in use');
    return formatLayerId({ ...info, number: next });
  }
  if (info.kind === 'namedSlot') {
    const names = new Set(
      [...takenSet].map(parseLayerId).flatMap((other) => (other.kind === 'namedSlot' ? [other.name] : [])),
    );
    if (!names.has(info.name) && !takenSet.has(base)) return base;
    const stem = info.name.replace(/_[1-9]\d{0,5}$/, '');
    let suffix = 2;
    while (names.has(`${stem}_${suffix}`)) suffix += 1;
    return formatLayerId({ ...info, name: `${stem}_${suffix}` });
  }
  if (!takenSet.has(base)) return base;
  if (info.kind === 'legacy' || info.kind === 'plain') {
    const stem = base.replace(/_[1-9]\d{0,5}$/, '');
    // A suffix could give an id new meaning ('COLOR_PRIMARY:' + '_2' names a colour key); refuse then.
    if (!sameLooseMeaning(parseLayerId(`${stem}_2`), info)) {
      throw new RangeError(`Layer id '${base}' cannot be made unique with a suffix; choose another id`);
    }
    return nextFreeSuffix(takenSet, (suffix) => `${stem}_${suffix}`);
  }
  return nextFreeSuffix(takenSet, (suffix) => formatLayerId(withSuffix(info, suffix)));
}

/**
 * Which layers of a template vanish for an item (issue 16, item 2): a conditional layer whose condition
 * fails (a sale badge when the item is not on sale), a rating without a rating value, a text whose
 * placeholder has no value (it is cleared), a slot, blur or copy layer without its input image, a logo
 * layer without a logo. The answers come from the rules resolveTemplate runs, asked for their decision
 * instead of their output (conditionsRemovingLayer, textTemplateKeys over the text filling's
 * missingPlaceholderKeys, readRating and ratingLayerFate, mainSlotOrder, findLogoKey), so the builder,
 * the feed page and the renderer never disagree.
 *
 * Cheap by design: no fonts, no images, no layout. The template is parsed once (planLayerPresence) and
 * each item is then a walk over its layer list, so the server can ask it for thousands of items.
 */
import {
  findLogoKey,
  isBlurLayerId,
  isCopyLayerId,
  isJsonObject,
  isLogoLayerId,
  isMainSlotId,
  isRatingLayerId,
  layerConditions,
  parseLayerId,
  readBuilderMetadata,
  type LayerCondition,
  type Metadata,
} from '@adloom/template';
import { describeError } from './errors.js';
import { conditionsRemovingLayer } from './rules/conditional.js';
import { mainSlotOrder } from './rules/main-images.js';
import { ratingLayerFate, readRating, type Rating } from './rules/rating.js';
import { readTemplate } from './template.js';
import { findLayerBox, type LayerBox } from './layer.js';
import { textTemplateKeys } from './text/texts.js';
import { attr, localName, type XmlElement } from './xml.js';

/** Why a layer vanishes for an item. */
export type VanishReason =
  'conditional-hidden' | 'no-rating' | 'bad-rating' | 'no-box' | 'missing-key' | 'no-image' | 'no-logo';

/** A layer that will not show for an item. */
export interface VanishingLayer {
  /** The layer's id attribute. */
  layerId: string;
  /** The name the builder shows (its document's layer name), else a name from the id. */
  name: string;
  reason: VanishReason;
  /** Why, in a few words: 'not on sale', 'no value for {title}', 'no rating'. */
  detail: string;
  /** conditional-hidden: the conditions that failed. */
  conditions?: LayerCondition[];
  /** missing-key: the placeholder keys without a value. */
  missingKeys?: string[];
}

/** What the caller knows about the item besides its metadata. */
export interface PresenceOptions {
  /** How many input images the item has (slot i takes image i). Undefined: slots are not checked. */
  imageCount?: number;
  /** The keys of the logos the request carries. Undefined: logo layers are not checked. */
  logoKeys?: readonly string[];
}

/** One template's layers, parsed once, asked about any number of items. */
export interface LayerPresencePlan {
  /** Every layer id of the template (document order) with its name and the id of the layer holding it. */
  readonly layers: readonly { layerId: string; name: string; parentId: string | null }[];
  /** The layers that vanish for this item, in document order, outermost only. */
  check(metadata: Metadata, options?: PresenceOptions): VanishingLayer[];
}

/** The rule that decides a layer's fate besides its conditions (fixed by its id and element). */
type EntryRule = 'logo' | 'first-image' | 'text' | 'rating' | 'slot' | 'none';

interface Entry {
  id: string;
  name: string;
  node: XmlElement;
  /** Index of the nearest enclosing entry, or -1. */
  parent: number;
  rule: EntryRule;
  /** rule 'text': its template string, parsed once. */
  text: ReturnType<typeof textTemplateKeys>;
  /** rule 'rating': the box the stars go in, found once. */
  box: LayerBox | undefined;
  /** Whether its id carries conditions (sale, stock levels) at all. */
  conditional: boolean;
}

function ruleOf(id: string, node: XmlElement): EntryRule {
  if (isLogoLayerId(id)) return 'logo';
  if (isBlurLayerId(id) || isCopyLayerId(id)) return 'first-image';
  if (localName(node) === 'text') return 'text';
  if (isRatingLayerId(id)) return 'rating';
  return isMainSlotId(id) ? 'slot' : 'none';
}

const CONDITION_WORDS: Readonly<Record<LayerCondition, string>> = {
  sale: 'not on sale',
  stockLevelLessThan10: 'stock is not below 10',
  stockLevelLessThan50: 'stock is not below 50',
};

/** A readable name for a layer from its id alone (a template without builder names). */
export function layerNameFromId(id: string): string {
  const info = parseLayerId(id);
  switch (info.kind) {
    case 'rating':
      return 'Star Rating';
    case 'blur':
      return 'Blurred background';
    case 'copy':
      return 'Image copy';
    case 'logo':
      return 'Logo';
    case 'flags':
      if (info.sale) return 'Sale badge';
      return id;
    default:
      return id;
  }
}

/** The builder's layer names by id, from the template's <metadata> document (empty when none). */
function builderNames(template: string): Map<string, string> {
  const names = new Map<string, string>();
  const layers = readBuilderMetadata(template)?.layers;
  if (!Array.isArray(layers)) return names;
  for (const layer of layers) {
    if (!isJsonObject(layer)) continue;
    const { id, name } = layer;
    if (typeof id === 'string' && typeof name === 'string' && name.trim() !== '') names.set(id, name.trim());
  }
  return names;
}

function collectEntries(root: XmlElement, names: Map<string, string>): Entry[] {
  const entries: Entry[] = [];
  const visit = (node: XmlElement, parent: number): void => {
    const name = localName(node);
    if (name === 'metadata') return;
    const id = attr(node, 'id');
    let here = parent;
    if (id !== undefined && node !== root) {
      const conditions = layerConditions(id);
      const rule = ruleOf(id, node);
      entries.push({
        id,
        name: names.get(id) ?? layerNameFromId(id),
        node,
        parent,
        rule,
        text: rule === 'text' ? textTemplateKeys(node) : undefined,
        box: rule === 'rating' ? findLayerBox(node) : undefined,
        conditional: Object.values(conditions).some(Boolean),
      });
      here = entries.length - 1;
    }
    for (const child of node.children) if (child.type === 'element') visit(child, here);
  };
  visit(root, -1);
  return entries;
}

function missingKeysWords(keys: readonly string[]): string {
  const listed = keys.map((key) => `{${key}}`).join(', ');
  return keys.length === 1 ? `no value for ${listed}` : `no values for ${listed}`;
}

/** Parses a template once for layerPresence; throws 'could not parse the template!' as resolve does. */
export function planLayerPresence(template: string): LayerPresencePlan {
  const { root } = readTemplate(template);
  const entries = collectEntries(root, builderNames(template));
  const allSlots = mainSlotOrder(entries.map((entry) => entry.id));
  const order = new Map(entries.map((entry, index) => [entry.id, index]));
  return {
    layers: entries.map((entry) => ({
      layerId: entry.id,
      name: entry.name,
      parentId: entry.parent === -1 ? null : entries[entry.parent]!.id,
    })),
    check(metadata, options = {}) {
      const vanished = new Set<number>();
      const out: VanishingLayer[] = [];
      const report = (index: number, layer: Omit<VanishingLayer, 'layerId' | 'name'>) => {
        const entry = entries[index]!;
        vanished.add(index);
        out.push({ layerId: entry.id, name: entry.name, ...layer });
      };
      const inside = (entry: Entry) => entry.parent !== -1 && vanished.has(entry.parent);
      // Rule 2 first: what it removes takes its content with it, slots included.
      entries.forEach((entry, index) => {
        if (inside(entry)) return void vanished.add(index);
        if (!entry.conditional) return;
        const conditions = conditionsRemovingLayer(entry.id, metadata);
        if (conditions.length === 0) return;
        const detail = conditions.map((condition) => CONDITION_WORDS[condition]).join(' and ');
        report(index, { reason: 'conditional-hidden', detail, conditions });
      });
      // The slots' inputs shift only when a conditional layer took a slot with it.
      const slotOrder = ![...vanished].some((index) => entries[index]!.rule === 'slot')
        ? allSlots
        : mainSlotOrder(entries.filter((_, index) => !vanished.has(index)).map((entry) => entry.id));
      const slotsSeen = new Set<string>();
      const { imageCount, logoKeys } = options;
      let rating: Rating | undefined | { error: string } | null = null;
      entries.forEach((entry, index) => {
        if (vanished.has(index)) return;
        if (inside(entry)) return void vanished.add(index);
        const { id } = entry;
        switch (entry.rule) {
          case 'logo':
            if (logoKeys !== undefined && findLogoKey(id, logoKeys) === undefined)
              report(index, { reason: 'no-logo', detail: 'the brand kit has no logo' });
            return;
          case 'first-image':
            if (imageCount === 0) report(index, { reason: 'no-image', detail: 'the item has no image' });
            return;
          case 'text': {
            const missingKeys = entry.text?.missingKeys(metadata) ?? [];
            if (missingKeys.length === 0) return;
            report(index, { reason: 'missing-key', detail: missingKeysWords(missingKeys), missingKeys });
            return;
          }
          case 'rating': {
            if (rating === null) {
              try {
                rating = readRating(metadata);
              } catch (error) {
                rating = { error: describeError(error) };
              }
            }
            if (rating !== undefined && 'error' in rating) {
              report(index, { reason: 'bad-rating', detail: rating.error });
              return;
            }
            const fate = ratingLayerFate(entry.node, rating, entry.box);
            if (!('removed' in fate)) return;
            if (fate.removed === 'no-rating') report(index, { reason: 'no-rating', detail: 'no rating' });
            else report(index, { reason: 'no-box', detail: 'it has no box for the stars' });
            return;
          }
          case 'slot': {
            // Only the first element of a duplicated id is the slot (placeMainImages).
            if (imageCount === undefined || slotsSeen.has(id)) return;
            slotsSeen.add(id);
            const slot = slotOrder.get(id)!;
            if (slot < imageCount) return;
            const detail =
              imageCount === 0
                ? 'the item has no image'
                : `no image ${slot + 1} (the item has ${imageCount})`;
            report(index, { reason: 'no-image', detail });
            return;
          }
          case 'none':
            return;
        }
      });
      // Document order, whichever rule found them.
      return out.sort((a, b) => order.get(a.layerId)! - order.get(b.layerId)!);
    },
  };
}

/** The layers of `template` that vanish for this item (planLayerPresence once, then check). */
export function layerPresence(
  template: string,
  metadata: Metadata,
  options: PresenceOptions = {},
): VanishingLayer[] {
  return planLayerPresence(template).check(metadata, options);
}

/**
 * The detail of a rating layer's 'no-rating' when no item of the catalogue has a rating at all (the
 * builder's tooltip and the feed page say it per catalogue, not per item).
 */
export const NO_RATING_COLUMN = 'this catalogue has no rating column';

/** The builder's tooltip: 'Hidden for this item: not on sale', 'Empty for this item: no rating'. */
export function vanishLabel(layer: Pick<VanishingLayer, 'reason' | 'detail'>): string {
  return `${layer.reason === 'conditional-hidden' ? 'Hidden' : 'Empty'} for this item: ${layer.detail}`;
}

/**
 * The feed page's line for a layer over many items: 'the Star Rating layer will be empty for 20 of 20
 * items' ('hidden' for a conditional layer).
 */
export function vanishSentence(
  layer: Pick<VanishingLayer, 'name' | 'reason'>,
  count: number,
  total: number,
): string {
  const state = layer.reason === 'conditional-hidden' ? 'hidden' : 'empty';
  const number = (value: number) => value.toLocaleString('en-US');
  return `the ${layer.name} layer will be ${state} for ${number(count)} of ${number(total)} ${total === 1 ? 'item' : 'items'}`;
}

/**
 * Template tags in the builder (spec sections 7 and 9): the automatic tags the server computes from the
 * saved document, shown as the user edits; and the style and industry tags the user chooses.
 */
import { AUTO_TAGS, autoTags, extractSlots, type AutoTag } from '@adloom/template';
import type { ChosenTag } from '../engine/BuilderEditor';
import { allLayers, type BuilderModel } from '../model/index.js';

/** The automatic tags of the document, as the server will compute them when it is saved. */
export function modelAutoTags(model: BuilderModel): (AutoTag & { label: string })[] {
  const layers = allLayers(model.layers).map((layer) => ({
    dynamicLayerType: layer.data.dynamicLayerType,
    isDynamicColor: layer.data.isDynamicColor,
    removeBackground: layer.data.removeBackground,
    text: layer.kind === 'text' ? layer.text : null,
  }));
  return autoTags({ width: model.width, height: model.height, layers }).map((tag) => ({
    ...tag,
    label: AUTO_TAGS[tag.key].label,
  }));
}

/** The slots the saved template has (createProductCatalogTemplate's `slots`): the server checks they match. */
export function modelSlots(model: BuilderModel): { id: string; name: string }[] {
  return extractSlots(allLayers(model.layers).map((layer) => layer.id)).map((slot) => ({
    id: slot.id,
    name: slot.name,
  }));
}

/** The same tag: by id when both have one, else by group and key regardless of case. */
export function sameTag(a: ChosenTag, b: ChosenTag): boolean {
  if (a.id !== null && b.id !== null) return a.id === b.id;
  return a.group === b.group && a.key.toLowerCase() === b.key.toLowerCase();
}

/**
 * The chosen tags after the user edited the style keys: a key that names a known style tag (any case)
 * takes it, others become new style tags (created on save); the industry tag stays.
 */
export function withStyleKeys(
  chosen: readonly ChosenTag[],
  keys: readonly string[],
  known: readonly ChosenTag[],
): ChosenTag[] {
  const style: ChosenTag[] = [];
  for (const raw of keys) {
    const key = raw.trim().replace(/\s+/g, ' ');
    if (key === '') continue;
    const tag: ChosenTag = known.find(
      (k) => k.group === 'STYLE' && k.key.toLowerCase() === key.toLowerCase(),
    ) ??
      chosen.find((c) => c.group === 'STYLE' && c.key.toLowerCase() === key.toLowerCase()) ?? {
        id: null,
        group: 'STYLE',
        key,
      };
    if (!style.some((s) => sameTag(s, tag))) style.push(tag);
  }
  return [...chosen.filter((tag) => tag.group === 'INDUSTRY'), ...style];
}

/** The chosen tags with the industry tag replaced (null: none; a template has at most one). */
export function withIndustry(chosen: readonly ChosenTag[], industry: ChosenTag | null): ChosenTag[] {
  return [...(industry ? [industry] : []), ...chosen.filter((tag) => tag.group !== 'INDUSTRY')];
}

/**
 * Gives every chosen tag an id before saving: new style tags are created through `create`. A tag that
 * cannot be created is logged and left out (spec section 7: 'Failed style-tag creation is logged and
 * skipped'). Returns the tags that have ids.
 */
export async function resolveTagIds(
  chosen: readonly ChosenTag[],
  create: (key: string) => Promise<string>,
): Promise<(ChosenTag & { id: string })[]> {
  const resolved: (ChosenTag & { id: string })[] = [];
  for (const tag of chosen) {
    if (tag.id !== null) {
      resolved.push({ ...tag, id: tag.id });
      continue;
    }
    try {
      resolved.push({ ...tag, id: await create(tag.key) });
    } catch (error) {
      console.warn(`Creating the style tag '${tag.key}' failed; the template is saved without it.`, error);
    }
  }
  return resolved;
}

/**
 * Template features: what a template version is made of, read from its size, its layers' ids (the layer
 * data they carry) and texts, their places, and its tags. Pure; the server reads the inputs from the SVG.
 */
import { autoTags, idToLayerData, insideSafeZone } from '@adloom/template';
import { CREATIVE_FEATURES, tagFeatureId } from './features.js';

/** An axis-aligned box on the canvas, in the template's units. */
export interface LayerBounds {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One layer of a template: its SVG id, a text layer's template string, and its box when known. */
export interface TemplateFeatureLayer {
  /** The `id` attribute (it carries the layer data); null for an element without one. */
  id: string | null;
  /** A text layer's template string (its `title`); null for every other layer. */
  text: string | null;
  /** Where it is drawn; null when unknown (such a text or logo is not taken to be inside the safe zone). */
  bounds: LayerBounds | null;
}

export interface TemplateFeatureInput {
  width: number;
  height: number;
  layers: readonly TemplateFeatureLayer[];
  /** The template's tags (group and key); STYLE and INDUSTRY tags become style_… and industry_… features. */
  tags: readonly { group: string; key: string }[];
  /** A feed design removes the background of a slot whose id does not ask for it (its slot features). */
  designRemovesBackground?: boolean;
}

/**
 * The layout feature of a size: square within 3 %, landscape when wider, story (9:16) up to a width of
 * 0.6 of the height (between 9:16 and 2:3), portrait between that and square.
 */
export function aspectFeatureId(width: number, height: number): string | null {
  if (!(width > 0 && height > 0)) return null;
  const ratio = width / height;
  if (Math.abs(ratio - 1) <= 0.03) return 'aspect_square';
  if (ratio > 1) return 'aspect_landscape';
  if (ratio <= 0.6) return 'aspect_story';
  return 'aspect_portrait';
}

const ORDER: ReadonlyMap<string, number> = new Map(CREATIVE_FEATURES.map((f, index) => [f.id, index]));

/** The template features of a template, fixed ones in the order of CREATIVE_FEATURES, then its tags' sorted. */
export function templateFeatureIds(input: TemplateFeatureInput): string[] {
  const ids = new Set<string>();
  const aspect = aspectFeatureId(input.width, input.height);
  if (aspect) ids.add(aspect);
  const layers = input.layers.map((layer) => ({
    ...layer,
    data: layer.id === null ? null : idToLayerData(layer.id),
  }));
  const tagged = autoTags({
    width: input.width,
    height: input.height,
    layers: layers.map((layer) => ({
      dynamicLayerType: layer.data?.dynamicLayerType ?? null,
      isDynamicColor: layer.data?.isDynamicColor ?? false,
      removeBackground: layer.data?.removeBackground ?? false,
      text: layer.text,
    })),
  });
  // Every auto tag but the size ones is a feature of the same key.
  for (const tag of tagged) if (ORDER.has(tag.key)) ids.add(tag.key);
  // Only a template with an image slot has a background to remove.
  if (input.designRemovesBackground && tagged.some((tag) => tag.group === 'DYNAMIC_LAYER_COUNT'))
    ids.add('background_removal');
  if (layers.some((layer) => layer.data?.dynamicLayerType === 'BLUR')) ids.add('blurred_background');
  if (layers.some((layer) => layer.data?.widgetType === 'RATING')) ids.add('rating_widget');
  if (aspect === 'aspect_story') {
    const guarded = layers.filter(
      (layer) => layer.text !== null || layer.data?.dynamicLayerType === 'LOGO_MAIN',
    );
    // A story without texts or logo says nothing about the zone: the feature needs something kept inside it.
    const canvas = { width: input.width, height: input.height };
    if (
      guarded.length > 0 &&
      guarded.every((layer) => layer.bounds !== null && insideSafeZone('META_REEL', canvas, layer.bounds))
    )
      ids.add('safe_zone');
  }
  const fixed = [...ids].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
  const tags = new Set<string>();
  for (const tag of input.tags) {
    const id = tagFeatureId(tag.group, tag.key);
    if (id) tags.add(id);
  }
  return [...fixed, ...[...tags].sort()];
}

/**
 * Gradients and clip paths: only those a layer uses stay (template-format.md section 1), with the ones
 * they refer to in turn (a gradient may take its stops from another through href).
 */
import { kindOf } from '../layers/index.js';
import { allLayers } from './tree.js';
import type { BuilderModel, ModelDefinition, ModelLayer } from './types.js';

const URL_REFERENCE = /url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/g;
const HREF_REFERENCE = /(?:^|\s)(?:xlink:)?href="#([^"]+)"/g;

/** The ids that `url(#id)` references in a paint or attribute value name. */
export function urlReferences(value: string | null): string[] {
  return value === null ? [] : [...value.matchAll(URL_REFERENCE)].map((match) => match[1]!);
}

/** The definition ids a layer refers to directly (its paints and its clip path). */
export function layerReferences(layer: ModelLayer): string[] {
  const references: string[] = [];
  if (layer.clipPath !== null) references.push(layer.clipPath);
  references.push(...kindOf(layer).paints(layer).flatMap(urlReferences));
  return references;
}

function definitionReferences(definition: ModelDefinition): string[] {
  return [
    ...urlReferences(definition.markup),
    ...[...definition.markup.matchAll(HREF_REFERENCE)].map((match) => match[1]!),
  ];
}

/** The definitions the layers use, directly or through other definitions, in their order. */
export function usedDefinitions(
  layers: readonly ModelLayer[],
  definitions: readonly ModelDefinition[],
): ModelDefinition[] {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const used = new Set<string>();
  const pending = allLayers(layers).flatMap(layerReferences);
  while (pending.length > 0) {
    const id = pending.pop()!;
    const definition = byId.get(id);
    if (used.has(id) || !definition) continue;
    used.add(id);
    pending.push(...definitionReferences(definition));
  }
  return definitions.filter((definition) => used.has(definition.id));
}

/** The model without definitions that no layer uses any more. */
export function pruneDefinitions(model: BuilderModel): BuilderModel {
  const definitions = usedDefinitions(model.layers, model.definitions);
  return definitions.length === model.definitions.length ? model : { ...model, definitions };
}

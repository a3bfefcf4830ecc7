import { describe, expect, it } from 'vitest';
import {
  LAYER_KINDS,
  addLayers,
  createEllipseLayer,
  createGroupLayer,
  createImageLayer,
  createLineLayer,
  createModel,
  createPathLayer,
  createPolygonLayer,
  createRatingLayer,
  createRectLayer,
  createTextLayer,
  patchLayer,
  type LayerKind,
  type ModelLayer,
} from '../model/index.js';
import { modelToSvg } from '../svg/modelToSvg.js';
import { svgToModel } from '../svg/svgToModel.js';
import { withoutUids } from '../svg/testModels.js';
import { LAYER_KIND_DEFINITIONS, kindNamed, kindReading } from './index.js';

/** A new layer of each kind, as the panels add them. */
const NEW_LAYERS: Record<LayerKind, () => ModelLayer> = {
  rect: () => createRectLayer(),
  ellipse: () => createEllipseLayer(),
  line: () => createLineLayer(),
  polygon: () => createPolygonLayer(),
  path: () => createPathLayer(),
  image: () => createImageLayer(),
  text: () => createTextLayer(),
  rating: () => createRatingLayer(),
  group: () => createGroupLayer([createRectLayer({ left: 10, top: 20 }), createTextLayer({ left: 40 })]),
};

describe('the layer kinds registry', () => {
  it('has one definition for every kind, under its own name', () => {
    expect(Object.keys(LAYER_KIND_DEFINITIONS).sort()).toEqual([...LAYER_KINDS].sort());
    for (const kind of LAYER_KINDS) expect(kindNamed(kind).kind).toBe(kind);
  });

  it.each(LAYER_KINDS)('makes a new %s with its defaults and name, in the model’s form', (kind) => {
    const layer = NEW_LAYERS[kind]();
    const definition = kindNamed(kind);
    expect(layer.kind).toBe(kind);
    expect(layer.data.name).toBe(definition.defaultName);
    expect(layer).toMatchObject(kind === 'group' ? {} : definition.defaults);
    expect(definition.normalize(layer)).toEqual(layer);
  });

  it.each(LAYER_KINDS)('writes a %s and reads it back as the same layer', (kind) => {
    const model = addLayers(createModel(), [NEW_LAYERS[kind]()]);
    const read = svgToModel(modelToSvg(model));
    expect(withoutUids(read)).toEqual(withoutUids(model));
  });

  it.each(LAYER_KINDS)('lets a patch set a %s’s own fields and refuses others’', (kind) => {
    const layer = NEW_LAYERS[kind]();
    const foreign = LAYER_KINDS.flatMap((other) => kindNamed(other).fields).find(
      (field) => !kindNamed(kind).fields.includes(field),
    );
    expect(() => patchLayer(layer, { [foreign!]: 1 } as never)).toThrow(`A ${kind} layer has no ${foreign}`);
    expect(patchLayer(layer, { left: 5 }).left).toBe(5);
  });

  it('reads a rect with the rating id as the rating, any other rect as a rectangle', () => {
    const common = { id: 'RATING', data: {} } as never;
    expect(kindReading('rect', common)?.kind).toBe('rating');
    expect(kindReading('rect', { id: 'rect', data: {} } as never)?.kind).toBe('rect');
    expect(kindReading('circle', { id: 'circle', data: {} } as never)?.kind).toBe('ellipse');
    expect(kindReading('polyline', { id: 'p', data: {} } as never)?.kind).toBe('path');
    expect(kindReading('foreignObject', { id: 'f', data: {} } as never)).toBeUndefined();
  });
});

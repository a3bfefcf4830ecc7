import { readTemplate } from '@adloom/renderer';
import { readBuilderDocument } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { STARTER_TEMPLATES } from '../../../../../server/src/modules/templates/library/starter-templates.js';
import { allLayers, validateModelForSave } from '../model/index.js';
import { modelToSvg } from './modelToSvg.js';
import { svgToModel } from './svgToModel.js';
import { withoutUids } from './testModels.js';

describe('the starter library opens in the builder', () => {
  it('has templates to open', () => {
    expect(STARTER_TEMPLATES.length).toBeGreaterThanOrEqual(12);
  });

  describe.each(STARTER_TEMPLATES.map((template) => [template.key, template] as const))(
    '%s',
    (_key, template) => {
      const model = svgToModel(template.templateString);
      const saved = modelToSvg(model);

      it('opens with its settings and every layer but the canvas background', () => {
        const document = readBuilderDocument(template.templateString);
        expect(model).toMatchObject({
          name: document.name,
          width: document.width,
          height: document.height,
          backgroundColor: document.backgroundColor,
          constrainProportions: document.constrainProportions,
        });
        // The composed templates start with a full-size 'background' layer in the background colour.
        const layerIds = document.layers.map((layer) => layer.id).filter((id) => id !== 'background');
        expect(allLayers(model.layers).map((layer) => layer.id)).toEqual(layerIds);
        const names = new Map(document.layers.map((layer) => [layer.id, layer.name]));
        for (const layer of allLayers(model.layers)) expect(layer.data.name).toBe(names.get(layer.id));
      });

      it('saves to an SVG that opens to the same model, and writes it the same way twice', () => {
        expect(withoutUids(svgToModel(saved))).toEqual(withoutUids(model));
        expect(modelToSvg(svgToModel(saved))).toBe(saved);
        expect(modelToSvg(model)).toBe(saved);
      });

      it('saves what the server accepts: nothing for the sanitiser, the save rules met', () => {
        expect(readTemplate(saved).removed).toEqual([]);
        expect(validateModelForSave(model)).toEqual({ ok: true });
      });

      it('keeps the gradients and clip paths its layers use, and nothing else in <defs>', () => {
        for (const definition of model.definitions) expect(saved).toContain(`id="${definition.id}"`);
        expect(saved).not.toContain('<desc');
        expect(saved).not.toContain('<style');
      });
    },
  );
});

import { describe, expect, it } from 'vitest';
import { addLayers, createModel, createTextLayer, updateLayer, type TextLayer } from '../../model/index.js';
import { modelToSvg, svgToModel } from '../../svg/index.js';
import { brandFontChoices, fontFamilyPatch } from './fontOptions';
import { addFilter, insertPlaceholder } from './templateText';

const [acme] = brandFontChoices([
  {
    family: 'Acme Headline',
    weights: [400],
    italicWeights: [],
    source: 'BRAND_KIT',
    fontUrl: '/files/a.ttf',
  },
]);

describe('a text set up in the text properties', () => {
  it('is saved as the renderer reads it and opens unchanged', () => {
    const text = createTextLayer({ fontWeight: 700, fontStyle: 'italic' });
    let edit = insertPlaceholder('Now ', { start: 4, end: 4 }, 'title');
    edit = addFilter(edit.text, edit.cursor, { name: 'remove', arg: ' (new|used)\\s*$' })!;
    edit = addFilter(edit.text, edit.cursor, { name: 'maxlength', arg: '24' })!;
    let model = addLayers(createModel(), [text]);
    model = updateLayer(model, text.uid, {
      ...fontFamilyPatch(acme!, text),
      text: edit.text,
      fontSize: 80,
      lineHeight: 1.4,
      textAlign: 'justify',
      fill: '#d81b60',
    });

    const svg = modelToSvg(model);
    // The renderer and the server's generation find a brand font by the family name of the text.
    expect(svg).toContain('font-family="Acme Headline"');
    expect(svg).toContain('font-weight="400"');
    expect(svg).not.toContain('font-style="italic"');
    expect(svg).toContain('title="Now {title|remove: (new\\|used)\\s*$|maxlength:24}"');

    const reopened = svgToModel(svg).layers[0] as TextLayer;
    const saved = model.layers[0] as TextLayer;
    const { uid: _a, ...savedFields } = saved;
    const { uid: _b, ...reopenedFields } = reopened;
    expect(reopenedFields).toEqual(savedFields);
    expect(modelToSvg(svgToModel(svg))).toBe(svg);
  });
});

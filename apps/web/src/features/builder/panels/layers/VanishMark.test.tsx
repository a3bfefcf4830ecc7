// @vitest-environment jsdom
import { NO_RATING_COLUMN } from '@adloom/renderer';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountInJsdom, setUpJsdomMantine } from '../../../../lib/testing/mountInJsdom';
import { BuilderEditor } from '../../engine/BuilderEditor';
import { vanishingLayersOf } from '../../engine/vanish-marks';
import { createRatingLayer, createRectLayer, createTextLayer } from '../../model/index.js';
import { itemVanishingLayers } from '../../preview/useVanishingLayers';
import { LayersPanel } from '../LayersPanel';

setUpJsdomMantine();

/** A template with a rating, a sale badge, a headline over {title} and {brand}, and a plain box. */
function editorWithLayers() {
  const editor = new BuilderEditor();
  editor.addLayers([
    createRectLayer({ data: { name: 'Backdrop' } }),
    createRatingLayer({ data: { name: 'Stars' } }),
    createRectLayer({ data: { name: 'Sale badge', isSale: true } }),
    createTextLayer({ text: '{title} by {brand}', data: { name: 'Headline' } }),
  ]);
  return editor;
}

function renderPanel(editor: BuilderEditor) {
  return mountInJsdom(<LayersPanel editor={editor} />);
}

/** Each row's layer name and the accessible name of its mark ('' without one). */
function rowMarks(host: HTMLElement): Record<string, string> {
  const rows = [...host.querySelectorAll<HTMLElement>('[data-testid="layer-row"]')];
  return Object.fromEntries(
    rows.map((row) => [
      row
        .querySelector('[data-testid="layer-row"] button[aria-label^="Drag "]')
        ?.getAttribute('aria-label')
        ?.slice(5),
      row.querySelector('[data-testid="vanish-mark"]')?.getAttribute('aria-label') ?? '',
    ]),
  );
}

describe('the layers panel marks layers that vanish for the preview item', () => {
  const item = { metadata: { title: 'Trail shoe', is_sale: 'False' }, imageCount: 1, hasLogo: false };

  it('marks each vanishing layer with the reason, and no other', () => {
    const editor = editorWithLayers();
    vanishingLayersOf(editor).set(itemVanishingLayers(editor.toSvg(), item, false));
    const host = renderPanel(editor);
    expect(rowMarks(host)).toEqual({
      Headline: 'Empty for this item: no value for {brand}',
      'Sale badge': 'Hidden for this item: not on sale',
      Stars: `Empty for this item: ${NO_RATING_COLUMN}`,
      Backdrop: '',
    });
  });

  it('follows the item: a rated item on sale with a brand leaves no mark', () => {
    const editor = editorWithLayers();
    const store = vanishingLayersOf(editor);
    store.set(itemVanishingLayers(editor.toSvg(), item, true));
    const host = renderPanel(editor);
    expect(rowMarks(host).Stars).toBe('Empty for this item: no rating');
    const full = {
      ...item,
      metadata: { ...item.metadata, brand: 'Acme', is_sale: 'True', rating_value: '4' },
    };
    act(() => store.set(itemVanishingLayers(editor.toSvg(), full, true)));
    expect(Object.values(rowMarks(host))).toEqual(['', '', '', '']);
  });

  it('marks nothing while no preview item is known', () => {
    const host = renderPanel(editorWithLayers());
    expect(host.querySelectorAll('[data-testid="vanish-mark"]')).toHaveLength(0);
    expect(host.querySelectorAll('[data-testid="layer-row"]')).toHaveLength(4);
  });
});

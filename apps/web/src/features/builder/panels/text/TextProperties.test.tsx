// @vitest-environment jsdom
import { act } from 'react';
import { Provider as UrqlProvider, type Client } from 'urql';
import { describe, expect, it } from 'vitest';
import { never } from 'wonka';
import { AppStoreProvider } from '../../../../app/store/AppStoreProvider';
import { mountInJsdom, setUpJsdomMantine } from '../../../../lib/testing/mountInJsdom';
import { BuilderEditor } from '../../engine/BuilderEditor';
import { drawnTextBoxesOf } from '../../engine/text-boxes';
import type { DrawnTextBox } from '../../layers/text/overflow.js';
import { createRectLayer, createTextLayer, type TextLayer } from '../../model/index.js';
import { LayersPanel } from '../LayersPanel';
import { TextProperties } from './TextProperties';

setUpJsdomMantine();

/** An editor with an image slot and one text (a 1080 × 1080 canvas); returns the text's uid. */
function editorWithText(init: Partial<TextLayer> = {}) {
  const editor = new BuilderEditor();
  editor.addLayers([
    createRectLayer({ data: { name: 'Backdrop' } }),
    createTextLayer({ left: 100, top: 100, width: 400, fontSize: 64, ...init, data: { name: 'Headline' } }),
  ]);
  const uid = editor.getState().model.layers[1]!.uid;
  return { editor, uid, text: () => editor.getState().model.layers[1] as TextLayer };
}

/** A GraphQL client whose queries never answer (the font and colour lists stay loading). */
const silentClient = {
  suspense: false,
  executeQuery: () => never,
  executeMutation: () => never,
  executeSubscription: () => never,
} as unknown as Client;

function renderProperties(editor: BuilderEditor, text: () => TextLayer) {
  return mountInJsdom(
    <AppStoreProvider>
      <UrqlProvider value={silentClient}>
        <TextProperties editor={editor} layer={text()} />
      </UrqlProvider>
    </AppStoreProvider>,
  );
}

/** Types into a labelled number field and presses Enter, as a user applies it. */
function typeAndEnter(host: HTMLElement, label: string, value: string) {
  const input = [...host.querySelectorAll<HTMLInputElement>('input')].find(
    (candidate) => candidate.labels?.[0]?.textContent?.trim() === label,
  );
  expect(input, label).toBeDefined();
  act(() => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, value);
    input!.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => {
    input!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
}

/** The text as the canvas drew it: a box from (left, top), `width` wide, its lines `height` high. */
function drawn(left: number, top: number, width: number, height: number): DrawnTextBox {
  return { left, top, right: left + width, bottom: top + height, linesHeight: height, fontSize: 64 };
}

describe("a text's box in the properties panel", () => {
  it('sets the width the lines wrap to, on Enter, as one change', () => {
    const { editor, text } = editorWithText();
    const host = renderProperties(editor, text);
    typeAndEnter(host, 'Width', '250');
    expect(text().width).toBe(250);
    expect(editor.getState().canUndo).toBe(true);
  });

  it('turns shrink-to-fit on with a height, with a minimum of half the size', () => {
    const { editor, text } = editorWithText();
    const host = renderProperties(editor, text);
    typeAndEnter(host, 'Height', '120');
    expect(text().fit).toEqual({ height: 120, minFontSize: 32 });
  });

  it('clears the height to turn shrink-to-fit off', () => {
    const { editor, text } = editorWithText({ fit: { height: 120, minFontSize: 20 } });
    const host = renderProperties(editor, text);
    typeAndEnter(host, 'Height', '');
    expect(text().fit).toBeNull();
  });
});

describe('a text that leaves the canvas', () => {
  it('says which edge it passes, offers "Fit to canvas" and marks its row in the layers panel', () => {
    const { editor, uid, text } = editorWithText({ left: 900 });
    const host = renderProperties(editor, text);
    const layers = mountInJsdom(<LayersPanel editor={editor} />);
    expect(host.querySelector('[data-testid="text-overflow"]')).toBeNull();
    expect(layers.querySelector('[data-testid="text-overflow-mark"]')).toBeNull();

    // The canvas drew the text 400 wide from x = 900: 220 past the right edge of 1080.
    act(() => drawnTextBoxesOf(editor).set(new Map([[uid, drawn(900, 100, 400, 80)]])));
    const warning = host.querySelector('[data-testid="text-overflow"]');
    expect(warning?.textContent).toContain("The text goes past the canvas's right edge");
    expect(layers.querySelector('[data-testid="text-overflow-mark"]')?.getAttribute('aria-label')).toContain(
      'right edge',
    );

    const fit = [...host.querySelectorAll('button')].find((button) => button.textContent === 'Fit to canvas');
    act(() => fit!.click());
    expect(text().left).toBe(680);
    expect(text().width).toBe(400);
  });

  it('says when the text overflows its box at the minimum size, and lowers the minimum', () => {
    const { editor, uid, text } = editorWithText({ fontSize: 80, fit: { height: 100, minFontSize: 40 } });
    const host = renderProperties(editor, text);
    act(() => drawnTextBoxesOf(editor).set(new Map([[uid, { ...drawn(100, 100, 400, 400), fontSize: 40 }]])));
    expect(host.querySelector('[data-testid="text-overflow"]')?.textContent).toContain(
      'does not fit its box even at the minimum size 40',
    );
    const shrink = [...host.querySelectorAll('button')].find(
      (button) => button.textContent === 'Shrink to fit',
    );
    act(() => shrink!.click());
    expect(text().fit).toEqual({ height: 100, minFontSize: 20 });
  });
});

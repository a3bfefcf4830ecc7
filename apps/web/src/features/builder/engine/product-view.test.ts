import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FabricObject } from 'fabric';
import { createDynamicImageLayer, createTextLayer } from '../model/index.js';
import { BuilderEditor } from './BuilderEditor';
import type { FabricView } from './fabric-view';
import { productFrame, type FrameInput } from './product-frame';
import { PRODUCT_RENDER_DEBOUNCE_MS, ProductView, type ProductSource } from './product-view';

/** A bitmap stand-in: the drawing calls name it. */
const bitmap = (name: string) => ({ name }) as unknown as CanvasImageSource;
const nameOf = (image: unknown) => (image as { name: string }).name;

/** What a source was asked to draw, with promises the test settles. */
function fakeSource(key = 'item-1') {
  const asked: {
    kind: 'full' | 'split';
    svg: string;
    ids?: readonly string[];
    settle: (ok: boolean, problem?: string | null) => void;
  }[] = [];
  let count = 0;
  const source: ProductSource = {
    key,
    full: (svg) =>
      new Promise((resolve, reject) => {
        count += 1;
        const name = `full-${count}`;
        asked.push({
          kind: 'full',
          svg,
          settle: (ok, problem = null) =>
            ok ? resolve({ bitmap: bitmap(name), problem }) : reject(new Error('the renderer stopped')),
        });
      }),
    split: (svg, ids) =>
      new Promise((resolve, reject) => {
        asked.push({
          kind: 'split',
          svg,
          ids,
          settle: (ok) =>
            ok ? resolve({ without: bitmap('without'), only: bitmap('only') }) : reject(new Error('no')),
        });
      }),
  };
  return { source, asked };
}

/** A canvas view stand-in: one object per top-level layer, placed at (x, y). */
function fakeView(editor: BuilderEditor) {
  const placed = new Map<string, { x: number; y: number }>();
  const made = new Map<string, FabricObject>();
  const objects = () =>
    editor.getState().model.layers.map((layer) => {
      let object = made.get(layer.uid);
      if (!object) {
        object = {
          uid: layer.uid,
          calcTransformMatrix: () => {
            const at = placed.get(layer.uid) ?? { x: layer.left, y: layer.top };
            return [1, 0, 0, 1, at.x, at.y];
          },
        } as unknown as FabricObject;
        made.set(layer.uid, object);
      }
      return object;
    });
  const element = { dataset: {} as DOMStringMap };
  const view = {
    canvas: { painter: undefined, getObjects: objects, requestRenderAll: vi.fn(), lowerCanvasEl: element },
    uidOf: (object: FabricObject) => (object as unknown as { uid: string }).uid,
  };
  return { view: view as unknown as FabricView, element, placed, objects };
}

/** A 2D context stand-in recording what is drawn and with which transform. */
function fakeContext() {
  const drawn: { image: string; transform: number[] | null }[] = [];
  let transform: number[] | null = null;
  const ctx = {
    drawImage: (image: unknown) => drawn.push({ image: nameOf(image), transform }),
    save: () => undefined,
    restore: () => (transform = null),
    transform: (...m: number[]) => (transform = m),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, drawn };
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => Promise.resolve());

function setup() {
  const editor = new BuilderEditor();
  const slot = createDynamicImageLayer('IMAGE', { left: 10, top: 20 });
  const title = createTextLayer({ left: 100, top: 100, text: '{title|maxlength:12}' });
  editor.addLayers([slot, title]);
  editor.select([]);
  const product = new ProductView(editor);
  const canvas = fakeView(editor);
  product.attach(canvas.view);
  const { source, asked } = fakeSource();
  product.setSource(source);
  const paint = (moving?: ReadonlySet<FabricObject>) => {
    const { ctx, drawn } = fakeContext();
    const painted = product.paint(ctx, canvas.objects(), moving);
    return { drawn, painted };
  };
  return { editor, slot, title, product, canvas, asked, paint };
}

describe('the product view', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the ad for the item under the objects, which paint nothing, and marks the canvas', async () => {
    const { asked, paint, product, canvas, editor } = setup();
    // Until the first picture comes the fields show.
    expect(paint().painted).toBe('all');
    expect(product.getStatus()).toMatchObject({ state: 'pending', available: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ kind: 'full', svg: editor.toSvg() });
    asked[0]!.settle(true);
    await flush();
    const { drawn, painted } = paint();
    expect(drawn.map((entry) => entry.image)).toEqual(['full-1']);
    expect(painted).toEqual([]);
    expect(product.getStatus().state).toBe('drawn');
    expect(canvas.element.dataset).toMatchObject({ productView: 'drawn', productDraws: '1' });
    expect(Number(canvas.element.dataset.productDrawnAt)).toBeGreaterThanOrEqual(0);
  });

  it('keeps the last picture while an edit is drawn again, once edits pause', async () => {
    const { asked, paint, editor, title } = setup();
    asked[0]!.settle(true);
    await flush();
    editor.updateLayer(title.uid, { text: '{brand}' });
    editor.updateLayer(title.uid, { text: '{brand|uppercase}' });
    expect(paint().drawn.map((entry) => entry.image)).toEqual(['full-1']);
    vi.advanceTimersByTime(PRODUCT_RENDER_DEBOUNCE_MS - 1);
    expect(asked).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.svg).toContain('{brand|uppercase}');
    asked[1]!.settle(true);
    await flush();
    expect(paint().drawn.map((entry) => entry.image)).toEqual(['full-2']);
  });

  it('shows the fields with the reason when the ad cannot be drawn, and the ad again for another item', async () => {
    const { asked, paint, product } = setup();
    asked[0]!.settle(false);
    await flush();
    expect(paint().painted).toBe('all');
    expect(product.getStatus()).toMatchObject({ state: 'failed' });
    expect(product.getStatus().message).toContain('the renderer stopped');
    const other = fakeSource('item-2');
    product.setSource(other.source);
    expect(product.getStatus()).toMatchObject({ state: 'pending', message: null });
    other.asked[0]!.settle(true);
    await flush();
    expect(paint().drawn.map((entry) => entry.image)).toEqual(['full-1']);
  });

  it('draws the ad with a slot as a field when its picture could not be loaded, and says why', async () => {
    const { asked, paint, product } = setup();
    asked[0]!.settle(true, 'the image host refused');
    await flush();
    expect(paint().drawn.map((entry) => entry.image)).toEqual(['full-1']);
    expect(product.getStatus()).toMatchObject({ state: 'drawn' });
    expect(product.getStatus().message).toContain('the image host refused');
  });

  it('draws the ad without the selection and moves the selection’s own picture with a drag', async () => {
    const { asked, paint, editor, slot, canvas } = setup();
    asked[0]!.settle(true);
    await flush();
    editor.select([slot.uid]);
    const split = asked[1]!;
    expect(split).toMatchObject({ kind: 'split', ids: [slot.id] });
    const moving = new Set([canvas.objects()[0]!]);
    // Not drawn yet: the whole ad, and the moving object paints itself over it.
    expect(paint(moving).drawn.map((entry) => entry.image)).toEqual(['full-1']);
    expect(paint(moving).painted).toHaveLength(1);
    split.settle(true);
    await flush();
    canvas.placed.set(slot.uid, { x: 10 + 30, y: 20 - 5 });
    const { drawn, painted } = paint(moving);
    expect(painted).toEqual([]);
    expect(drawn).toEqual([
      { image: 'without', transform: null },
      { image: 'only', transform: [1, 0, 0, 1, 30, -5] },
    ]);
    // Still: the whole ad again.
    expect(paint().drawn.map((entry) => entry.image)).toEqual(['full-1']);
  });

  it('shows the fields in the fields view and without an item', async () => {
    const { asked, paint, editor, product } = setup();
    asked[0]!.settle(true);
    await flush();
    editor.setCanvasView('fields');
    expect(paint().painted).toBe('all');
    expect(product.getStatus().state).toBe('off');
    editor.setCanvasView('product');
    expect(paint().painted).toEqual([]);
    product.setSource(null);
    expect(paint().painted).toBe('all');
    expect(product.getStatus()).toMatchObject({ state: 'off', available: false });
  });
});

describe('productFrame', () => {
  const full = { key: 'a', svg: 's1', bitmap: bitmap('full') };
  const split = {
    key: 'a',
    svg: 's1',
    uids: ['u1'],
    without: bitmap('without'),
    only: bitmap('only'),
    anchorUid: 'u1',
    anchorMatrix: [1, 0, 0, 1, 0, 0],
  };
  const input: FrameInput = {
    active: true,
    key: 'a',
    svg: 's1',
    full,
    split,
    failed: false,
    selection: ['u1'],
    gesture: false,
    editing: false,
  };

  it('lets an edited text paint its template string over the ad without it', () => {
    expect(productFrame({ ...input, editing: true })).toMatchObject({
      kind: 'split',
      drawOnly: false,
      paint: 'active',
    });
  });

  it('uses the parts after a drag until the whole ad of the new template comes', () => {
    expect(productFrame({ ...input, svg: 's2' })).toMatchObject({
      kind: 'split',
      drawOnly: true,
      paint: 'none',
    });
    expect(productFrame({ ...input, svg: 's2', selection: ['u2'] })).toMatchObject({
      kind: 'full',
      paint: 'none',
    });
  });

  it('never shows a picture of another item', () => {
    expect(productFrame({ ...input, key: 'b' })).toEqual({ kind: 'fields' });
  });
});

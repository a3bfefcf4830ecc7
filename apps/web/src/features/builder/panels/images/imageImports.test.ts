import { BUILDER_ERRORS } from '@adloom/template';
import { describe, expect, it, vi } from 'vitest';
import { BuilderEditor } from '../../engine/BuilderEditor';
import { createImageLayer, createRectLayer } from '../../model/index.js';
import { PictureError } from './imageFiles';
import { imageImportsOf, runImageImport, type ImageImportPatch } from './imageImports';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const box = { left: 0, top: 135, width: 1080, height: 810 };

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('runImageImport', () => {
  it('shows a placeholder while loading, then adds the picture as one undo step', async () => {
    const editor = new BuilderEditor();
    const imports = imageImportsOf(editor);
    const load = deferred<ReturnType<typeof createImageLayer>>();
    let report: ((patch: ImageImportPatch) => void) | undefined;
    const running = runImageImport(
      editor,
      {
        name: 'photo.jpg',
        box: { left: 360, top: 360, width: 360, height: 360 },
        load: (r) => {
          report = r;
          return load.promise;
        },
      },
      () => {},
    );

    // The placeholder is view state: not a layer, not a step, not dirty.
    expect(imports.getSnapshot()).toEqual([
      {
        id: expect.any(Number),
        name: 'photo.jpg',
        box: { left: 360, top: 360, width: 360, height: 360 },
        progress: null,
      },
    ]);
    expect(editor.model.layers).toHaveLength(0);
    expect(editor.getState()).toMatchObject({ canUndo: false, dirty: false });

    report!({ box, progress: 0.5 });
    expect(imports.getSnapshot()[0]).toMatchObject({ box, progress: 0.5 });

    const layer = createImageLayer({ ...box, href: PNG, naturalWidth: 1080, naturalHeight: 810 });
    load.resolve(layer);
    expect(await running).toBe(layer.uid);
    expect(imports.getSnapshot()).toEqual([]);
    expect(editor.model.layers.map((l) => l.uid)).toEqual([layer.uid]);
    expect(editor.selection).toEqual([layer.uid]);

    editor.undo();
    expect(editor.model.layers).toHaveLength(0);
    expect(editor.getState()).toMatchObject({ canUndo: false, dirty: false });
  });

  it('removes the placeholder and reports a failure, leaving the document as it was', async () => {
    const editor = new BuilderEditor();
    editor.addLayers([createRectLayer()]);
    const before = editor.model;
    const onError = vi.fn();
    const failed = await runImageImport(
      editor,
      {
        name: 'broken.png',
        box,
        load: () => Promise.reject(new PictureError(`${BUILDER_ERRORS.imageLoadFailed}: unreadable`)),
      },
      onError,
    );
    expect(failed).toBeNull();
    expect(onError).toHaveBeenCalledWith('Failed to load image: unreadable');
    expect(imageImportsOf(editor).getSnapshot()).toEqual([]);
    expect(editor.model).toBe(before);

    // An unexpected failure is logged and shown with the spec's words.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runImageImport(
      editor,
      { name: 'x.png', box, load: () => Promise.reject(new TypeError('boom')) },
      onError,
    );
    expect(onError).toHaveBeenLastCalledWith('Failed to load image. Try again, or choose another file.');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('keeps edits made while loading as their own steps', async () => {
    const editor = new BuilderEditor();
    const load = deferred<ReturnType<typeof createImageLayer>>();
    const running = runImageImport(editor, { name: 'a.png', box, load: () => load.promise }, () => {});
    const rect = createRectLayer();
    editor.addLayers([rect]);
    const picture = createImageLayer({ ...box, href: PNG });
    load.resolve(picture);
    await running;
    expect(editor.model.layers.map((l) => l.uid)).toEqual([rect.uid, picture.uid]);
    editor.undo();
    expect(editor.model.layers.map((l) => l.uid)).toEqual([rect.uid]);
  });

  it('inserts at the index asked for', async () => {
    const editor = new BuilderEditor();
    const rect = createRectLayer();
    editor.addLayers([rect]);
    const picture = createImageLayer({ ...box, href: PNG });
    await runImageImport(editor, { name: 'bg.png', box, index: 0, load: async () => picture }, () => {});
    expect(editor.model.layers.map((l) => l.uid)).toEqual([picture.uid, rect.uid]);
  });

  it('keeps each editor’s imports apart', () => {
    const a = new BuilderEditor();
    const b = new BuilderEditor();
    expect(imageImportsOf(a)).toBe(imageImportsOf(a));
    expect(imageImportsOf(a)).not.toBe(imageImportsOf(b));
  });
});

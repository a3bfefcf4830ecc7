/**
 * Pictures on their way onto the canvas (spec section 4: "a placeholder image while an image import is in
 * progress"). A placeholder is view state, like the safe zone: it is drawn over the canvas, never enters
 * the model, the saved SVG or the undo history, so the finished picture is one undo step and a failed one
 * leaves nothing behind.
 */
import { BUILDER_ERRORS } from '@adloom/template';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { perEditor } from '../../engine/per-editor';
import type { Rect } from '../../geometry/types';
import type { ModelLayer } from '../../model/index.js';
import { PictureError } from './imageFiles';
import { runCommand } from '../../commands/registry';

/** One import in progress, as the placeholder shows it. */
export interface ImageImport {
  readonly id: number;
  /** What is being placed (a file name, a logo's name). */
  readonly name: string;
  /** Where the picture will land, in canvas units. */
  readonly box: Rect;
  /** The fraction downloaded (0 to 1) when there is a download that says its size; else null. */
  readonly progress: number | null;
}

export type ImageImportPatch = Partial<Pick<ImageImport, 'box' | 'progress'>>;

/** The imports in progress for one editor; a useSyncExternalStore source. */
export class ImageImports {
  private list: readonly ImageImport[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The imports in progress; the same array until the next change. */
  readonly getSnapshot = (): readonly ImageImport[] => this.list;

  private set(list: readonly ImageImport[]): void {
    this.list = list;
    for (const listener of [...this.listeners]) listener();
  }

  start(name: string, box: Rect): number {
    const id = this.nextId++;
    this.set([...this.list, { id, name, box, progress: null }]);
    return id;
  }

  update(id: number, patch: ImageImportPatch): void {
    if (!this.list.some((item) => item.id === id)) return;
    this.set(this.list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  finish(id: number): void {
    if (!this.list.some((item) => item.id === id)) return;
    this.set(this.list.filter((item) => item.id !== id));
  }
}

/** The imports of an editor (they outlive the IMAGES tab, which unmounts when another tab opens). */
export const imageImportsOf = perEditor(() => new ImageImports());

/** One picture to place. */
export interface ImageImportJob {
  name: string;
  /** The placeholder's box until `load` reports the picture's own. */
  box: Rect;
  /** Loads the picture and makes its layer; `report` moves the placeholder or shows progress. */
  load: (report: (patch: ImageImportPatch) => void) => Promise<ModelLayer>;
  /** Where the layer goes among the top-level layers (default: on top). */
  index?: number;
}

/** The message a failed import shows: a PictureError's own, else the spec's 'Failed to load image'. */
export function importFailureMessage(error: unknown): string {
  if (error instanceof PictureError) return error.message;
  return `${BUILDER_ERRORS.imageLoadFailed}. Try again, or choose another file.`;
}

/**
 * Places a picture: a placeholder while `load` runs, then the layer added and selected in one undo step,
 * or the placeholder removed and `onError` told why. Resolves with the new layer's uid, or null.
 */
export async function runImageImport(
  editor: BuilderEditor,
  job: ImageImportJob,
  onError: (message: string) => void,
): Promise<string | null> {
  const imports = imageImportsOf(editor);
  const id = imports.start(job.name, job.box);
  let layer: ModelLayer;
  try {
    layer = await job.load((patch) => imports.update(id, patch));
  } catch (error) {
    if (!(error instanceof PictureError)) console.error(`Placing ${job.name} failed:`, error);
    onError(importFailureMessage(error));
    return null;
  } finally {
    imports.finish(id);
  }
  const added = runCommand(editor, 'add-layers', { layers: [layer], index: job.index });
  return added ? layer.uid : null;
}

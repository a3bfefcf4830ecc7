/**
 * The boxes the canvas draws texts in (issue 16, item 3): the fabric view measures its top-level texts
 * after each sync (wrapped lines, the fitted size, turned and scaled) and publishes them here, per editor;
 * the properties panel and the layers panel read them to say when a text leaves the canvas or its box
 * (layers/text/overflow.ts). Published only when a box changed, so a panel renders again only then.
 */
import type { FabricObject } from 'fabric';
import { Textbox } from 'fabric';
import type { DrawnTextBox } from '../layers/text/overflow.js';
import type { ModelLayer } from '../model/index.js';
import { perEditor } from './per-editor';

function sameBox(a: DrawnTextBox, b: DrawnTextBox): boolean {
  return (
    a.left === b.left &&
    a.top === b.top &&
    a.right === b.right &&
    a.bottom === b.bottom &&
    a.linesHeight === b.linesHeight &&
    a.fontSize === b.fontSize
  );
}

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** A drawn text's box, in canvas units (fabric's bounding rect is in the scene's units, not the screen's). */
export function measureTextbox(object: Textbox): DrawnTextBox {
  const { left, top, width, height } = object.getBoundingRect();
  return {
    left: hundredths(left),
    top: hundredths(top),
    right: hundredths(left + width),
    bottom: hundredths(top + height),
    linesHeight: hundredths(object.height),
    fontSize: object.fontSize,
  };
}

/** The drawn boxes of one editor's texts, by layer uid. */
export class DrawnTextBoxes {
  private boxes: ReadonlyMap<string, DrawnTextBox> = new Map();
  private readonly listeners = new Set<() => void>();

  /** The text's box as last drawn; undefined before the canvas drew it (or for a text inside a group). */
  get(uid: string): DrawnTextBox | undefined {
    return this.boxes.get(uid);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Measures the top-level texts among the view's objects; tells the listeners when a box changed. */
  publish(layers: ReadonlyMap<string, ModelLayer>, objects: ReadonlyMap<string, FabricObject>): void {
    const next = new Map<string, DrawnTextBox>();
    for (const [uid, layer] of layers) {
      const object = objects.get(uid);
      if (layer.kind === 'text' && object instanceof Textbox) next.set(uid, measureTextbox(object));
    }
    this.set(next);
  }

  /** Takes the boxes as drawn, by layer uid; tells the listeners when one changed. */
  set(next: ReadonlyMap<string, DrawnTextBox>): void {
    const same =
      next.size === this.boxes.size &&
      [...next].every(([uid, box]) => {
        const before = this.boxes.get(uid);
        return before !== undefined && sameBox(before, box);
      });
    if (same) return;
    this.boxes = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The drawn text boxes of an editor's canvas (empty until a canvas view shows it). */
export const drawnTextBoxesOf = perEditor(() => new DrawnTextBoxes());

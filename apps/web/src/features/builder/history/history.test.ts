import { describe, expect, it } from 'vitest';
import { addLayers, createModel, createRectLayer, updateLayer, type BuilderModel } from '../model/index.js';
import { History, plainDataEqual } from './history.js';

describe('History', () => {
  it('undoes and redoes steps, and disables the buttons when a stack is empty', () => {
    const history = new History(0);
    expect(history.canUndo).toBe(false);
    expect(history.canRedo).toBe(false);
    history.push(1);
    history.push(2);
    expect(history.canUndo).toBe(true);
    expect(history.undo()).toBe(1);
    expect(history.canRedo).toBe(true);
    expect(history.undo()).toBe(0);
    expect(history.undo()).toBeUndefined();
    expect(history.current).toBe(0);
    expect(history.redo()).toBe(1);
    expect(history.redo()).toBe(2);
    expect(history.redo()).toBeUndefined();
  });

  it('keeps at most 50 steps, dropping the oldest', () => {
    const history = new History(0);
    for (let value = 1; value <= 60; value += 1) history.push(value);
    expect(history.undoDepth).toBe(50);
    let last: number | undefined;
    while (history.canUndo) last = history.undo();
    expect(last).toBe(10);
    expect(history.current).toBe(10);
  });

  it('clears redo on any new change', () => {
    const history = new History('a');
    history.push('b');
    history.push('c');
    history.undo();
    expect(history.canRedo).toBe(true);
    history.push('d');
    expect(history.canRedo).toBe(false);
    expect(history.undo()).toBe('b');
  });

  it('records nothing for a change to an equal document', () => {
    const history = new History({ name: 'New Template' });
    history.push({ name: 'New Template' });
    expect(history.canUndo).toBe(false);
  });

  it('makes the changes between mark and commit one step, as a drag', () => {
    const history = new History(0);
    history.push(1);
    history.mark();
    for (let x = 2; x <= 20; x += 1) history.push(x);
    expect(history.current).toBe(20);
    expect(history.canUndo).toBe(true);
    history.commit();
    expect(history.undoDepth).toBe(2);
    expect(history.undo()).toBe(1);
    expect(history.redo()).toBe(20);
  });

  it('nests batches, records no step for a batch that changed nothing, and cancels a batch', () => {
    const history = new History(0);
    history.mark();
    history.mark();
    history.push(1);
    history.commit();
    expect(history.undoDepth).toBe(0);
    history.commit();
    expect(history.undoDepth).toBe(1);
    history.mark();
    history.push(2);
    history.push(1);
    history.commit();
    expect(history.undoDepth).toBe(1);
    history.mark();
    history.push(5);
    history.cancel();
    expect(history.current).toBe(1);
    expect(history.undoDepth).toBe(1);
  });

  it('commits an open batch before undoing it', () => {
    const history = new History(0);
    history.mark();
    history.push(3);
    expect(history.undo()).toBe(0);
    expect(history.batching).toBe(false);
    expect(history.redo()).toBe(3);
  });

  it('is dirty while the document differs from the one last saved or loaded', () => {
    const history = new History(0);
    expect(history.isDirty).toBe(false);
    history.push(1);
    expect(history.isDirty).toBe(true);
    history.undo();
    expect(history.isDirty).toBe(false);
    history.redo();
    history.markSaved();
    expect(history.isDirty).toBe(false);
    history.push(2);
    history.reset(7);
    expect(history.isDirty).toBe(false);
    expect(history.canUndo).toBe(false);
    expect(history.canRedo).toBe(false);
  });

  it('works over models: an equal model rebuilt is not dirty, a moved layer is one step', () => {
    const layer = createRectLayer({ uid: 'r' });
    const loaded: BuilderModel = addLayers(createModel(), [layer]);
    const history = new History(loaded);
    history.mark();
    for (let left = 1; left <= 5; left += 1) history.push(updateLayer(history.current, 'r', { left }));
    history.commit();
    expect(history.undoDepth).toBe(1);
    history.push(updateLayer(history.current, 'r', { left: 0 }));
    expect(history.isDirty).toBe(false);
    expect(plainDataEqual(history.current, loaded)).toBe(true);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createLiveRenderQueue, liveRenderMessage, type LiveRenderOutcome } from './liveRenderQueue';

/** A render the test finishes by hand. */
function deferredRender() {
  let finish: (dataUrl: string) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const render = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
  );
  return { render, finish: (dataUrl: string) => finish(dataUrl), fail: (error: unknown) => fail(error) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLiveRenderQueue', () => {
  it('renders and reports the data URL', async () => {
    const queue = createLiveRenderQueue();
    const done = vi.fn();
    queue.request(() => Promise.resolve('data:image/png;base64,AAA'), done);
    await settle();
    expect(done).toHaveBeenCalledWith({ kind: 'rendered', dataUrl: 'data:image/png;base64,AAA' });
  });

  it('runs one render at a time and only the newest of those asked for meanwhile', async () => {
    const queue = createLiveRenderQueue();
    const first = deferredRender();
    const second = deferredRender();
    const third = deferredRender();
    const outcomes: [string, LiveRenderOutcome][] = [];
    queue.request(first.render, (outcome) => outcomes.push(['first', outcome]));
    queue.request(second.render, (outcome) => outcomes.push(['second', outcome]));
    queue.request(third.render, (outcome) => outcomes.push(['third', outcome]));
    expect(first.render).toHaveBeenCalledTimes(1);
    expect(third.render).not.toHaveBeenCalled();

    first.finish('data:first');
    await settle();
    // The first result is old news: the third request overtook it.
    expect(outcomes).toEqual([]);
    expect(second.render).not.toHaveBeenCalled();
    expect(third.render).toHaveBeenCalledTimes(1);

    third.finish('data:third');
    await settle();
    expect(outcomes).toEqual([['third', { kind: 'rendered', dataUrl: 'data:third' }]]);
  });

  it('reports a failed render with its reason and what to do', async () => {
    const queue = createLiveRenderQueue();
    const done = vi.fn();
    queue.request(() => Promise.reject(new Error('Missing input image for layer id=MAIN_002')), done);
    await settle();
    expect(done).toHaveBeenCalledWith({
      kind: 'failed',
      message:
        "The live preview could not be drawn (Missing input image for layer id=MAIN_002). Check the template's layers or try another item.",
    });
  });

  it('catches a render that throws before it returns a promise', async () => {
    const queue = createLiveRenderQueue();
    const done = vi.fn();
    queue.request(() => {
      throw new Error('Invalid SVG string');
    }, done);
    await settle();
    expect(done).toHaveBeenCalledWith({
      kind: 'failed',
      message: liveRenderMessage(new Error('Invalid SVG string')),
    });
  });

  it('reports nothing after close, and starts nothing', async () => {
    const queue = createLiveRenderQueue();
    const first = deferredRender();
    const second = deferredRender();
    const done = vi.fn();
    queue.request(first.render, done);
    queue.request(second.render, done);
    queue.close();
    first.finish('data:first');
    await settle();
    queue.request(() => Promise.resolve('data:late'), done);
    await settle();
    expect(done).not.toHaveBeenCalled();
    expect(second.render).not.toHaveBeenCalled();
  });

  it('names an unknown failure', () => {
    expect(liveRenderMessage('nope')).toBe(
      "The live preview could not be drawn (the renderer stopped). Check the template's layers or try another item.",
    );
  });
});

/**
 * Live renders one at a time, newest first: a render asked for while one runs waits, replacing any render
 * already waiting, and the result of a render that was overtaken is dropped. The builder may ask on every
 * edit; the browser renders only the first and the last of a burst.
 */

export type LiveRenderOutcome = { kind: 'rendered'; dataUrl: string } | { kind: 'failed'; message: string };

interface LiveRenderJob {
  render: () => Promise<string>;
  done: (outcome: LiveRenderOutcome) => void;
}

/** The message for a render that threw: its own when it has one. */
export function liveRenderMessage(error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : 'the renderer stopped';
  return `The live preview could not be drawn (${reason}). Check the template's layers or try another item.`;
}

export interface LiveRenderQueue {
  /** Asks for a render; `done` hears its outcome unless a newer request overtakes it first. */
  request(render: () => Promise<string>, done: (outcome: LiveRenderOutcome) => void): void;
  /** Drops the waiting render and every outcome still to come. */
  close(): void;
}

export function createLiveRenderQueue(): LiveRenderQueue {
  let running = false;
  let waiting: LiveRenderJob | null = null;
  let closed = false;

  const run = async (job: LiveRenderJob) => {
    running = true;
    let outcome: LiveRenderOutcome;
    try {
      outcome = { kind: 'rendered', dataUrl: await job.render() };
    } catch (error) {
      outcome = { kind: 'failed', message: liveRenderMessage(error) };
    }
    running = false;
    if (closed) return;
    const next = waiting;
    waiting = null;
    if (next) void run(next);
    else job.done(outcome);
  };

  return {
    request(render, done) {
      if (closed) return;
      if (running) waiting = { render, done };
      else void run({ render, done });
    },
    close() {
      closed = true;
      waiting = null;
    },
  };
}

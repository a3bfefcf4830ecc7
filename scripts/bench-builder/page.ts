/**
 * What `npm run bench:builder` adds to the builder's page (an init script of the bench, nothing in the
 * product). Plain JavaScript in a string, so the TypeScript loader adds no helpers.
 *
 * - Opening: every change of the canvas's `data-rendered-layers` (set by the fabric view after a render
 *   that drew a new number of layers, ARCHITECTURE.md) with the time it reached the screen, in ms since
 *   the navigation started: the time of the first task after that frame's rendering.
 * - Frames: while recording, one entry per animation frame: its start (the requestAnimationFrame time),
 *   when its main-thread work ended (the first task after the frame, posted from the frame's first
 *   animation-frame callback), and whether the page drew in it (a requestAnimationFrame callback of the
 *   page ran: fabric draws in one).
 */
export const PAGE_PROBE = `(() => {
  const originalRaf = window.requestAnimationFrame.bind(window);
  const drawnFrames = new Set();
  window.requestAnimationFrame = (callback) =>
    originalRaf((time) => {
      drawnFrames.add(time);
      callback(time);
    });
  const afterFrame = (callback) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback(performance.now());
    channel.port2.postMessage(null);
  };

  const layerCounts = [];
  new MutationObserver((records) => {
    for (const record of records) {
      const count = Number(record.target.getAttribute('data-rendered-layers'));
      const entry = { count, setAt: performance.now(), shownAt: null };
      layerCounts.push(entry);
      afterFrame((now) => (entry.shownAt = now));
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-rendered-layers'] });

  let frames = null;
  const onFrame = (time) => {
    if (frames === null) return;
    const frame = { start: time, end: null, drawn: false };
    frames.push(frame);
    afterFrame((now) => (frame.end = now));
    originalRaf(onFrame);
  };
  window.__builderBench = {
    layerCounts,
    startFrames() {
      frames = [];
      originalRaf(onFrame);
    },
    stopFrames() {
      const recorded = frames ?? [];
      frames = null;
      for (const frame of recorded) frame.drawn = drawnFrames.has(frame.start);
      drawnFrames.clear();
      return recorded.filter((frame) => frame.end !== null);
    },
  };
})();`;

/** One animation frame as the probe recorded it (ms, page time). */
export interface ProbeFrame {
  start: number;
  end: number;
  drawn: boolean;
}

/** One change of the canvas's drawn layer count. */
export interface ProbeLayerCount {
  count: number;
  setAt: number;
  shownAt: number | null;
}

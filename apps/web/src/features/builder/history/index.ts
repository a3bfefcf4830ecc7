/** Undo and redo over model snapshots (ARCHITECTURE.md, `history/`). */
export { History, plainDataEqual, type HistoryOptions } from './history.js';

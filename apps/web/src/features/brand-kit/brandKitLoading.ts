/**
 * The brand kit's loading state (spec section 4): a loading flag, and loading counters for guides,
 * fonts, audio and logos that count down as items finish. An item finishes when what it shows is ready
 * (a font face loaded, a logo thumbnail or an audio track's length read, a guide rendered); an upload
 * counts as one more item until the server has kept or refused it. Pure: the screen holds the state.
 */
import type { BrandKitKind } from './brandKit';

export const LOADING_KINDS = ['GUIDE', 'FONT', 'AUDIO', 'LOGO'] as const;
export type LoadingKind = (typeof LOADING_KINDS)[number];

export function isLoadingKind(kind: BrandKitKind): kind is LoadingKind {
  return (LOADING_KINDS as readonly string[]).includes(kind);
}

export interface BrandKitLoadingState {
  /** Items whose content is ready, by kind. */
  finished: Readonly<Record<LoadingKind, ReadonlySet<string>>>;
  /** Uploads and saves under way, by kind. */
  inFlight: Readonly<Record<LoadingKind, number>>;
}

export type BrandKitLoadingAction =
  | { type: 'finished'; kind: LoadingKind; id: string }
  | { type: 'started'; kind: LoadingKind; count: number }
  | { type: 'ended'; kind: LoadingKind; count: number };

export const initialLoadingState: BrandKitLoadingState = {
  finished: { GUIDE: new Set(), FONT: new Set(), AUDIO: new Set(), LOGO: new Set() },
  inFlight: { GUIDE: 0, FONT: 0, AUDIO: 0, LOGO: 0 },
};

export function brandKitLoadingReducer(
  state: BrandKitLoadingState,
  action: BrandKitLoadingAction,
): BrandKitLoadingState {
  switch (action.type) {
    case 'finished': {
      if (state.finished[action.kind].has(action.id)) return state;
      const ids = new Set(state.finished[action.kind]).add(action.id);
      return { ...state, finished: { ...state.finished, [action.kind]: ids } };
    }
    case 'started':
    case 'ended': {
      const change = action.type === 'started' ? action.count : -action.count;
      const count = Math.max(0, state.inFlight[action.kind] + change);
      return { ...state, inFlight: { ...state.inFlight, [action.kind]: count } };
    }
  }
}

/** Per kind: items shown but not ready yet, plus uploads under way. */
export function loadingCounters(
  state: BrandKitLoadingState,
  itemIds: Readonly<Record<LoadingKind, readonly string[]>>,
): Record<LoadingKind, number> {
  const counters = { GUIDE: 0, FONT: 0, AUDIO: 0, LOGO: 0 };
  for (const kind of LOADING_KINDS)
    counters[kind] =
      itemIds[kind].filter((id) => !state.finished[kind].has(id)).length + state.inFlight[kind];
  return counters;
}

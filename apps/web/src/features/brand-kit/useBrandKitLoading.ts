import { createContext, useCallback, useContext, useMemo, useReducer } from 'react';
import type { BrandKitData } from './brandKit';
import {
  brandKitLoadingReducer,
  initialLoadingState,
  loadingCounters,
  type LoadingKind,
} from './brandKitLoading';

/** What items and uploads report to the screen's loading counters. */
export interface BrandKitLoading {
  /** Items shown but not ready yet, plus uploads under way, per kind. */
  counters: Record<LoadingKind, number>;
  finished: (kind: LoadingKind, id: string) => void;
  started: (kind: LoadingKind, count?: number) => void;
  ended: (kind: LoadingKind, count?: number) => void;
}

const ids = (list: readonly { id: string }[] | undefined) => (list ?? []).map((item) => item.id);

/** The loading counters of a brand kit (spec section 4), kept by the screen. */
export function useBrandKitLoadingState(kit: BrandKitData | undefined): BrandKitLoading {
  const [state, dispatch] = useReducer(brandKitLoadingReducer, initialLoadingState);
  const finished = useCallback(
    (kind: LoadingKind, id: string) => dispatch({ type: 'finished', kind, id }),
    [],
  );
  const started = useCallback(
    (kind: LoadingKind, count = 1) => dispatch({ type: 'started', kind, count }),
    [],
  );
  const ended = useCallback((kind: LoadingKind, count = 1) => dispatch({ type: 'ended', kind, count }), []);
  const counters = useMemo(
    () =>
      loadingCounters(state, {
        GUIDE: ids(kit?.guides),
        FONT: ids(kit?.fonts),
        AUDIO: ids(kit?.audios),
        LOGO: ids(kit?.logos),
      }),
    [state, kit],
  );
  return useMemo(() => ({ counters, finished, started, ended }), [counters, finished, started, ended]);
}

export const BrandKitLoadingContext = createContext<BrandKitLoading | null>(null);

/** The screen's loading counters, for items and uploads to report to. */
export function useBrandKitLoading(): BrandKitLoading {
  const loading = useContext(BrandKitLoadingContext);
  if (!loading) throw new Error('useBrandKitLoading must be used inside the brand kit screen');
  return loading;
}

import { useEffect, useRef } from 'react';
import { useAppStore } from '../../../app/store/appStore';

/** Below this window width the app's sidebar folds while the builder is open (as Canva's editor does). */
export const ROOMY_WIDTH = 1280;

const innerWidth = () => window.innerWidth;

/**
 * Gives the canvas the room of the app's sidebar in a narrow window: the sidebar folds to its icons when the
 * builder opens in a window under ROOMY_WIDTH, and unfolds again when the builder closes, unless the user
 * unfolded it meanwhile (their choice stays).
 */
export function useRoomForCanvas(windowWidth: () => number = innerWidth): void {
  const { sidebarExpanded, toggleSidebar } = useAppStore();
  /** start: nothing decided; folding/folded: the builder folded it; done: the builder leaves it alone. */
  const state = useRef<'start' | 'folding' | 'folded' | 'done'>('start');
  const latest = useRef({ sidebarExpanded, toggleSidebar });
  useEffect(() => {
    latest.current = { sidebarExpanded, toggleSidebar };
    if (state.current === 'start') {
      if (sidebarExpanded && windowWidth() < ROOMY_WIDTH) {
        state.current = 'folding';
        toggleSidebar();
      } else state.current = 'done';
    } else if (state.current === 'folding' && !sidebarExpanded) state.current = 'folded';
    else if (state.current === 'folded' && sidebarExpanded) state.current = 'done';
  }, [sidebarExpanded, toggleSidebar, windowWidth]);

  useEffect(
    () => () => {
      if (state.current === 'folded' && !latest.current.sidebarExpanded) latest.current.toggleSidebar();
    },
    [],
  );
}

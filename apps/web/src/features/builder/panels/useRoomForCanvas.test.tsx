// @vitest-environment jsdom
import { act, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppStoreContext, type AppStore } from '../../../app/store/appStore';
import { mountInJsdom, setUpJsdomMantine } from '../../../lib/testing/mountInJsdom';
import { useRoomForCanvas } from './useRoomForCanvas';

setUpJsdomMantine();

/** The app store's sidebar flag, the rest unused here; `show` mounts or unmounts the builder. */
function harness(width: number) {
  const seen: { expanded: boolean; toggle: () => void; show: (shown: boolean) => void } = {
    expanded: true,
    toggle: () => undefined,
    show: () => undefined,
  };
  function Builder() {
    useRoomForCanvas(() => width);
    return null;
  }
  function Shell({ children }: { children?: ReactNode }) {
    const [expanded, setExpanded] = useState(true);
    const [shown, setShown] = useState(true);
    const toggle = () => setExpanded((value) => !value);
    seen.expanded = expanded;
    seen.toggle = toggle;
    seen.show = setShown;
    const store = { sidebarExpanded: expanded, toggleSidebar: toggle } as unknown as AppStore;
    return (
      <AppStoreContext.Provider value={store}>
        {shown ? <Builder /> : null}
        {children}
      </AppStoreContext.Provider>
    );
  }
  mountInJsdom(<Shell />);
  return seen;
}

describe('useRoomForCanvas', () => {
  it('folds the sidebar in a narrow window and unfolds it when the builder closes', () => {
    const shell = harness(1024);
    expect(shell.expanded).toBe(false);
    act(() => shell.show(false));
    expect(shell.expanded).toBe(true);
  });

  it('leaves the sidebar alone in a wide window', () => {
    const shell = harness(1440);
    expect(shell.expanded).toBe(true);
    act(() => shell.show(false));
    expect(shell.expanded).toBe(true);
  });

  it('keeps the sidebar open once the user opens it again in the builder', () => {
    const shell = harness(1024);
    expect(shell.expanded).toBe(false);
    act(() => shell.toggle());
    expect(shell.expanded).toBe(true);
    act(() => shell.show(false));
    expect(shell.expanded).toBe(true);
  });
});

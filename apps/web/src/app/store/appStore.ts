import { createContext, useContext } from 'react';

export type NotificationKind = 'info' | 'success' | 'error';

/** A message shown to the user for `disappearAfter` milliseconds. */
export interface AppNotification {
  id: string;
  message: string;
  disappearAfter: number;
  kind: NotificationKind;
}

export interface NewNotification {
  message: string;
  disappearAfter?: number;
  kind?: NotificationKind;
}

export const defaultDisappearAfter = 10_000;

/** Application state of spec section 4: flags, notifications, the assistant session and demo mode. */
export interface AppStore {
  loading: boolean;
  setLoading: (loading: boolean) => void;
  sidebarExpanded: boolean;
  toggleSidebar: () => void;
  mobile: boolean;
  notifications: readonly AppNotification[];
  /** Shows a notification and returns its id. */
  addNotification: (notification: NewNotification) => string;
  removeNotification: (id: string) => void;
  assistantSessionId: string;
  demoMode: boolean;
  setDemoMode: (enabled: boolean) => void;
}

export const AppStoreContext = createContext<AppStore | null>(null);

export function useAppStore(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStore must be used inside AppStoreProvider');
  return store;
}

import { useMediaQuery } from '@mantine/hooks';
import { notifications as mantineNotifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { newId } from '../../lib/ids';
import { readStorage, writeStorage } from '../../lib/storage';
import {
  type AppNotification,
  type AppStore,
  AppStoreContext,
  defaultDisappearAfter,
  type NewNotification,
} from './appStore';

const demoModeKey = 'demoMode';
const notificationColors = { info: 'blue', success: 'teal', error: 'red' } as const;
/** Generated once when the app starts. */
const assistantSessionId = newId();

export function AppStoreProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(false);
  const [sidebarExpanded, setSidebarExpanded] = useState(true);
  const [notifications, setNotifications] = useState<readonly AppNotification[]>([]);
  const [demoMode, setDemoModeState] = useState(() => readStorage(demoModeKey) === 'true');
  const mobile = useMediaQuery('(max-width: 47.99em)', false);

  const toggleSidebar = useCallback(() => setSidebarExpanded((expanded) => !expanded), []);

  const forget = useCallback((id: string) => {
    setNotifications((list) => list.filter((notification) => notification.id !== id));
  }, []);

  const addNotification = useCallback(
    ({ message, disappearAfter = defaultDisappearAfter, kind = 'info' }: NewNotification) => {
      const notification: AppNotification = { id: newId(), message, disappearAfter, kind };
      setNotifications((list) => [...list, notification]);
      mantineNotifications.show({
        id: notification.id,
        message,
        color: notificationColors[kind],
        autoClose: disappearAfter,
        onClose: () => forget(notification.id),
      });
      return notification.id;
    },
    [forget],
  );

  const removeNotification = useCallback(
    (id: string) => {
      mantineNotifications.hide(id);
      forget(id);
    },
    [forget],
  );

  const setDemoMode = useCallback((enabled: boolean) => {
    writeStorage(demoModeKey, enabled ? 'true' : 'false');
    setDemoModeState(enabled);
  }, []);

  const store = useMemo<AppStore>(
    () => ({
      loading,
      setLoading,
      sidebarExpanded,
      toggleSidebar,
      mobile,
      notifications,
      addNotification,
      removeNotification,
      assistantSessionId,
      demoMode,
      setDemoMode,
    }),
    [
      loading,
      sidebarExpanded,
      toggleSidebar,
      mobile,
      notifications,
      addNotification,
      removeNotification,
      demoMode,
      setDemoMode,
    ],
  );

  return <AppStoreContext value={store}>{children}</AppStoreContext>;
}

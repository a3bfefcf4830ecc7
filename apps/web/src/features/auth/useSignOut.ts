import { useCallback } from 'react';
import { useAppStore } from '../../app/store/appStore';
import { useNotify } from '../../app/store/useNotify';
import { signOut } from './api/authRequests';

/**
 * Signs out, then reloads on the sign-in page so that nothing of the previous user stays in memory.
 * For a click: a failure is shown in a notification.
 */
export function useSignOut(): () => void {
  const { setLoading } = useAppStore();
  const notify = useNotify();
  const signOutAndReload = useCallback(async () => {
    setLoading(true);
    const result = await signOut();
    if (!result.ok) {
      setLoading(false);
      notify.error(result.error.message ?? 'Signing out failed. Try again.');
      return;
    }
    window.location.assign('/login/');
  }, [setLoading, notify]);
  return useCallback(() => notify.reportFailure(signOutAndReload()), [notify, signOutAndReload]);
}

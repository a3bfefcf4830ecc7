import { useCallback } from 'react';
import { useAppStore } from '../../app/store/appStore';
import { useNotify } from '../../app/store/useNotify';
import { signOut } from './api/authRequests';

/** Signs out, then reloads on the sign-in page so that nothing of the previous user stays in memory. */
export function useSignOut(): () => Promise<void> {
  const { setLoading } = useAppStore();
  const notify = useNotify();
  return useCallback(async () => {
    setLoading(true);
    const result = await signOut();
    if (!result.ok) {
      setLoading(false);
      notify.error(result.error.message ?? 'Signing out failed. Try again.');
      return;
    }
    window.location.assign('/login/');
  }, [setLoading, notify]);
}

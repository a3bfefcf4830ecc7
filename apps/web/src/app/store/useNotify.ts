import { useMemo } from 'react';
import type { CombinedError } from 'urql';
import { mutationFailure } from '../../lib/graphqlErrors';
import { useAppStore } from './appStore';

/** Shortcuts to show success (green) and error (red) notifications. */
export function useNotify() {
  const { addNotification } = useAppStore();
  return useMemo(
    () => ({
      success: (message: string) => addNotification({ message, kind: 'success' }),
      error: (message: string) => addNotification({ message, kind: 'error' }),
      /** Reports a mutation: its failure in red, else `success` in green. Returns whether it succeeded. */
      mutation(
        result: { error?: CombinedError | undefined },
        payload: { error?: { code: string; message: string } | null } | null | undefined,
        success: string,
      ): boolean {
        const failure = mutationFailure(result, payload);
        addNotification(
          failure ? { message: failure, kind: 'error' } : { message: success, kind: 'success' },
        );
        return !failure;
      },
    }),
    [addNotification],
  );
}

import { useMemo } from 'react';
import type { CombinedError } from 'urql';
import { describeFailure, mutationFailure } from '../../lib/graphqlErrors';
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
      /**
       * Shows in red what `work` fails with. For the promise of an event handler or a confirmation: React
       * and Mantine ignore what a handler returns, so its failure would otherwise go unseen.
       */
      reportFailure(work: Promise<unknown>): void {
        work.catch((failure: unknown) =>
          addNotification({ message: describeFailure(failure), kind: 'error' }),
        );
      },
    }),
    [addNotification],
  );
}

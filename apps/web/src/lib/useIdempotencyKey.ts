import { useCallback, useMemo, useRef, useState } from 'react';
import { newId } from './ids';

/**
 * The idempotency key of a create form's submit (issue 14, item 17). The key stays the same while the
 * form is open, so a double click or a retry of the same submit sends it again and the server creates
 * once; `renew` after a success gives the next submit of a form that stays open a key of its own.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newId);
  const renew = useCallback(() => setKey(newId()), []);
  return { key, renew };
}

/**
 * Idempotency keys of one-click create actions (duplicate, use a starter template): one key per target
 * until its action succeeded, so a double click creates once and a retry after a failure reuses the key.
 */
export function useActionKeys(): { keyFor: (target: string) => string; done: (target: string) => void } {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      keyFor(target: string) {
        let key = keys.current.get(target);
        if (!key) {
          key = newId();
          keys.current.set(target, key);
        }
        return key;
      },
      done(target: string) {
        keys.current.delete(target);
      },
    }),
    [],
  );
}

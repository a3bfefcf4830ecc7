import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useNotify } from '../../app/store/useNotify';
import { META_MESSAGE_PARAM, META_RETURN_PARAM, metaReturnNotice } from './metaStatus';

/**
 * Back from Meta's consent page (`?meta=connected`, or `?meta=error&message=…`): says how it went in a
 * notification and takes the parameters off the URL, so a reload does not say it again.
 */
export function useMetaReturn() {
  const [params, setParams] = useSearchParams();
  const notify = useNotify();
  const outcome = params.get(META_RETURN_PARAM);
  const message = params.get(META_MESSAGE_PARAM);
  // React's development double effect must not say it twice.
  const said = useRef<string | null>(null);
  useEffect(() => {
    if (outcome === null) return;
    const key = `${outcome}\n${message ?? ''}`;
    if (said.current !== key) {
      said.current = key;
      const notice = metaReturnNotice(
        new URLSearchParams({ [META_RETURN_PARAM]: outcome, [META_MESSAGE_PARAM]: message ?? '' }),
      );
      if (notice) notify[notice.kind](notice.message);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(META_RETURN_PARAM);
        next.delete(META_MESSAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, message, notify, setParams]);
}

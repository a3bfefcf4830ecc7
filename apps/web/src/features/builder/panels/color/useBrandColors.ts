import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useMutation, useQuery } from 'urql';
import { useNotify } from '../../../../app/store/useNotify';
import { mutationFailure } from '../../../../lib/graphqlErrors';
import { brandKitContext, CreateBrandKitItemMutation } from '../../../brand-kit';
import { BuilderBrandColorsQuery } from './api/brandColors';
import { brandSwatches, hasRoomForColor, type BrandColor } from './paint';
import { pendingBrandColors } from './pendingBrandColors';
import { newId } from '../../../../lib/ids';

/** Spec section 8: the brand colour save messages and the new colour's name. */
export const BRAND_COLOR_SAVED = 'Successfully saved color to the Brand Kit.';
export const BRAND_COLOR_SAVE_FAILED = 'Failed to save. Please try again.';
export const NEW_BRAND_COLOR_NAME = 'New Color';

/** How a save from a colour field went; `reason` says why it failed, in the server's words. */
export type BrandColorSave = { ok: true } | { ok: false; reason: string; limitReached: boolean };

const NO_COLORS: readonly BrandColor[] = [];

/**
 * The brand kit's colours as swatches for a colour field, and saving a colour to the kit. Every field of
 * the page reads the same cached query (urql dedupes and caches it) and the same colours in flight.
 */
export function useBrandColors() {
  const [{ data, error }] = useQuery({ query: BuilderBrandColorsQuery });
  const pending = useSyncExternalStore(pendingBrandColors.subscribe, pendingBrandColors.getSnapshot);
  const [, create] = useMutation(CreateBrandKitItemMutation);
  const notify = useNotify();
  const kitColors = data?.brandKit.colors ?? NO_COLORS;
  const limit = data?.brandKit.limits.find((item) => item.type === 'COLOR');

  useEffect(() => {
    pendingBrandColors.settle(new Set(kitColors.map((color) => color.id)));
  }, [kitColors]);

  const swatches = useMemo(() => brandSwatches(kitColors, pending), [kitColors, pending]);

  /** Saves `hex` as a new kit colour named 'New Color' (spec section 7, row 5), shown at once. */
  const save = useCallback(
    async (hex: string): Promise<BrandColorSave> => {
      const key = pendingBrandColors.add(NEW_BRAND_COLOR_NAME, hex);
      const result = await create(
        {
          name: NEW_BRAND_COLOR_NAME,
          type: 'COLOR',
          legalAgreement: false,
          textContent: hex,
          // Each save of a colour is one submit, with its own key.
          idempotencyKey: newId(),
        },
        brandKitContext,
      );
      const payload = result.data?.createBrandKitItem;
      const failure = mutationFailure(result, payload);
      const item = payload?.brandKitItem;
      if (failure !== null || !item) {
        pendingBrandColors.remove(key);
        notify.error(BRAND_COLOR_SAVE_FAILED);
        return {
          ok: false,
          reason: failure ?? 'The server gave no answer. Try again.',
          limitReached: payload?.error?.code === 'LIMIT_REACHED',
        };
      }
      pendingBrandColors.saved(key, item.id);
      notify.success(BRAND_COLOR_SAVED);
      return { ok: true };
    },
    [create, notify],
  );

  return {
    swatches,
    /** The colour limit (spec section 9: 20), as the kit last reported it. */
    limit,
    hasRoom: hasRoomForColor(limit, pending, kitColors),
    loadFailed: error !== undefined && data === undefined,
    save,
  };
}

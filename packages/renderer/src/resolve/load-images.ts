/**
 * Loads the images a resolved template needs, each distinct source once, through an injected loader
 * (the images module on the server, fetch and createImageBitmap in the browser). Failures pass through
 * unchanged (the loader's message names the image and why), except for a source only logos use: that is
 * the spec's 'Failed to add logo images', with the loader's message as the reason.
 */
import { RENDERER_ERRORS } from '@adloom/template';
import type { ImageNeed } from './context.js';
import { RendererError } from './errors.js';

/** Every distinct source of `needs`, loaded once, by source. */
export async function loadImageSources<T>(
  needs: readonly ImageNeed[],
  load: (source: string) => Promise<T>,
): Promise<Map<string, T>> {
  const sources = new Map<string, boolean>();
  for (const need of needs)
    sources.set(need.source, (sources.get(need.source) ?? true) && need.kind === 'logo');
  const entries = await Promise.all(
    [...sources].map(async ([source, onlyLogo]) => {
      try {
        return [source, await load(source)] as const;
      } catch (error) {
        if (!onlyLogo) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new RendererError(RENDERER_ERRORS.logosFailed, reason, { cause: error });
      }
    }),
  );
  return new Map(entries);
}

/**
 * The bare renderer of `npm run bench:generate`: the same ads as the feed's, made by calling render()
 * directly, one after another, with the item's metadata and its photo fetched from the same local
 * server by the renderer's own loader (fetchImage). No database, no queue, no hashing, no storing: the
 * JPEG bytes are checked and dropped. The template is the one generation renders for this client: the
 * design's version with the slot fits applied and the logo layers removed (the client has no logo), as
 * generateCreative rewrites it.
 */
import type { StoredSlot } from '../../apps/server/src/db/schema.js';
import { CREATIVE_FORMAT } from '../../apps/server/src/modules/feeds/generation/generate.js';
import { templateUses } from '../../apps/server/src/modules/feeds/generation/input-hash.js';
import {
  applyFitToTemplate,
  featureOn,
  removeLogoLayers,
} from '../../apps/server/src/modules/feeds/generation/slot-features.js';
import type { BenchRenderOptions, RendererServer } from '../bench/renderer.js';
import { busyShare, machineTicks } from './machine.js';

/** One ad's inputs. */
export interface BareItem {
  itemId: string;
  /** The item's photo (its image_link). */
  url: string;
  /** itemMetadata(item, now). */
  metadata: Record<string, string>;
}

/** The template generateCreative renders for a design without slot overrides and a client without a logo. */
export function generationTemplate(templateString: string, slots: readonly StoredSlot[]): string {
  let template = templateString;
  for (const slot of slots) {
    const features = Object.fromEntries(slot.features.map(({ key, value }) => [key, value]));
    if (Object.hasOwn(features, 'isContain'))
      template = applyFitToTemplate(template, slot.id, featureOn(features, 'isContain')).templateString;
  }
  if (templateUses(template).logoLayers) template = removeLogoLayers(template).templateString;
  return template;
}

/** render()'s request for one item: slot 1 takes the photo's URL, as generation's inputs do. */
export function bareRequest(template: string, item: BareItem): Record<string, unknown> {
  return {
    template,
    inputs: [{ input: item.url, color: null }],
    metadata: item.metadata,
    additionalFiles: { logos: [] },
  };
}

type Options = BenchRenderOptions & { images: { allowHosts: readonly string[] } };

/** Renders one item's ad; throws unless it is a 1080 × 1080 JPEG. */
export async function renderOne(
  renderer: RendererServer,
  template: string,
  item: BareItem,
  allowHosts: readonly string[],
): Promise<void> {
  const options: Options = {
    format: CREATIVE_FORMAT.format,
    quality: CREATIVE_FORMAT.quality,
    images: { allowHosts },
  };
  const result = await renderer.render(bareRequest(template, item), options);
  if (result.width !== 1080 || result.height !== 1080 || result.bytes[0] !== 0xff)
    throw new Error(`the bare render of ${item.itemId} gave ${result.width} × ${result.height}`);
}

export interface BareResult {
  /** Wall time of the measured renders, back to back. */
  totalMs: number;
  /** CPU time (user + system, all threads) of this process over the measured renders. */
  cpuMs: number;
  /** Share of the machine's cores busy meanwhile, all processes (undefined off Linux). */
  machineBusy: number | undefined;
  /** Each measured render. */
  msPerAd: number[];
}

/** CPU time of this process so far (user + system, every thread), in ms. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** `warmUps` unmeasured renders of the first items, then every item in order, one at a time. */
export async function renderBare(
  renderer: RendererServer,
  template: string,
  items: readonly BareItem[],
  options: { allowHosts: readonly string[]; warmUps: number },
): Promise<BareResult> {
  for (let index = 0; index < options.warmUps; index += 1)
    await renderOne(renderer, template, items[index % items.length]!, options.allowHosts);
  const msPerAd: number[] = [];
  const cpuBefore = cpuMs();
  const ticks = machineTicks();
  const started = performance.now();
  for (const item of items) {
    const before = performance.now();
    await renderOne(renderer, template, item, options.allowHosts);
    msPerAd.push(performance.now() - before);
  }
  const totalMs = performance.now() - started;
  return {
    totalMs,
    cpuMs: cpuMs() - cpuBefore,
    machineBusy: busyShare(ticks, machineTicks()),
    msPerAd,
  };
}

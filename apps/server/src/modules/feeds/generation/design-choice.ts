/**
 * Which design of a feed an item takes (issue 5: "An item matches a design when it has an image for
 * every image slot and passes the filter; with no match it is 'no template matched'; with no image at
 * all 'no input images'"). Pure: the item filter comes in as a predicate.
 */
import { itemImages, type ItemImageFields } from './metadata.js';

/** A design as the choice sees it: how many input images it needs and whether the item passes its filter. */
export interface DesignCandidate<Item> {
  /** Input slots of the design's template version (slot i takes the item's i-th image). */
  slotCount: number;
  /** The design's item filter; a design without a filter passes every item. */
  matches: (item: Item) => boolean;
}

export type DesignChoice<Design> =
  { design: Design } | { status: 'no_input_images' } | { status: 'no_template_matched' };

/**
 * The first design (in the given order) whose filter the item passes and whose slots the item's images
 * can fill; `no_input_images` when the item has no image at all (checked first: no design could take
 * it), `no_template_matched` when no design fits.
 */
export function chooseDesign<Item extends ItemImageFields, Design extends DesignCandidate<Item>>(
  designs: readonly Design[],
  item: Item,
): DesignChoice<Design> {
  const imageCount = itemImages(item).length;
  if (imageCount === 0) return { status: 'no_input_images' };
  // The slot count is compared first: it is cheap, and a filter is then only run on designs that could fit.
  const design = designs.find((candidate) => candidate.slotCount <= imageCount && candidate.matches(item));
  return design ? { design } : { status: 'no_template_matched' };
}

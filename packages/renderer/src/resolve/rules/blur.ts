/**
 * Rule 7 of the renderer sequence: MAIN_BLUR layers show the first input image, blurred, at 1.3 × its
 * cover scale (spec section 9: blur 0.4, scale 1.3).
 *
 * The 0.4 is fabric.js's Blur filter value. fabric blurs in two passes (horizontal, vertical), each a
 * 31-tap tent (triangle) filter whose half-width is `0.12 × blur` of the image's width or height, with the
 * longer side's value shrunk by the aspect ratio; both passes so have a half-width of
 * `a = 0.12 × blur × min(width, height)` image pixels. A tent of half-width a has variance a²/6, and
 * repeated box or tent passes tend to a Gaussian of the same variance, so the SVG equivalent is
 *
 *     feGaussianBlur stdDeviation = 0.12 × blur / √6 × min(drawn width, drawn height)
 *                                 ≈ 0.0196 × min(drawn width, drawn height)     (blur 0.4)
 *
 * in the image's user units, where "drawn" is the image's size after the 1.3 × cover scale. fabric
 * filters the source pixels before scaling, so the blur scales with the image, as this does.
 */
import { RENDERER, isBlurLayerId } from '@adloom/template';
import type { RuleContext } from '../context.js';
import { attr, rewrite, type XmlElement } from '../xml.js';
import { fillImageLayer } from './image-layer.js';

/** fabric's Blur: the tent's half-width per unit of `blur`, as a fraction of the image's smaller side. */
export const FABRIC_BLUR_HALF_WIDTH = 0.12;

/** The feGaussianBlur standard deviation, as a fraction of the drawn image's smaller side, for a fabric blur value. */
export function blurDeviationFraction(blur: number): number {
  return (FABRIC_BLUR_HALF_WIDTH * blur) / Math.sqrt(6);
}

/** Fills MAIN_BLUR layers; without a first input image the layer is removed with a warning. */
export function addBlurredBackground(root: XmlElement, context: RuleContext): XmlElement {
  const source = context.request.inputs[0]?.input;
  return rewrite(root, (node, ancestors) => {
    const id = attr(node, 'id');
    if (id === undefined || !isBlurLayerId(id)) return undefined;
    if (source === undefined) {
      context.warn(`Layer ${id} is removed: there is no first input image to blur`);
      return null;
    }
    return fillImageLayer(
      node,
      ancestors,
      {
        source,
        kind: 'blur',
        fit: 'cover',
        horizontal: 'CENTER',
        vertical: 'MIDDLE',
        enlarge: RENDERER.blur.scale,
        blurFraction: blurDeviationFraction(RENDERER.blur.blur),
      },
      context,
    );
  });
}

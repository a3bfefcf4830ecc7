/** The thresholds of the image features, and the colour names (one place, so descriptions quote the rules). */

export const IMAGE_THRESHOLDS = {
  /** Mean luma (0 black … 1 white) at or above which an image is bright. */
  bright: 0.65,
  /** Mean luma at or below which it is dark. */
  dark: 0.35,
  /** RMS contrast (standard deviation of luma, 0 … 0.5) at or above which contrast is high. */
  highContrast: 0.25,
  /** RMS contrast at or below which it is low. */
  lowContrast: 0.12,
  /** Estimated text coverage at or above which an image is text-heavy. */
  textHeavy: 0.2,
  /** Estimated text coverage below which it has little or no text. */
  textLight: 0.05,
  /** Share of the frame a named colour must cover (its dominant colours summed) to be a dominant colour. */
  dominantColorShare: 0.2,
} as const;

export const COLOR_NAMES = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
  'brown',
  'black',
  'white',
  'grey',
] as const;
export type ColorName = (typeof COLOR_NAMES)[number];

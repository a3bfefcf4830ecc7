/** The star-rating widget on the canvas: five stars filled to the preview value, like the renderer draws them. */
import { Rect } from 'fabric';
import { starFills, starLayout, starPoints } from '../../engine/fabric-props.js';
import type { RatingLayer } from '../../model/types.js';
import { DRAWN_DIRECTLY } from '../shared/fabricPaint.js';
import { DEFAULT_STAR_COLORS } from './model.js';

class RatingStars extends Rect {
  ratingValue = 0;
  filledColor: string = DEFAULT_STAR_COLORS.filled;
  emptyColor: string = DEFAULT_STAR_COLORS.empty;

  override _render(ctx: CanvasRenderingContext2D): void {
    const { width, height } = this;
    const { centers, size } = starLayout(width, height);
    const fills = starFills(this.ratingValue);
    centers.forEach((center, index) => {
      const star = new Path2D();
      starPoints(center - width / 2, 0, size).forEach((point, at) =>
        at === 0 ? star.moveTo(point.x, point.y) : star.lineTo(point.x, point.y),
      );
      star.closePath();
      ctx.fillStyle = this.emptyColor;
      ctx.fill(star);
      const fill = fills[index] ?? 0;
      if (fill <= 0) return;
      ctx.save();
      ctx.beginPath();
      ctx.rect(center - width / 2 - size / 2, -height / 2, size * fill, height);
      ctx.clip();
      ctx.fillStyle = this.filledColor;
      ctx.fill(star);
      ctx.restore();
    });
  }
}

/** The fabric object of a rating layer. */
export function createRatingStars(layer: RatingLayer): RatingStars {
  const stars = new RatingStars({
    width: layer.width,
    height: layer.height,
    fill: 'transparent',
    ...DRAWN_DIRECTLY,
  });
  stars.ratingValue = layer.value;
  stars.filledColor = layer.filledColor;
  stars.emptyColor = layer.emptyColor;
  return stars;
}

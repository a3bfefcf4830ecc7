/**
 * The templates of `npm run bench:builder`, made with the builder's own model and modelToSvg so the
 * builder opens them as its own: a 1080 × 1080 grid of mixed layers (rectangles, ellipses, texts and
 * image slots), the object to drag on top; for the baseline, that object with one image slot.
 */
import {
  addLayers,
  createDynamicImageLayer,
  createEllipseLayer,
  createModel,
  createRectLayer,
  createTextLayer,
  type ModelLayer,
} from '../../apps/web/src/features/builder/model/index.js';
import { modelToSvg } from '../../apps/web/src/features/builder/svg/index.js';

export const CANVAS_SIZE = 1080;
const CELL = 72;
const COLUMNS = CANVAS_SIZE / CELL;
const COLOURS = ['#e03131', '#2f9e44', '#1971c2', '#f08c00', '#9c36b5', '#0c8599'];

/** The object the drag moves: the top layer, in the grid's first cell, so a click there picks it. */
export const DRAGGED = { left: 6, top: 6, width: 60, height: 60 };

/** The layer in cell `index`: one kind in four of each, all inside the cell. */
function gridLayer(index: number): ModelLayer {
  const left = (index % COLUMNS) * CELL + 6;
  const top = Math.floor(index / COLUMNS) * CELL + 6;
  const fill = COLOURS[index % COLOURS.length]!;
  switch (index % 4) {
    case 0:
      return createRectLayer({ left, top, width: 60, height: 60, fill, rx: 6, ry: 6 });
    case 1:
      return createEllipseLayer({
        left,
        top,
        width: 60,
        height: 44,
        fill,
        stroke: '#212529',
        strokeWidth: 2,
      });
    case 2:
      return createTextLayer({ left, top, width: 60, text: `T${index}`, fontSize: 24, fill });
    default:
      return createDynamicImageLayer('IMAGE', { left, top, width: 60, height: 60 });
  }
}

/**
 * A template of `layers` layers (at least 2): `layers - 1` grid layers under the dragged rectangle. The
 * grid starts at its second cell, so nothing lies under the dragged object's starting place. With 2 layers,
 * the other one is an image slot (a template needs one) in the far corner, out of the drag's way: the
 * baseline of a drag on an empty canvas.
 */
export function benchTemplateSvg(name: string, layers: number): string {
  if (layers < 2 || layers > COLUMNS * COLUMNS) throw new RangeError(`cannot lay out ${layers} layers`);
  const grid =
    layers === 2
      ? [createDynamicImageLayer('IMAGE', { left: 1000, top: 1000, width: 60, height: 60 })]
      : Array.from({ length: layers - 1 }, (_, index) => gridLayer(index + 1));
  const dragged = createRectLayer({ ...DRAGGED, fill: '#212529' });
  const model = addLayers(createModel({ name, width: CANVAS_SIZE, height: CANVAS_SIZE }), [...grid, dragged]);
  return modelToSvg(model);
}

/** The save and generation rules of spec section 5, applied to the model through packages/template. */
import { validateTemplateForSave, type SaveCheck } from '@adloom/template';
import { allLayers } from './tree.js';
import type { BuilderModel } from './types.js';

/**
 * Whether the template may be saved or used for generation: a dynamic image, slideshow or video layer
 * (group members count: the renderer finds slots at any depth), no editor error, sizes 50 to 3000, a
 * name of at most 100 characters. When not, the first failing rule and the text to show.
 */
export function validateModelForSave(model: BuilderModel, editorError: string | null = null): SaveCheck {
  return validateTemplateForSave({
    name: model.name,
    width: model.width,
    height: model.height,
    layers: allLayers(model.layers).map((layer) => layer.data),
    editorError,
  });
}

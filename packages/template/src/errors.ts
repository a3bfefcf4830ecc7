/**
 * Error texts of spec section 8, word for word. Builder, renderer and server show or log exactly these,
 * so they live in one place and the tests pin them.
 */
export const BUILDER_ERRORS = {
  saveFailed: 'Failed to save template',
  templateUpdated: 'Template updated',
  templateCreated: 'Template created',
  templateNotFound: (id: string) => `Template ${id} not found`,
  notBuilderTemplate: 'Cannot edit template that was not created with the template builder.',
  colorSaved: 'Successfully saved color to the Brand Kit.',
  colorSaveFailed: 'Failed to save. Please try again.',
  previewError: 'Error generating preview',
  previewFailed: 'Failed to generate preview',
  previewStatusUnknown: 'Unable to get ad generation status',
  previewPayloadUnreadable: 'Unable to read ad generation payload',
  previewStartFailed: 'Unable to start ad generation',
  somethingWentWrong: 'Something went wrong. Please try again later',
  invalidSvg: 'Invalid SVG string',
  no2dContext: 'Failed to get 2D context',
  canvasEmpty: 'Canvas is empty',
  imageLoadFailed: 'Failed to load image',
  fontFaceLoadFailed: 'Failed to load font face',
  ratingOutOfRange: 'Rating must be between 1 and 5',
} as const;

/** Renderer error texts of spec section 8 (and the rating rule of section 5). */
export const RENDERER_ERRORS = {
  unparseableTemplate: 'could not parse the template!',
  layerNotFound: (id: string) => `Could not find layer name ${id}`,
  missingInputImage: (id: string) => `Missing input image for layer id=${id}`,
  logoNotFound: (id: string) => `Could not find logo for layer id=${id}`,
  fontsFailed: 'Failed to load fonts',
  logosFailed: 'Failed to add logo images',
  ratingOutOfScale: (min: number, max: number) => `Rating must be between ${min} and ${max}`,
  mathInvalidInput: 'Invalid input: only numbers, basic operators for input value are allowed.',
  mathNotANumber: 'Result is not a valid number.',
  mathFailed: (reason: string) => `Failed to evaluate the expression: ${reason}`,
} as const;

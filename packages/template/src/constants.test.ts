import { describe, expect, it } from 'vitest';
import {
  APPLICATION,
  BUILDER,
  FONT_WEIGHT_KEYWORDS,
  FONT_WEIGHT_NAMES,
  parseFontWeight,
  RENDERER,
} from './constants.js';
import { BUILDER_ERRORS, RENDERER_ERRORS } from './errors.js';

describe('constants of spec section 9', () => {
  it('builder', () => {
    expect(BUILDER).toMatchObject({
      defaultWidth: 1080,
      defaultHeight: 1080,
      defaultName: 'New Template',
      defaultBackgroundColor: '#ffffff',
      defaultConstrainProportions: true,
      minSize: 50,
      maxSize: 3000,
      maxNameLength: 100,
      zoom: { min: 0.25, max: 2, step: 0.1 },
      undoSteps: 50,
      pollMs: 1000,
      fontPreloadTimeoutMs: 3000,
      defaultFontPreloadTimeoutMs: 10000,
      snapDistance: 4,
      guideMargin: 5,
      arrowMove: 1,
      defaultFont: { family: 'Open Sans', size: 64, weight: 400, textAlign: 'center' },
      slideshow: { slideDuration: 2, transition: 0.3, maxSlides: 4 },
      thumbnail: { maxLongSide: 1080 },
      layerThumbnail: { type: 'image/jpeg', quality: 0.5, base: 96 },
      ratingStars: { min: 1, max: 5 },
      defaultPreviewRating: 3.5,
    });
  });

  it('application', () => {
    expect(APPLICATION).toEqual({
      notificationDisappearAfterMs: 10000,
      sidebarExpandedByDefault: true,
      brandKitLimits: [5, 20, 50, 200, 20],
    });
  });

  it('renderer', () => {
    expect(RENDERER).toEqual({
      defaultWidth: 1080,
      defaultHeight: 1080,
      fontLoadTimeoutMs: 9000,
      fontPollMs: 25,
      postRenderWaitMs: 100,
      rating: { scaleMin: 1, scaleMax: 5, starReferenceWidth: 223, starSizeFactor: 1.2 },
      blur: { blur: 0.4, scale: 1.3 },
      superscript: { size: 0.4, baseline: -0.39 },
      textMinWidth: 20,
    });
  });

  it('font weights: names and keywords', () => {
    expect(Object.entries(FONT_WEIGHT_NAMES)).toEqual([
      ['100', 'Thin'],
      ['200', 'Extra Light'],
      ['300', 'Light'],
      ['400', 'Normal'],
      ['500', 'Medium'],
      ['600', 'Semi Bold'],
      ['700', 'Bold'],
      ['800', 'Extra Bold'],
      ['900', 'Black'],
    ]);
    expect(FONT_WEIGHT_KEYWORDS).toEqual({ normal: 400, regular: 400, bold: 700, lighter: 300, bolder: 500 });
    expect(parseFontWeight('Bold')).toBe(700);
    expect(parseFontWeight('regular')).toBe(400);
    expect(parseFontWeight(' 600 ')).toBe(600);
    expect(parseFontWeight(300)).toBe(300);
    for (const value of ['450', 'heavy', '', 'constructor', 'toString', 0]) {
      expect(parseFontWeight(value)).toBeUndefined();
    }
  });
});

describe('error texts of spec section 8, word for word', () => {
  it('builder', () => {
    expect(BUILDER_ERRORS.notBuilderTemplate).toBe(
      'Cannot edit template that was not created with the template builder.',
    );
    expect(BUILDER_ERRORS.templateNotFound('7')).toBe('Template 7 not found');
    expect(BUILDER_ERRORS.saveFailed).toBe('Failed to save template');
    expect(BUILDER_ERRORS.colorSaved).toBe('Successfully saved color to the Brand Kit.');
    expect(BUILDER_ERRORS.somethingWentWrong).toBe('Something went wrong. Please try again later');
    expect(BUILDER_ERRORS.ratingOutOfRange).toBe('Rating must be between 1 and 5');
  });

  it('renderer', () => {
    expect(RENDERER_ERRORS.unparseableTemplate).toBe('could not parse the template!');
    expect(RENDERER_ERRORS.layerNotFound('MAIN_001')).toBe('Could not find layer name MAIN_001');
    expect(RENDERER_ERRORS.missingInputImage('MAIN_001')).toBe('Missing input image for layer id=MAIN_001');
    expect(RENDERER_ERRORS.logoNotFound('LOGO_MAIN')).toBe('Could not find logo for layer id=LOGO_MAIN');
    expect(RENDERER_ERRORS.ratingOutOfScale(1, 5)).toBe('Rating must be between 1 and 5');
    expect(RENDERER_ERRORS.fontsFailed).toBe('Failed to load fonts');
    expect(RENDERER_ERRORS.logosFailed).toBe('Failed to add logo images');
  });
});

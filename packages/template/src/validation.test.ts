import { describe, expect, it } from 'vitest';
import { createBuilderDocument, createBuilderLayer } from './document.js';
import { SAVE_REASONS, validateTemplateForSave } from './validation.js';

const withSlot = createBuilderDocument({
  layers: [createBuilderLayer('MAIN_001', { dynamicLayerType: 'IMAGE' })],
});

describe('validateTemplateForSave', () => {
  it('accepts a template with a dynamic image, no error, a size in range and a short name', () => {
    expect(validateTemplateForSave(withSlot)).toEqual({ ok: true });
  });

  it('accepts slideshow and video slots as dynamic layers, but not logos, blur or copy', () => {
    for (const dynamicLayerType of ['SLIDESHOW', 'VIDEO'] as const) {
      expect(validateTemplateForSave({ ...withSlot, layers: [{ dynamicLayerType }] }).ok).toBe(true);
    }
    for (const dynamicLayerType of ['LOGO_MAIN', 'BLUR', 'COPY', null] as const) {
      expect(validateTemplateForSave({ ...withSlot, layers: [{ dynamicLayerType }] })).toEqual({
        ok: false,
        rule: 'dynamicLayer',
        reason: 'Add at least one dynamic image, slideshow or video layer before saving.',
      });
    }
  });

  it('refuses while the editor shows an error, with that error', () => {
    expect(validateTemplateForSave({ ...withSlot, editorError: 'Invalid SVG string' })).toEqual({
      ok: false,
      rule: 'editorError',
      reason: 'Invalid SVG string',
    });
    expect(validateTemplateForSave({ ...withSlot, editorError: '' }).ok).toBe(true);
    expect(validateTemplateForSave({ ...withSlot, editorError: null }).ok).toBe(true);
  });

  it('needs width and height from 50 to 3000', () => {
    for (const [width, height] of [
      [50, 50],
      [3000, 3000],
      [1000, 1500],
    ]) {
      expect(validateTemplateForSave({ ...withSlot, width: width!, height: height! }).ok).toBe(true);
    }
    for (const [width, height] of [
      [49, 1080],
      [1080, 3001],
      [Number.NaN, 1080],
      [0, 0],
    ]) {
      expect(validateTemplateForSave({ ...withSlot, width: width!, height: height! })).toEqual({
        ok: false,
        rule: 'size',
        reason: 'Width and height must each be between 50 and 3000.',
      });
    }
  });

  it('allows at most 100 characters in the name, counting an emoji as one', () => {
    expect(validateTemplateForSave({ ...withSlot, name: 'x'.repeat(100) }).ok).toBe(true);
    expect(validateTemplateForSave({ ...withSlot, name: '😀'.repeat(100) }).ok).toBe(true);
    expect(validateTemplateForSave({ ...withSlot, name: 'x'.repeat(101) })).toEqual({
      ok: false,
      rule: 'nameLength',
      reason: SAVE_REASONS.nameLength,
    });
    expect(SAVE_REASONS.nameLength).toBe('The template name can have at most 100 characters.');
  });

  it('reports the first failing rule in the spec order', () => {
    expect(
      validateTemplateForSave({ name: 'x'.repeat(200), width: 1, height: 1, layers: [], editorError: 'e' }),
    ).toMatchObject({
      rule: 'dynamicLayer',
    });
  });
});

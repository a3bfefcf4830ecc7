import { describe, expect, it, vi } from 'vitest';
import type { ChosenTag } from '../engine/BuilderEditor';
import {
  addLayers,
  createDynamicImageLayer,
  createModel,
  createTextLayer,
  setDocumentSettings,
} from '../model/index.js';
import { modelAutoTags, modelSlots, resolveTagIds, withIndustry, withStyleKeys } from './tags';

describe('modelAutoTags', () => {
  it('tags the size, the image slot count, the logo and the price text as the server does', () => {
    let model = createModel();
    model = addLayers(model, [
      createDynamicImageLayer('IMAGE', { width: 400, height: 400 }),
      createDynamicImageLayer('IMAGE', { left: 500, width: 400, height: 400 }),
      createDynamicImageLayer('LOGO_MAIN', { width: 100, height: 50 }),
      createTextLayer({ text: 'Now {sale_price_super}' }),
    ]);
    expect(modelAutoTags(model).map((tag) => tag.label)).toEqual([
      '1080x1080',
      '2 dynamic images',
      'Main logo',
      'Text',
      expect.stringMatching(/sale price/i),
    ]);
  });

  it('follows the canvas size', () => {
    const model = setDocumentSettings(createModel(), { width: 1000, height: 1500 });
    expect(modelAutoTags(model).map((tag) => tag.key)).toEqual(['size_1000x1500']);
  });
});

describe('modelSlots', () => {
  it('lists the image slots by their ids in input order', () => {
    const model = addLayers(createModel(), [
      createDynamicImageLayer('IMAGE', { width: 10, height: 10 }),
      createDynamicImageLayer('IMAGE', { width: 10, height: 10 }),
      createDynamicImageLayer('LOGO_MAIN', { width: 10, height: 10 }),
    ]);
    const slots = modelSlots(model);
    expect(slots).toHaveLength(2);
    expect(new Set(slots.map((slot) => slot.id)).size).toBe(2);
  });
});

const minimal: ChosenTag = { id: 't-min', group: 'STYLE', key: 'Minimal' };
const home: ChosenTag = { id: 't-home', group: 'INDUSTRY', key: 'Home' };

describe('choosing tags', () => {
  it('takes a known style tag whatever the case, and makes the others new', () => {
    const next = withStyleKeys([home], ['minimal', ' Summer  sale '], [minimal, home]);
    expect(next).toEqual([home, minimal, { id: null, group: 'STYLE', key: 'Summer sale' }]);
  });

  it('drops empty and repeated keys', () => {
    expect(withStyleKeys([], ['Bold', 'bold', ' '], [])).toEqual([{ id: null, group: 'STYLE', key: 'Bold' }]);
  });

  it('keeps one industry tag', () => {
    const fashion: ChosenTag = { id: 't-fashion', group: 'INDUSTRY', key: 'Fashion' };
    expect(withIndustry([home, minimal], fashion)).toEqual([fashion, minimal]);
    expect(withIndustry([home, minimal], null)).toEqual([minimal]);
  });
});

describe('resolveTagIds', () => {
  it('creates the new style tags and skips, with a log, one that fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const create = vi.fn(async (key: string) => {
      if (key === 'Broken') throw new Error('refused');
      return `new-${key}`;
    });
    const resolved = await resolveTagIds(
      [minimal, { id: null, group: 'STYLE', key: 'Summer' }, { id: null, group: 'STYLE', key: 'Broken' }],
      create,
    );
    expect(resolved.map((tag) => tag.id)).toEqual(['t-min', 'new-Summer']);
    expect(create).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

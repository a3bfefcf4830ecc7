import { describe, expect, it } from 'vitest';
import {
  formatSlotCount,
  formatSlotType,
  formatTemplateSize,
  formatTimeAgo,
  groupBy,
  isSvgFile,
  slotAlignment,
  slotFit,
  storedFileUrl,
  templateNameFromFileName,
  versionNumbers,
} from './templateFormat';

const now = new Date('2030-06-15T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatTimeAgo', () => {
  it('says just now under a minute, and for a clock slightly ahead', () => {
    expect(formatTimeAgo(before(0), now)).toBe('just now');
    expect(formatTimeAgo(before(59), now)).toBe('just now');
    expect(formatTimeAgo(before(-5), now)).toBe('just now');
  });
  it('counts whole minutes, hours, days, weeks, months and years', () => {
    expect(formatTimeAgo(before(60), now)).toBe('1 minute ago');
    expect(formatTimeAgo(before(3 * 60 + 20), now)).toBe('3 minutes ago');
    expect(formatTimeAgo(before(2 * 3600), now)).toBe('2 hours ago');
    expect(formatTimeAgo(before(26 * 3600), now)).toBe('1 day ago');
    expect(formatTimeAgo(before(15 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(formatTimeAgo(before(62 * 24 * 3600), now)).toBe('2 months ago');
    expect(formatTimeAgo(before(800 * 24 * 3600), now)).toBe('2 years ago');
  });
});

describe('sizes and counts', () => {
  it('writes a size with a multiplication sign', () =>
    expect(formatTemplateSize(1080, 1920)).toBe('1080 × 1920'));
  it('writes slot counts in the singular and plural', () => {
    expect(formatSlotCount(1)).toBe('1 image slot');
    expect(formatSlotCount(0)).toBe('0 image slots');
    expect(formatSlotCount(3)).toBe('3 image slots');
  });
});

describe('templateNameFromFileName', () => {
  it('drops the extension and trims', () => {
    expect(templateNameFromFileName(' Summer sale .svg')).toBe('Summer sale');
    expect(templateNameFromFileName('a.b.svg')).toBe('a.b');
    expect(templateNameFromFileName('no-extension')).toBe('no-extension');
  });
  it('keeps at most 100 characters', () => {
    expect(templateNameFromFileName(`${'x'.repeat(140)}.svg`)).toBe('x'.repeat(100));
    expect(Array.from(templateNameFromFileName(`${'é'.repeat(120)}.svg`))).toHaveLength(100);
  });
  it('falls back to the default name', () => {
    expect(templateNameFromFileName('.svg')).toBe('New Template');
    expect(templateNameFromFileName('  .svg')).toBe('New Template');
  });
});

describe('files', () => {
  it('recognises SVG files by type or name', () => {
    expect(isSvgFile({ name: 'a.SVG', type: '' })).toBe(true);
    expect(isSvgFile({ name: 'a', type: 'image/svg+xml' })).toBe(true);
    expect(isSvgFile({ name: 'a.png', type: 'image/png' })).toBe(false);
  });
  it('serves stored keys under /files/ with each segment encoded', () =>
    expect(storedFileUrl('clients/c1/template-images/u1/my file#1.svg')).toBe(
      '/files/clients/c1/template-images/u1/my%20file%231.svg',
    ));
});

describe('slots', () => {
  it('names slot types', () => expect(formatSlotType('SLIDESHOW')).toBe('Slideshow'));
  it('reads contain or cover', () => {
    expect(slotFit([{ key: 'isContain', value: 'true' }])).toBe('Contain');
    expect(slotFit([{ key: 'isContain', value: 'false' }])).toBe('Cover');
    expect(slotFit([])).toBe('Cover');
  });
  it('reads the alignment, with the spec defaults', () => {
    expect(
      slotAlignment([
        { key: 'horizontalAlignment', value: 'LEFT' },
        { key: 'verticalAlignment', value: 'BOTTOM' },
      ]),
    ).toBe('Left, Bottom');
    expect(slotAlignment([])).toBe('Center, Middle');
  });
});

describe('groupBy and versionNumbers', () => {
  it('groups in the order first seen', () => {
    const groups = groupBy(['a1', 'b1', 'a2'], (s) => s.charAt(0));
    expect(groups).toEqual([
      { label: 'a', items: ['a1', 'a2'] },
      { label: 'b', items: ['b1'] },
    ]);
  });
  it('maps version ids to numbers', () => {
    const numbers = versionNumbers([
      { id: 'v2', number: 2 },
      { id: 'v1', number: 1 },
    ]);
    expect(numbers.get('v1')).toBe(1);
    expect(numbers.get('gone')).toBeUndefined();
  });
});

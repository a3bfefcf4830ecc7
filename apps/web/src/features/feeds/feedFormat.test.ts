import { describe, expect, it } from 'vitest';
import type { FeedCounts } from './feed';
import {
  itemPrice,
  creativeFileName,
  isCreativeWorking,
  neighbours,
  CREATIVE_STATUSES,
  creativeStatusLabels,
  describeSlotFeatures,
  designLabel,
  exportFormat,
  formatItemProgress,
  formatItems,
  itemIdsFilterJson,
  pageCount,
  parseSlotFeatures,
  prettyJson,
  progressPercent,
  readPageParam,
  readStatusParam,
  statusCount,
} from './feedFormat';

describe('progress', () => {
  it('writes the figure with thousands separators', () => {
    expect(formatItemProgress(1234, 2000)).toBe('1,234 of 2,000 items');
    expect(formatItemProgress(0, 1)).toBe('0 of 1 item');
    expect(formatItems(0)).toBe('0 items');
  });
  it('rounds down so that 100 means done, and is 0 without items', () => {
    expect(progressPercent(1999, 2000)).toBe(99);
    expect(progressPercent(2000, 2000)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, 4)).toBe(100);
  });
});

describe('statuses', () => {
  const counts: FeedCounts = {
    isGenerating: true,
    itemCount: 10,
    pendingCount: 1,
    inProgressCount: 2,
    completedCount: 7,
    noInputImagesCount: 3,
    noTemplateMatchedCount: 4,
    failedCount: 5,
    generatingCount: 3,
    generatedCount: 6,
    archivedCount: 7,
  };
  it('labels every status and reads its count', () => {
    expect(CREATIVE_STATUSES.map((status) => statusCount(counts, status))).toEqual([6, 3, 4, 5, 1, 2, 7]);
    expect(CREATIVE_STATUSES.every((status) => creativeStatusLabels[status].length > 0)).toBe(true);
  });
  it('reads the status filter from the URL, in any case, and ignores unknown values', () => {
    expect(readStatusParam('FAILED')).toBe('FAILED');
    expect(readStatusParam('no_input_images')).toBe('NO_INPUT_IMAGES');
    expect(readStatusParam('nonsense')).toBeNull();
    expect(readStatusParam(null)).toBeNull();
    expect(readStatusParam('')).toBeNull();
  });
});

describe('pages', () => {
  it('reads a positive whole page number, else 1', () => {
    expect(readPageParam('3')).toBe(3);
    expect(readPageParam(null)).toBe(1);
    expect(readPageParam('0')).toBe(1);
    expect(readPageParam('-2')).toBe(1);
    expect(readPageParam('1.5')).toBe(1);
    expect(readPageParam('x')).toBe(1);
  });
  it('counts pages of 48, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(48)).toBe(1);
    expect(pageCount(49)).toBe(2);
    expect(pageCount(10, 5)).toBe(2);
  });
});

describe('export URLs', () => {
  const xml = 'http://127.0.0.1:8181/export/clients/c-1/catalogs/cat-9/sets/set-3/feed-1.tok_en.xml';
  it('tells XML from CSV', () => {
    expect(exportFormat(xml)).toBe('XML');
    expect(exportFormat('https://x.test/a.b.csv?x=1')).toBe('CSV');
    expect(exportFormat('https://x.test/a')).toBeNull();
  });
});

describe('JSON', () => {
  it('builds a filter on item ids', () =>
    expect(JSON.parse(itemIdsFilterJson(['A', 'B']))).toEqual({ id: { is_any: ['A', 'B'] } }));
  it('indents JSON and leaves other text alone', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('not json')).toBe('not json');
  });
  it('reads slot features, skipping what is not a map', () => {
    expect(parseSlotFeatures('{"MAIN_001":{"isContain":true},"x":3}')).toEqual({
      MAIN_001: { isContain: 'true' },
    });
    expect(parseSlotFeatures('[1]')).toEqual({});
    expect(parseSlotFeatures('nope')).toEqual({});
    expect(parseSlotFeatures(null)).toEqual({});
  });
  it('describes slot features in words', () => {
    expect(
      describeSlotFeatures(
        JSON.stringify({
          MAIN_001: { isContain: 'true', removeBackground: 'true' },
          MAIN_002: { isContain: 'false', removeBorders: 'false', maxSlides: '3' },
          MAIN_003: {},
          MAIN_004: { horizontalAlignment: 'LEFT', verticalAlignment: 'bottom' },
          MAIN_005: { horizontalAlignment: 'SIDEWAYS' },
        }),
      ),
    ).toEqual([
      { slotId: 'MAIN_001', features: ['Contain', 'Remove background'] },
      { slotId: 'MAIN_002', features: ['Cover', 'Keep borders', 'maxSlides: 3'] },
      { slotId: 'MAIN_004', features: ['Horizontal position: Left', 'Vertical position: Bottom'] },
      { slotId: 'MAIN_005', features: ['Horizontal position: SIDEWAYS'] },
    ]);
  });
  it('numbers designs from 1', () => expect(designLabel(0)).toBe('Design 1'));
});

describe('one creative opened large', () => {
  it('downloads under the feed’s and the item’s names', () => {
    expect(creativeFileName('Summer shoes', 'SKU-1')).toBe('summer-shoes_SKU-1.jpg');
    expect(creativeFileName('  Été / 2025 ', 'a/b c')).toBe('été-2025_a-b-c.jpg');
    expect(creativeFileName('***', '')).toBe('feed_item.jpg');
  });

  it('steps to the previous and next item of the page, and stops at the ends', () => {
    const page = [{ itemId: 'A' }, { itemId: 'B' }, { itemId: 'C' }];
    expect(neighbours(page, 'B')).toEqual({ previous: { itemId: 'A' }, next: { itemId: 'C' } });
    expect(neighbours(page, 'A')).toEqual({ previous: null, next: { itemId: 'B' } });
    expect(neighbours(page, 'C')).toEqual({ previous: { itemId: 'B' }, next: null });
    expect(neighbours(page, 'Z')).toEqual({ previous: null, next: null });
  });

  it('counts pending and in-progress items as still being made', () => {
    expect(isCreativeWorking('PENDING')).toBe(true);
    expect(isCreativeWorking('IN_PROGRESS')).toBe(true);
    expect(isCreativeWorking('GENERATED')).toBe(false);
    expect(isCreativeWorking('FAILED')).toBe(false);
  });
});

describe('the preview’s prices', () => {
  it('shows the price with its currency, a sale price first, and nothing without a price', () => {
    expect(itemPrice({ price: '129.00', salePrice: null, currency: 'USD' })).toBe('129.00 USD');
    expect(itemPrice({ price: '129.00', salePrice: '99.00', currency: 'USD' })).toBe(
      '99.00 USD (was 129.00 USD)',
    );
    expect(itemPrice({ price: null, salePrice: null, currency: 'USD' })).toBeNull();
    expect(itemPrice(undefined)).toBeNull();
  });
});

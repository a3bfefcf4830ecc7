import { describe, expect, it } from 'vitest';
import { layerWarningLines } from './FeedLayerWarnings';

const warning = (designId: string, templateName: string, message: string, detail: string) => ({
  designId,
  templateName,
  layerId: 'RATING',
  layerName: 'rating',
  reason: 'no-rating',
  detail,
  emptyFor: 20,
  total: 20,
  message,
});

describe('the feed page’s layer warning lines', () => {
  it('are the server’s sentences with their reason, one per layer', () => {
    const lines = layerWarningLines({
      checkedItems: 20,
      itemTotal: 20,
      warnings: [
        warning(
          'd1',
          'Rated',
          'the rating layer will be empty for 20 of 20 items',
          'this catalogue has no rating column',
        ),
      ],
      unreadable: [],
    });
    expect(lines).toEqual([
      'The rating layer will be empty for 20 of 20 items (this catalogue has no rating column).',
    ]);
  });

  it('name the template when the layers come from several designs, and a design that cannot be read', () => {
    const lines = layerWarningLines({
      checkedItems: 5,
      itemTotal: 5,
      warnings: [
        warning('d1', 'Square', 'the rating layer will be empty for 2 of 3 items', 'no rating'),
        warning('d2', 'Story', 'the rating layer will be empty for 2 of 2 items', 'no rating'),
      ],
      unreadable: [{ designId: 'd3', templateName: 'Broken', error: 'its item filter is invalid: no field' }],
    });
    expect(lines).toEqual([
      'Square: The rating layer will be empty for 2 of 3 items (no rating).',
      'Story: The rating layer will be empty for 2 of 2 items (no rating).',
      'Broken: its item filter is invalid: no field.',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { catalogueColumnsOf } from './catalogueColumns';
import { matchingGroups } from './PlaceholderPicker';

describe("the preview catalogue's own columns in 'Insert placeholder'", () => {
  it('lists the extra fields of the loaded items once, sorted, and skips unreadable ones', () => {
    expect(
      catalogueColumnsOf([
        { extraJson: '{"material":"wool","fit":"slim"}' },
        { extraJson: '{"material":"cotton","season":"summer"}' },
        { extraJson: 'not json' },
        { extraJson: '[1,2]' },
      ]),
    ).toEqual(['fit', 'material', 'season']);
  });

  it("adds them as a group after the catalogue format's fields, without the ones that list already has", () => {
    const groups = matchingGroups('', ['material', 'brand']);
    const own = groups.find((group) => group.group === "Your catalogue's columns");
    expect(own?.fields.map((field) => field.key)).toEqual(['material']);
    expect(groups.at(-1)).toBe(own);
  });

  it('searches them like the others; a typed key they have is not offered again as "Other column"', () => {
    expect(matchingGroups('mater', ['material']).map((group) => group.group)).toEqual([
      "Your catalogue's columns",
      'Other column',
    ]);
    expect(matchingGroups('material', ['material']).map((group) => group.group)).toEqual([
      "Your catalogue's columns",
    ]);
    expect(matchingGroups('material', []).map((group) => group.group)).toEqual(['Other column']);
  });
});

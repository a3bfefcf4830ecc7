import { describe, expect, it } from 'vitest';
import { findFontFamily } from '../../fonts/catalogue.js';
import { catalogueFiles, parseUnicodeRange, primaryFontFiles, subsetsFor } from './font-files.js';

const files = (refs: { kind: string; file?: string }[]) => refs.map((ref) => ref.file);

describe('subset choice', () => {
  const openSans = findFontFamily('Open Sans')!;

  it('parses CSS unicode ranges', () => {
    expect(parseUnicodeRange('U+0000-00FF, U+0131,bad')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
    ]);
  });

  it('loads latin only for latin text, and adds the subsets other characters need', () => {
    expect(subsetsFor(openSans, 'Hello')).toEqual({ subsets: ['latin'], uncovered: [] });
    expect(subsetsFor(openSans, 'Łódź Цена ệ').subsets).toEqual([
      'latin',
      'cyrillic',
      'latin-ext',
      'vietnamese',
    ]);
    expect(subsetsFor(findFontFamily('Lato')!, 'Цена').uncovered).toEqual(['Ц', 'е', 'н', 'а']);
  });

  it('picks the weight by CSS matching and italic only where the family has it', () => {
    expect(files(catalogueFiles(openSans, { weight: 700, italic: true }, 'a').files)).toEqual([
      'Open Sans-700italic.ttf',
    ]);
    expect(files(catalogueFiles(openSans, { weight: 900, italic: false }, 'a').files)).toEqual([
      'Open Sans-800.ttf',
    ]);
    expect(files(catalogueFiles(findFontFamily('Anton')!, { weight: 700, italic: true }, 'a').files)).toEqual(
      ['Anton-400.ttf'],
    );
  });

  it('prefers a custom font of the same name and falls back to Open Sans for unknown families', () => {
    const warnings: string[] = [];
    const custom = [{ url: 'https://cdn.test/brand.ttf', family: 'Brand Sans' }];
    expect(
      primaryFontFiles({ family: 'brand sans', weight: 700, italic: false }, 'x', custom, (m) =>
        warnings.push(m),
      ),
    ).toEqual([{ kind: 'custom', url: 'https://cdn.test/brand.ttf', family: 'Brand Sans' }]);
    expect(
      files(
        primaryFontFiles({ family: 'Comic Sans', weight: 400, italic: false }, 'x', custom, (m) =>
          warnings.push(m),
        ),
      ),
    ).toEqual(['Open Sans-400.ttf']);
    expect(warnings).toEqual([
      "Font family 'Comic Sans' is not in the catalogue or the request's fonts; using Open Sans",
    ]);
  });
});

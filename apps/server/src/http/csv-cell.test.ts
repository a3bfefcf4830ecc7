import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, mayRunAsFormula } from './csv-cell.js';

describe('csvCell', () => {
  it('neutralises cells a spreadsheet could run as a formula: a quote in front, the cell quoted', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("+1+cmd|' /C calc'!A0")).toBe(`"'+1+cmd|' /C calc'!A0"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1:A9)')).toBe(`"'@SUM(A1:A9)"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('  =1+1')).toBe(`"'  =1+1"`);
    expect(csvCell('-')).toBe(`"'-"`);
    expect(csvCell('=1+2";=1+2')).toBe(`"'=1+2"";=1+2"`);
  });

  it('leaves plain decimal numbers as numbers, signed ones too', () => {
    for (const number of ['-5.00', '+3', '-12', '0.5', '42']) expect(csvCell(number)).toBe(number);
    for (const formula of ['-5.00 USD', '-1e5', '+5-1', '-5.', '-.5'])
      expect(mayRunAsFormula(formula)).toBe(true);
  });

  it('quotes only what needs it otherwise', () => {
    expect(csvCell('Trail shoe')).toBe('Trail shoe');
    expect(csvCell('Shirt, sand')).toBe('"Shirt, sand"');
    expect(csvCell('15" screen')).toBe('"15"" screen"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('')).toBe('');
  });

  it('reads back as the value, with a quote in front exactly when it could run as a formula', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({
            unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ' ', '"', ',', 'a', '1', '.'),
          }),
        ),
        (values) => {
          const [read = []] = parse(csvLine(['x', ...values]), { relax_column_count: false }) as string[][];
          expect(read).toEqual(['x', ...values.map((v) => (mayRunAsFormula(v) ? `'${v}` : v))]);
          for (const cell of read) expect(mayRunAsFormula(cell)).toBe(false);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('the CSV writer', () => {
  it('writes a header of labels and raw numbers, quoting per RFC 4180', () => {
    const rows = [
      { name: 'Summer, sale', spend: 1234.5, roas: null },
      { name: 'He said "buy"', spend: 0.1 + 0.2, roas: 3.42 },
      { name: 'Two\nlines', spend: Number.NaN, roas: 0 },
    ];
    const text = toCsv(
      [
        { label: 'Campaign', value: (row: (typeof rows)[number]) => row.name },
        { label: 'Spend (EUR)', value: (row) => row.spend },
        { label: 'ROAS', value: (row) => row.roas },
      ],
      rows,
    );
    expect(text).toBe(
      [
        'Campaign,Spend (EUR),ROAS',
        '"Summer, sale",1234.5,',
        '"He said ""buy""",0.30000000000000004,3.42',
        '"Two\nlines",,0',
        '',
      ].join('\r\n'),
    );
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv([{ label: 'A', value: () => 1 }], [])).toBe('A\r\n');
  });
});

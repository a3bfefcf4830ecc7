import { describe, expect, it } from 'vitest';
import { accentStrippedFileName, contentDispositionQuery, safeDisposition } from './download-name.js';

describe('download file names', () => {
  it('strips accents and unsafe characters', () => {
    expect(accentStrippedFileName('Contrat signé – Été.pdf')).toBe('Contrat signe _ Ete.pdf');
    expect(accentStrippedFileName('a"b\\c/d.pdf')).toBe('a_b_c_d.pdf');
    expect(accentStrippedFileName('')).toBe('download');
  });
  it('puts the accent-stripped name in the content-disposition query', () => {
    expect(decodeURIComponent(contentDispositionQuery('Crème.pdf'))).toBe(
      'response-content-disposition=attachment; filename="Creme.pdf"',
    );
  });
  it('accepts only a plain attachment disposition', () => {
    expect(safeDisposition('attachment; filename="ok.pdf"', 'x.pdf')).toBe('attachment; filename="ok.pdf"');
    expect(safeDisposition('inline', 'x.pdf')).toBe('attachment; filename="x.pdf"');
    expect(safeDisposition('attachment; filename="a\r\nSet-Cookie: x"', 'x.pdf')).toBe(
      'attachment; filename="x.pdf"',
    );
  });
});

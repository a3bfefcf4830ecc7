import { describe, expect, it } from 'vitest';
import { downloadFileName } from './file-name';

describe('downloadFileName', () => {
  it('lowercases the name, replaces every other character with an underscore and adds .jpg', () => {
    expect(downloadFileName('New Template')).toBe('new_template.jpg');
    expect(downloadFileName('Summer Sale 2026!')).toBe('summer_sale_2026_.jpg');
    expect(downloadFileName('banner-1080x1080.v2')).toBe('banner_1080x1080_v2.jpg');
  });

  it('replaces each character on its own, without collapsing runs or trimming', () => {
    expect(downloadFileName('A & B')).toBe('a___b.jpg');
    expect(downloadFileName('  x  ')).toBe('__x__.jpg');
    expect(downloadFileName('a/b\\c:d')).toBe('a_b_c_d.jpg');
  });

  it('keeps only ASCII letters and digits: accented and non-Latin letters become underscores', () => {
    expect(downloadFileName('Café Crème')).toBe('caf__cr_me.jpg');
    expect(downloadFileName('Ünïcödé')).toBe('_n_c_d_.jpg');
    expect(downloadFileName('Привет')).toBe('______.jpg');
    expect(downloadFileName('促销')).toBe('__.jpg');
    expect(downloadFileName('٣ days')).toBe('__days.jpg');
  });

  it('counts an emoji as one character', () => {
    expect(downloadFileName('Sale 🔥')).toBe('sale__.jpg');
  });

  it('lowercases the same way in every locale', () => {
    // Turkish dotted capital I lowercases to i + a combining dot: the i stays, the dot becomes an underscore.
    expect(downloadFileName('İSTANBUL')).toBe('i_stanbul.jpg');
  });

  it('gives just the extension for an empty name', () => {
    expect(downloadFileName('')).toBe('.jpg');
  });
});

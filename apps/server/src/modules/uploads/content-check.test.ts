import { describe, expect, it } from 'vitest';
import { kindsFor, sniffContent, storedContentType } from './content-check.js';

describe('content check of Ads Manager exports', () => {
  it('tells UTF-16 text with its BOM from an MPEG audio frame that starts alike', () => {
    const unicodeText = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Jour\tÂge\r\n2026-03-01\t18-24', 'utf16le'),
    ]);
    expect(sniffContent(unicodeText)).toBe('text');
    const frame = Buffer.from([
      0xff, 0xfe, 0x90, 0x00, 0x01, 0x02, 0x03, 0x00, 0x07, 0x00, 0x00, 0xd8, 0x41, 0x00,
    ]);
    expect(sniffContent(frame)).toBe('mp3');
    expect(sniffContent(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0x0f]))).toBe('mp3');
  });

  it('takes CSV and text, an XLSX (a ZIP), and lets a web page reach the importer’s own message', () => {
    expect(kindsFor('AD_PERFORMANCE_FILE', 'text/csv')).toEqual(['text', 'xml']);
    expect(
      kindsFor('AD_PERFORMANCE_FILE', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ).toEqual(['zip']);
    expect(kindsFor('AD_PERFORMANCE_FILE', 'application/octet-stream')).toEqual(['text', 'zip', 'xml']);
    expect(kindsFor('CATALOG_FILE', 'text/csv')).toEqual(['text']);
    expect(storedContentType('zip', 'application/octet-stream')).toBe('application/zip');
  });
});

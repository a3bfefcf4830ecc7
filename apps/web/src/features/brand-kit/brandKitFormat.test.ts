import { describe, expect, it } from 'vitest';
import {
  fileContentType,
  filesThatFit,
  fontFaceLabel,
  formatBytes,
  formatDuration,
  formatUsage,
  limitMessage,
  nameFromFileName,
} from './brandKitFormat';

describe('brand kit formatting', () => {
  it('declares the content type a file kind takes, by extension', () => {
    expect(fileContentType('FONT', 'Brand.WOFF2')).toBe('font/woff2');
    expect(fileContentType('LOGO', 'logo.jpeg')).toBe('image/jpeg');
    expect(fileContentType('AUDIO', 'jingle.m4a')).toBe('audio/mp4');
    expect(fileContentType('LOGO', 'logo.gif')).toBeNull();
    expect(fileContentType('FONT', 'font')).toBeNull();
    expect(fileContentType('FONT', 'x.toString')).toBeNull();
  });

  it('says limits as the server does', () => {
    expect(limitMessage('LOGO', 5)).toBe(
      'The brand kit can hold at most 5 logos. Delete one to add another.',
    );
    expect(formatUsage({ type: 'AUDIO', count: 1, maxItems: 5 })).toBe('1 of 5 audio tracks');
    expect(filesThatFit(['a', 'b', 'c'], { count: 3, maxItems: 5 })).toEqual({
      fitting: ['a', 'b'],
      refused: 1,
    });
    expect(filesThatFit(['a'], { count: 6, maxItems: 5 })).toEqual({ fitting: [], refused: 1 });
  });

  it('formats sizes, lengths and names', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(10)).toBe('1 KB');
    expect(formatDuration(2.6)).toBe('0:03');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(nameFromFileName('primary logo.svg')).toBe('primary logo');
  });
});

describe('fontFaceLabel', () => {
  it('names the weight and style read from the font file', () => {
    expect(fontFaceLabel({ weight: 700, style: 'italic' })).toBe('700 Bold Italic');
    expect(fontFaceLabel({ weight: 400, style: 'normal' })).toBe('400 Normal');
    expect(fontFaceLabel({ weight: 900, style: 'normal' })).toBe('900 Black');
  });
});

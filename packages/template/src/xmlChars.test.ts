import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeXml, hasXmlInvalidChars, stripXmlInvalidChars, xmlInvalidCharNames } from './xmlChars.js';

/** XML 1.0's Char production, written out on code points, independently of the module's regex. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** Strings mixing ordinary text with controls, non-characters, lone surrogates and astral characters. */
const mixedText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.constantFrom(
        '\u0000',
        '\u0008',
        '\u000b',
        '\u000c',
        '\u001f',
        '\ud800',
        '\udfff',
        '\ufffe',
        '\uffff',
        '😀',
        '\t',
        '\r\n',
      ),
    ),
  )
  .map((parts) => parts.join(''));

describe('stripXmlInvalidChars', () => {
  it('removes C0 controls other than tab, line feed and carriage return', () => {
    expect(stripXmlInvalidChars('Trail\u000bshoe\u0000')).toBe('Trailshoe');
    expect(stripXmlInvalidChars('\u0001\u0008\u000c\u001f')).toBe('');
    expect(stripXmlInvalidChars('a\tb\nc\rd')).toBe('a\tb\nc\rd');
  });

  it('removes U+FFFE, U+FFFF and lone surrogates, and keeps surrogate pairs', () => {
    expect(stripXmlInvalidChars('a\ufffeb\uffffc')).toBe('abc');
    expect(stripXmlInvalidChars('x\ud800y\udc00z')).toBe('xyz');
    expect(stripXmlInvalidChars('😀 \u{10ffff} \ue000 \ufffd \ud7ff')).toBe(
      '😀 \u{10ffff} \ue000 \ufffd \ud7ff',
    );
  });

  it('returns the same string when there is nothing to remove', () => {
    const text = 'Linen shirt – “sand” ©';
    expect(stripXmlInvalidChars(text)).toBe(text);
    expect(hasXmlInvalidChars(text)).toBe(false);
  });

  it('keeps exactly the characters of the Char production, in order', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const expected = [...text].filter((char) => isXmlChar(char.codePointAt(0)!)).join('');
        const stripped = stripXmlInvalidChars(text);
        expect(stripped).toBe(expected);
        expect(hasXmlInvalidChars(stripped)).toBe(false);
        expect(hasXmlInvalidChars(text)).toBe(stripped !== text);
      }),
    );
  });
});

describe('xmlInvalidCharNames', () => {
  it('names each removed character once, in order of first use', () => {
    expect(xmlInvalidCharNames('a\u000bb\u0000c\u000b\ud800')).toEqual(['U+000B', 'U+0000', 'U+D800']);
    expect(xmlInvalidCharNames('fine')).toEqual([]);
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and drops the characters XML cannot hold', () => {
    expect(escapeXml(`<b a="1">Tom's & Jerry's</b>\u000b`)).toBe(
      '&lt;b a=&quot;1&quot;&gt;Tom&apos;s &amp; Jerry&apos;s&lt;/b&gt;',
    );
  });
});

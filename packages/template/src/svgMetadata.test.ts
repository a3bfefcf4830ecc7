import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBuilderDocument } from './document.js';
import { readBuilderDocument, readBuilderMetadata, writeBuilderMetadata } from './svgMetadata.js';

const document = createBuilderDocument({ name: 'Tricky <name> & "quotes" ]]> </metadata>' });

describe('readBuilderMetadata', () => {
  it('reads JSON text, entity-escaped JSON and CDATA', () => {
    expect(readBuilderMetadata('<svg><metadata>{"version":1}</metadata></svg>')).toEqual({ version: 1 });
    expect(
      readBuilderMetadata('<svg><metadata>{&quot;a&quot;:&quot;&lt;b&gt;&#38;&#x41;&quot;}</metadata></svg>'),
    ).toEqual({
      a: '<b>&A',
    });
    expect(readBuilderMetadata('<svg><metadata><![CDATA[{"a":"</metadata>"}]]></metadata></svg>')).toEqual({
      a: '</metadata>',
    });
  });

  it('is robust to attributes, prefixes, comments and other metadata', () => {
    const svg = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE svg>',
      '<!-- <metadata>{"fake":true}</metadata> -->',
      '<svg xmlns="http://www.w3.org/2000/svg" data-x="a>b">',
      '<metadata id="rdf"><rdf:RDF><cc:Work/></rdf:RDF></metadata>',
      '<text title="<metadata>{&quot;no&quot;:1}</metadata>">x</text>',
      '<svg:metadata class="m" data-note=\'>\'>\n  {"version": 1, "name": "found"}\n</svg:metadata>',
      '</svg>',
    ].join('\n');
    expect(readBuilderMetadata(svg)).toEqual({ version: 1, name: 'found' });
  });

  it('returns null when there is no builder metadata', () => {
    expect(readBuilderMetadata('<svg><rect/></svg>')).toBeNull();
    expect(readBuilderMetadata('<svg><metadata/></svg>')).toBeNull();
    expect(readBuilderMetadata('<svg><metadata>not json</metadata></svg>')).toBeNull();
    expect(readBuilderMetadata('<svg><metadata>[1,2]</metadata></svg>')).toBeNull();
    expect(readBuilderMetadata('<svg><metadata>{"a":1}')).toBeNull();
    expect(readBuilderMetadata('')).toBeNull();
  });

  it('keeps unknown entities and out-of-range references as written', () => {
    expect(readBuilderMetadata('<svg><metadata>{"a":"&constructor;&#x110000;"}</metadata></svg>')).toEqual({
      a: '&constructor;&#x110000;',
    });
  });
});

describe('writeBuilderMetadata', () => {
  it('adds the metadata as the first child of the root svg and reads it back', () => {
    const svg = '<?xml version="1.0"?><svg width="1080" height="1080"><rect id="r"/></svg>';
    const written = writeBuilderMetadata(svg, document);
    expect(written.startsWith('<?xml version="1.0"?><svg width="1080" height="1080"><metadata>{')).toBe(true);
    expect(written.endsWith('</metadata><rect id="r"/></svg>')).toBe(true);
    expect(readBuilderMetadata(written)).toEqual(document);
  });

  it('replaces the existing builder metadata and leaves other metadata alone', () => {
    const svg =
      '<svg><metadata id="rdf"><rdf/></metadata><metadata><![CDATA[{"version":0}]]></metadata></svg>';
    const written = writeBuilderMetadata(svg, { version: 1 });
    expect(written).toBe('<svg><metadata id="rdf"><rdf/></metadata><metadata>{"version":1}</metadata></svg>');
  });

  it('opens a self-closing root', () => {
    expect(writeBuilderMetadata('<svg width="5" />', { a: 1 })).toBe(
      '<svg width="5"><metadata>{"a":1}</metadata></svg>',
    );
  });

  it('writes text without XML-special characters, so it needs no escaping', () => {
    const written = writeBuilderMetadata('<svg></svg>', document);
    const content = written.slice('<svg><metadata>'.length, -'</metadata></svg>'.length);
    expect(content).not.toMatch(/[<>&]/);
  });

  it('round-trips any JSON object, whatever characters it holds', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue()), (value) => {
        const written = writeBuilderMetadata('<svg><metadata>{"old":1}</metadata></svg>', value);
        expect(readBuilderMetadata(written)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 200 },
    );
  });

  it('needs an svg element', () => {
    expect(() => writeBuilderMetadata('<html></html>', {})).toThrow(/no <svg> element/);
  });
});

describe('readBuilderDocument', () => {
  it('reads and migrates the document', () => {
    const svg = writeBuilderMetadata('<svg></svg>', { title: 'From version 0' });
    expect(readBuilderDocument(svg)).toEqual(createBuilderDocument({ name: 'From version 0' }));
  });

  it('refuses a template without builder metadata with the spec text', () => {
    expect(() => readBuilderDocument('<svg><rect/></svg>')).toThrow(
      'Cannot edit template that was not created with the template builder.',
    );
  });
});

import { RENDERER_ERRORS } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { TemplateParseError } from './errors.js';
import { parseXml } from './parse.js';
import { serializeXml } from './serialize.js';
import { readTemplate } from './template.js';
import { attr, element, findElement, textContent } from './xml.js';

const svg = (body: string, attributes = 'width="200" height="100"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${body}</svg>`;

/** Runs `action`, expecting a TemplateParseError; returns it so the reason can be checked. */
function refusal(action: () => unknown): TemplateParseError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateParseError);
    expect((error as Error).message).toBe(RENDERER_ERRORS.unparseableTemplate);
    return error as TemplateParseError;
  }
  throw new Error('expected the template to be refused');
}

function timed<T>(action: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = action();
  return { result, ms: performance.now() - started };
}

describe('parseXml', () => {
  it('builds elements, attributes and text; folds CDATA into text and drops comments', () => {
    const root = parseXml('<a x="1" y=\'2\'><!-- note --><b>hi &amp; <![CDATA[<there>]]></b><?pi x?></a>');
    expect(root.name).toBe('a');
    expect(root.attributes).toEqual({ x: '1', y: '2' });
    expect(root.children).toHaveLength(1);
    const b = findElement(root, (node) => node.name === 'b')!;
    expect(textContent(b)).toBe('hi & <there>');
  });

  it('keeps attribute names like __proto__ as plain names', () => {
    const root = parseXml('<a __proto__="x" constructor="y"/>');
    expect(attr(root, '__proto__')).toBe('x');
    expect(attr(root, 'constructor')).toBe('y');
    expect(attr(root, 'toString')).toBeUndefined();
  });

  it("refuses text that is not XML with the spec's message", () => {
    expect(refusal(() => parseXml('not xml')).reason).toMatch(/not well-formed/);
    expect(refusal(() => parseXml('<a><b></a>')).reason).toMatch(/not well-formed/);
    expect(refusal(() => parseXml('')).reason).toBeDefined();
    expect(refusal(() => parseXml('<a>&nbsp;</a>')).reason).toMatch(/not well-formed/);
  });

  it('refuses a billion-laughs DOCTYPE at once', () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => {
        const previous = i === 0 ? 'lol' : `lol${i}`;
        return `<!ENTITY lol${i + 1} "${`&${previous};`.repeat(10)}">`;
      }),
      ']>',
      '<svg>&lol9;</svg>',
    ].join('\n');
    const { result, ms } = timed(() => refusal(() => readTemplate(lol)));
    expect(result.reason).toMatch(/DOCTYPE and ENTITY declarations are not allowed/);
    expect(ms).toBeLessThan(100);
  });

  it('refuses an external entity', () => {
    const xxe = '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg>&xxe;</svg>';
    expect(refusal(() => readTemplate(xxe)).reason).toMatch(/DOCTYPE/);
    // Without the declaration the reference is an unknown entity.
    expect(refusal(() => readTemplate('<svg>&xxe;</svg>')).reason).toMatch(/not well-formed/);
  });

  it('refuses 100 000 nested elements quickly', () => {
    const deep = '<svg>' + '<g>'.repeat(100_000) + '</g>'.repeat(100_000) + '</svg>';
    const { result, ms } = timed(() => refusal(() => readTemplate(deep)));
    expect(result.reason).toMatch(/nested more than 200 deep/);
    expect(ms).toBeLessThan(500);
  });

  it('refuses a 50 MB template before parsing it', () => {
    const huge = svg(`<desc>${'a'.repeat(50 * 1024 * 1024)}</desc>`);
    const { result, ms } = timed(() => refusal(() => readTemplate(huge)));
    expect(result.reason).toMatch(/characters long; the most is 10485760/);
    expect(ms).toBeLessThan(50);
  });

  it('refuses too many elements', () => {
    const many = svg('<rect/>'.repeat(20));
    expect(refusal(() => parseXml(many, { maxChars: 1e6, maxDepth: 10, maxElements: 10 })).reason).toMatch(
      /more than 10 elements/,
    );
  });
});

describe('readTemplate', () => {
  it('reads the size and defaults a missing width or height to 1080', () => {
    expect(readTemplate(svg('')).width).toBe(200);
    const template = readTemplate('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect([template.width, template.height]).toEqual([1080, 1080]);
    expect(attr(template.root, 'viewBox')).toBe('0 0 1080 1080');
    const onlyWidth = readTemplate('<svg width="300px" viewBox="0 0 30 30"/>');
    expect([onlyWidth.width, onlyWidth.height]).toEqual([300, 1080]);
    expect(attr(onlyWidth.root, 'viewBox')).toBe('0 0 30 30');
    expect(attr(onlyWidth.root, 'xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(readTemplate('<svg width="50%"/>').width).toBe(1080);
  });

  it('refuses a root that is not <svg> and a size beyond the limit', () => {
    expect(refusal(() => readTemplate('<html/>')).reason).toMatch(/not <svg>/);
    expect(refusal(() => readTemplate('<svg width="100000"/>')).reason).toMatch(/width is 100000/);
  });

  it('removes <script> and <foreignObject> wherever they are', () => {
    const template = readTemplate(
      svg(
        '<script>alert(1)</script><g><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div>' +
          '</foreignObject><rect width="1" height="1"/></g><svg:script xmlns:svg="http://www.w3.org/2000/svg"/>',
      ),
    );
    const out = serializeXml(template.root);
    expect(out).not.toMatch(/script|foreignObject|div/);
    expect(out).toContain('<rect width="1" height="1"/>');
    expect(template.removed).toEqual(['<script> element', '<foreignObject> element', '<svg:script> element']);
  });

  it('compares element and attribute names case-insensitively, prefix or not', () => {
    const template = readTemplate(
      svg(
        '<SCRIPT>alert(1)</SCRIPT><Script>alert(2)</Script>' +
          '<svg:SCRIPT xmlns:svg="http://www.w3.org/2000/svg">alert(3)</svg:SCRIPT>' +
          '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(4)</h:script>' +
          '<FOREIGNOBJECT><div xmlns="http://www.w3.org/1999/xhtml">x</div></FOREIGNOBJECT><foreignobject/>' +
          '<a><SET attributeName="href" to="javascript:alert(5)"/><AnimateMotion/></a>' +
          '<rect width="1" height="1" onLoad="a()" ONCLICK="b()" svg:onload="c()" xmlns:svg="http://www.w3.org/2000/svg"/>' +
          '<a HREF="JavaScript:alert(6)"><use xlink:HREF=" javascript:alert(7)"/></a>' +
          '<h:img xmlns:h="http://www.w3.org/1999/xhtml" SRC="http://tracker.test/p.gif"/>' +
          '<STYLE>@import url(http://evil.test/a.css);</STYLE>' +
          '<IMAGE href="data:image/svg+xml;base64,PHN2Zy8+"/><FEIMAGE HREF="https://evil.test/f.png"/>',
      ),
    );
    const out = serializeXml(template.root);
    expect(out).not.toMatch(/script|alert|foreignobject|div|<set|animatemotion|onload|onclick|evil|tracker/i);
    expect(out).toContain('<rect width="1" height="1" xmlns:svg="http://www.w3.org/2000/svg"/>');
    expect(template.removed).toEqual([
      '<SCRIPT> element',
      '<Script> element',
      '<svg:SCRIPT> element',
      '<h:script> element',
      '<FOREIGNOBJECT> element',
      '<foreignobject> element',
      '<SET> element',
      '<AnimateMotion> element',
      'onLoad attribute on <rect>',
      'ONCLICK attribute on <rect>',
      'svg:onload attribute on <rect>',
      'HREF="JavaScript:alert(6)" on <a>',
      'xlink:HREF="javascript:alert(7)" on <use>',
      'SRC attribute on <h:img>',
      '@import url(http://evil.test/a.css); in <style>',
      'href="data:image/svg+xml;base64,PHN2Zy8+" on <IMAGE>',
      'HREF="https://evil.test/f.png" on <FEIMAGE>',
    ]);
  });

  it('reports processing instructions, wherever they are, and never writes them back', () => {
    const template = readTemplate(
      '<?xml version="1.0"?><?xml-stylesheet href="javascript:alert(1)"?>' +
        svg('<?XML-STYLESHEET type="text/xsl" href="evil.xsl"?><g/>'),
    );
    expect(template.removed).toEqual([
      '<?xml-stylesheet?> processing instruction',
      '<?XML-STYLESHEET?> processing instruction',
    ]);
    expect(serializeXml(template.root)).not.toMatch(/<\?|stylesheet|javascript|evil/i);
  });

  it('removes event attributes and animations that could set an href', () => {
    const template = readTemplate(
      svg(
        '<rect onclick="x()" ONLOAD="y()" width="1"/><a><set attributeName="href" to="javascript:x()"/></a>',
      ),
      undefined,
    );
    const out = serializeXml(template.root);
    expect(out).not.toMatch(/onclick|ONLOAD|<set/i);
    expect(template.removed).toHaveLength(3);
  });

  it('drops javascript:, file and web hrefs but keeps fragments, raster data images and slot images', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const template = readTemplate(
      svg(
        '<a href="javascript:alert(1)"><use xlink:href="#shape"/></a>' +
          '<use href="http://evil.test/sprite.svg#x"/>' +
          `<image id="deco" href="${png}"/>` +
          '<image href="file:///etc/passwd"/>' +
          '<image href="https://example.test/not-a-slot.png"/>' +
          '<image href="data:image/svg+xml;base64,PHN2Zy8+"/>' +
          '<g id="MAIN_001"><image xlink:href="https://example.test/placeholder.png"/></g>' +
          '<image id="LOGO_MAIN" href="https://example.test/logo.png"/>' +
          '<image id="MAIN_BLUR" href="javascript:alert(1)"/>',
      ),
    );
    const out = serializeXml(template.root);
    expect(out).not.toMatch(/javascript|evil|passwd|not-a-slot|svg\+xml/);
    expect(out).toContain('xlink:href="#shape"');
    expect(out).toContain(`href="${png}"`);
    expect(out).toContain('xlink:href="https://example.test/placeholder.png"');
    expect(out).toContain('href="https://example.test/logo.png"');
    expect(template.removed).toHaveLength(6);
  });

  it('removes CSS imports and outside url() but keeps url(#fragment)', () => {
    const template = readTemplate(
      svg(
        '<style>@import url(http://evil.test/a.css); rect { fill: url("http://evil.test/p.png"); stroke: url(#g) }</style>' +
          '<rect style="fill:url(#g);stroke:url(https://evil.test/x)" fill="url(http://evil.test/y)" clip-path="url(#c)"/>' +
          '<style>rect { background: u\\72 l(http://evil.test/) }</style>',
      ),
    );
    const out = serializeXml(template.root);
    expect(out).not.toContain('evil');
    expect(out).toContain('stroke: url(#g)');
    expect(out).toContain('style="fill:url(#g);stroke:none"');
    expect(out).toContain('clip-path="url(#c)"');
    expect(out).not.toContain(' fill="');
    expect(template.removed.some((line) => line.includes('escapes'))).toBe(true);
  });

  it('drops attributes and elements with undeclared namespace prefixes', () => {
    const template = readTemplate(
      '<svg><g inkscape:label="x" xlink:title="t"><sodipodi:namedview/></g></svg>',
    );
    expect(serializeXml(template.root)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1080" ' +
        'height="1080" viewBox="0 0 1080 1080"><g xlink:title="t"/></svg>',
    );
  });
});

describe('serializeXml', () => {
  it('round-trips text and attributes with escaping', () => {
    const source = '<svg a="&lt;&amp;&quot;&#10;x"><text>a &lt; b &amp;&amp; c &gt; d</text><g/></svg>';
    const root = parseXml(source);
    const out = serializeXml(root);
    expect(out).toBe('<svg a="&#60;&#38;&#34;&#10;x"><text>a &lt; b &amp;&amp; c &gt; d</text><g/></svg>');
    expect(parseXml(out)).toEqual(root);
  });

  it('drops the characters XML cannot hold from text and attribute values a rule wrote', () => {
    const text = element('text', {}, [{ type: 'text', text: 'Trail\u000bshoe\ud800' }]);
    const root = element('svg', {}, [text]);
    const out = serializeXml(root, new Map([[text, { 'aria-label': 'Trail\u000bshoe\uffff' }]]));
    expect(out).toBe('<svg><text aria-label="Trailshoe">Trailshoe</text></svg>');
    expect(textContent(parseXml(out))).toBe('Trailshoe');
  });

  it('applies attribute overrides without copying the tree', () => {
    const root = parseXml('<svg><image id="i" href="x"/></svg>');
    const image = findElement(root, (node) => node.name === 'image')!;
    const out = serializeXml(root, new Map([[image, { href: 'data:image/png;base64,AA', width: '3' }]]));
    expect(out).toBe('<svg><image id="i" href="data:image/png;base64,AA" width="3"/></svg>');
  });
});

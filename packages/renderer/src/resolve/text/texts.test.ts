import { describe, expect, it } from 'vitest';
import { fileFontSource } from '../../server/fonts.js';
import { resolveTemplate } from '../resolve.js';
import { serializeXml } from '../serialize.js';
import { svgTemplate } from '../test/helpers.js';
import { attr, findElement, localName, walk, type XmlElement } from '../xml.js';
import { readTextStyle } from './text-style.js';
import { parseXml } from '../parse.js';

const fonts = fileFontSource();

async function resolveBody(body: string, metadata: Record<string, string> = {}, inputs: unknown[] = []) {
  const warnings: string[] = [];
  const resolved = await resolveTemplate(
    { template: svgTemplate(body), metadata, inputs },
    { fonts, onWarning: (message) => warnings.push(message) },
  );
  return { root: resolved.root, warnings };
}

const byId = (root: XmlElement, id: string) => findElement(root, (node) => attr(node, 'id') === id);
const paths = (node: XmlElement) =>
  node.children.filter((child) => child.type === 'element' && child.name === 'path');

describe('text', () => {
  const builderText = (title: string, extra = '') =>
    `<text id="t" title="${title}" data-x="40" data-y="40" data-width="600" font-family="Open Sans" font-size="48" fill="#123456" opacity="0.9"${extra}>preview</text>`;

  it('turns a builder text into glyph paths with its look and the filled text as aria-label', async () => {
    const { root, warnings } = await resolveBody(builderText('Hello {name|uppercase}'), { name: 'shoes' });
    const group = byId(root, 't')!;
    expect(group.name).toBe('g');
    expect(attr(group, 'aria-label')).toBe('Hello SHOES');
    expect(attr(group, 'fill')).toBe('#123456');
    expect(attr(group, 'opacity')).toBe('0.9');
    expect(Object.keys(group.attributes)).toEqual(['id', 'fill', 'opacity', 'aria-label']);
    expect(paths(group)).toHaveLength(1);
    expect(warnings).toEqual([]);
    let texts = 0;
    walk(root, (node) => void (localName(node) === 'text' && (texts += 1)));
    expect(texts).toBe(0);
  });

  it('wraps long text onto more lines, one path each', async () => {
    const { root } = await resolveBody(builderText('{title}'), {
      title: 'A rather long product title that cannot fit on one line',
    });
    expect(paths(byId(root, 't')!).length).toBeGreaterThan(1);
  });

  it('removes the text and warns when a key is missing', async () => {
    const { root, warnings } = await resolveBody(builderText('Only {price}'));
    expect(byId(root, 't')).toBeUndefined();
    expect(warnings).toEqual(['Missing metadata value for {price}; the text is cleared']);
  });

  it('keeps the value and warns when a filter fails', async () => {
    const { root, warnings } = await resolveBody(builderText('{price|math:*abc}'), { price: '10' });
    expect(attr(byId(root, 't')!, 'aria-label')).toBe('10');
    expect(warnings).toEqual([
      "Filter 'math' failed on {price}: Invalid input: only numbers, basic operators for input value are allowed.",
    ]);
  });

  it('raises cents for _super prices', async () => {
    const { root } = await resolveBody(builderText('{price_super}'), { price: '19.99' });
    const group = byId(root, 't')!;
    expect(attr(group, 'aria-label')).toBe('1999');
  });

  it('takes the colour of a COLOR_PRIMARY text', async () => {
    const { root } = await resolveBody(
      '<text id="COLOR_PRIMARY" title="Sale" data-width="300" font-size="40" fill="#000">Sale</text>',
      {},
      [{ input: 'a.png', color: '#ff0066' }],
    );
    expect(attr(byId(root, 'COLOR_PRIMARY')!, 'fill')).toBe('#ff0066');
  });

  it('draws plain SVG text too, so the rasteriser never needs a font', async () => {
    const { root } = await resolveBody(
      '<text id="p" x="10" y="50" font-family="Lato" font-size="30" text-anchor="middle"><tspan x="10" y="50">One</tspan><tspan x="10" y="90">Two</tspan></text>',
    );
    const group = byId(root, 'p')!;
    expect(attr(group, 'aria-label')).toBe('One\nTwo');
    expect(paths(group)).toHaveLength(2);
    expect(serializeXml(group)).not.toContain('text-anchor');
  });
});

describe('readTextStyle', () => {
  const read = (source: string) => readTextStyle(parseXml(source));

  it('reads the box and font attributes, with the builder defaults', () => {
    expect(read('<text data-width="10"/>')).toEqual({
      family: 'Open Sans',
      weight: 400,
      italic: false,
      size: 64,
      align: 'center',
      lineHeight: 1.16,
      box: { x: 0, y: 0, width: 20 },
    });
    expect(
      read(
        `<text data-x="5" data-y="6" data-width="300" data-align="RIGHT" data-line-height="1.4" font-family="'Playfair Display', serif" style="font-weight: bold; font-style: italic; font-size: 30px"/>`,
      ),
    ).toEqual({
      family: 'Playfair Display',
      weight: 700,
      italic: true,
      size: 30,
      align: 'right',
      lineHeight: 1.4,
      box: { x: 5, y: 6, width: 300 },
    });
  });

  it('reads plain SVG text as anchored at x/y, start by default', () => {
    expect(read('<text/>')).toMatchObject({ align: 'left', box: undefined });
    expect(read('<text text-anchor="end"/>').align).toBe('right');
  });
});

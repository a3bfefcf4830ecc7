import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { svgTemplate } from '../resolve/test/helpers.js';
import { render, renderSvg } from './render.js';

const template = svgTemplate(
  '<text id="t" title="{title} – {brand}" data-x="40" data-y="40" data-width="900" font-family="Open Sans" font-size="56" fill="#111">x</text>',
);

describe('render with characters XML cannot hold in a value', () => {
  it('draws a title with a vertical tab, NUL, U+FFFE and a lone surrogate as the title without them', async () => {
    const dirty = await render({
      template,
      metadata: { title: 'Trail\u000bshoe\u0000\ufffe', brand: 'Ac\ud800me' },
    });
    const clean = await render({ template, metadata: { title: 'Trailshoe', brand: 'Acme' } });
    expect(dirty.warnings).toEqual([]);
    const [a, b] = await Promise.all([dirty, clean].map((r) => sharp(r.bytes).raw().toBuffer()));
    expect(a!.equals(b!)).toBe(true);
  });

  it('writes a well-formed SVG whose text label has none of them', async () => {
    const { svg } = await renderSvg({ template, metadata: { title: 'Trail\u000bshoe', brand: 'Acme' } });
    expect(svg).toContain('aria-label="Trailshoe – Acme"');
    const controls = [...svg].filter((char) => char < ' ' && !'\t\n\r'.includes(char));
    expect(controls).toEqual([]);
  });
});

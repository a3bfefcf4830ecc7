import { describe, expect, it } from 'vitest';
import { parseXml } from '../resolve/parse.js';
import { serializeXml } from '../resolve/serialize.js';
import { rasterise } from '../server/rasterise.js';
import { foldOpacity, rootAllowsFolding } from './fold-opacity.js';

const folded = (shape: string) => serializeXml(foldOpacity(parseXml(shape)));

const document = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90" viewBox="0 0 120 90">${body}</svg>`;

describe('foldOpacity', () => {
  it("moves a filled shape's opacity into its fill-opacity, multiplied with the one it has", () => {
    expect(folded('<rect width="10" height="10" fill="#000" opacity="0.2"/>')).toBe(
      '<rect width="10" height="10" fill="#000" fill-opacity="0.2"/>',
    );
    expect(folded('<circle r="4" opacity="0.5" fill-opacity="0.5" stroke="none"/>')).toBe(
      '<circle r="4" fill-opacity="0.25" stroke="none"/>',
    );
  });

  it('leaves shapes whose opacity means more than their fill alone', () => {
    for (const shape of [
      '<rect width="10" height="10" stroke="#fff" opacity="0.5"/>',
      '<path d="M0 0L9 9" marker-end="url(#m)" opacity="0.5"/>',
      '<rect width="10" height="10" filter="url(#f)" opacity="0.5"/>',
      '<rect width="10" height="10" style="stroke:red" opacity="0.5"/>',
      '<rect width="10" height="10" opacity="50%"/>',
      '<g opacity="0.5"><rect width="10" height="10"/></g>',
      '<text opacity="0.5">a</text>',
    ])
      expect(folded(shape)).toBe(serializeXml(parseXml(shape)));
  });

  it('is refused under a root that could hand the shape a stroke or a fill-opacity', () => {
    expect(rootAllowsFolding(parseXml('<svg width="1" height="1"/>'))).toBe(true);
    expect(rootAllowsFolding(parseXml('<svg stroke="red"/>'))).toBe(false);
    expect(rootAllowsFolding(parseXml('<svg fill-opacity="0.5"/>'))).toBe(false);
  });

  it('draws the pixels resvg draws for the shape faded as a layer, within two levels', async () => {
    const shapes =
      '<rect x="3.5" y="2.25" width="100" height="70" rx="12" fill="#1e88e5" opacity="0.37"/>' +
      '<polygon points="10,80 60,5 110,80" fill="#e53935" fill-opacity="0.8" opacity="0.6"/>';
    const layered = await rasterise(document(shapes), undefined);
    const root = parseXml(document(shapes));
    const paint = await rasterise(
      serializeXml({
        ...root,
        children: root.children.map((node) => (node.type === 'element' ? foldOpacity(node) : node)),
      }),
      undefined,
    );
    expect(serializeXml(root)).toContain('opacity="0.37"');
    let worst = 0;
    let painted = 0;
    for (let index = 0; index < layered.pixels.length; index += 1) {
      worst = Math.max(worst, Math.abs(layered.pixels[index]! - paint.pixels[index]!));
      if (index % 4 === 3 && layered.pixels[index]! > 0) painted += 1;
    }
    expect(painted).toBeGreaterThan(5000);
    expect(worst).toBeLessThanOrEqual(2);
  });
});

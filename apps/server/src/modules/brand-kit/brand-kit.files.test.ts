import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngLogo } from '../../../test/fixtures/brand-kit.js';
import { checkLogo } from './brand-kit.files.js';

/** A PNG that is only a header claiming width × height: what a bomb's header says, without its pixels. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe("a brand-kit logo and the renderer's pixel limit", () => {
  it('refuses a PNG over the limit from its header, with the renderer’s words', async () => {
    await expect(checkLogo(pngHeader(20_000, 20_000), 'huge.png')).rejects.toMatchObject({
      code: 'INVALID_FILE',
      message:
        "Logo 'huge.png' is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image.",
    });
    // One pixel row over 5000 × 5000: refused before sharp could call it damaged (it has no pixel data).
    await expect(checkLogo(pngHeader(5000, 5001), 'tall.png')).rejects.toThrow(
      "Logo 'tall.png' is 5000 × 5001 pixels, more than the limit of 25 megapixels",
    );
  });

  it('refuses an SVG logo carrying a bomb inside, which the thumbnail would have decoded', async () => {
    const inner = `data:image/png;base64,${pngHeader(12_000, 12_000).toString('base64')}`;
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><image width="240" height="120" href="${inner}"/></svg>`,
    );
    await expect(checkLogo(svg, 'mark.svg')).rejects.toMatchObject({
      code: 'INVALID_FILE',
      message:
        "Logo 'mark.svg' contains an image of 12000 × 12000 pixels, more than the limit of 25 megapixels; use a smaller image.",
    });
  });

  it('still takes an ordinary logo', async () => {
    await expect(checkLogo(await pngLogo(1200, 600), 'logo.png')).resolves.toMatchObject({
      format: 'png',
      width: 1200,
      height: 600,
    });
  });
});

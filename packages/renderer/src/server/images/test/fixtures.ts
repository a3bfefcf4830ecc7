import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A still image of a flat colour in the given format, made in memory (no binary files in the repository). */
export async function solidImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return base.toFormat(format).toBuffer();
}

/** A two-frame animated GIF, 20 × 10, red then blue. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (r: number, b: number) =>
    sharp({ create: { width: 20, height: 10, channels: 4, background: { r, g: 0, b, alpha: 1 } } })
      .png()
      .toBuffer();
  return sharp([await frame(255, 0), await frame(0, 255)], { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** A JPEG stored 40 × 20 with EXIF orientation 6, so it is displayed 20 × 40. */
export async function rotatedJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const SVG_LOGO =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n' +
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<rect width="120" height="40" fill="#c82a5a"/></svg>';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks use it (ISO 3309 / zlib polynomial). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny, well-formed PNG whose IHDR claims width × height (8-bit RGB) with only a few rows of pixel data:
 * a decompression bomb's header without its payload. 60000 × 60000 would need about 10 GB decoded.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

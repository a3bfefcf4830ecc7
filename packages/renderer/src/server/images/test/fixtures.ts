import { constants, deflateRawSync, deflateSync } from 'node:zlib';
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

/**
 * A complete, valid black RGB PNG of width × height that decodes to every one of its pixels (20000 ×
 * 20000 is 1.2 GB decoded, about 1.2 MB here), made without ever holding them: the zlib stream repeats one
 * deflated, fully flushed megabyte of zeros, and the checksum of zeros is known in closed form.
 */
export function pngBomb(width: number, height: number): Buffer {
  const total = height * (1 + 3 * width); // each row: filter byte 0, then three zero bytes a pixel
  const piece = 1 << 20;
  const flushed = (size: number) =>
    deflateRawSync(Buffer.alloc(size), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const block = flushed(piece);
  const stream: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < Math.floor(total / piece); i += 1) stream.push(block);
  if (total % piece > 0) stream.push(flushed(total % piece));
  stream.push(Buffer.from([0x03, 0x00])); // an empty final block
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0); // Adler-32 of zeros: a = 1, b = length
  stream.push(adler);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(stream)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

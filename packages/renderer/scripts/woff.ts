// WOFF 1.0 to TrueType/OpenType (https://www.w3.org/TR/WOFF/): each table is zlib-compressed on its own,
// so decoding restores the original tables byte for byte. Node's zlib is all it needs.
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;
/** The whole font sums to this once head.checkSumAdjustment is right (OpenType spec, 'head' table). */
export const SFNT_CHECKSUM_MAGIC = 0xb1b0afba;

interface WoffTable {
  tag: string;
  offset: number;
  compLength: number;
  origLength: number;
  origChecksum: number;
  outOffset: number;
}

/** Decodes a WOFF 1.0 file to the sfnt (TTF or OTF) bytes it wraps. Throws on anything malformed. */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.length < WOFF_HEADER || input.readUInt32BE(0) !== WOFF_SIGNATURE)
    throw new Error('not a WOFF 1.0 file');
  const flavor = input.readUInt32BE(4);
  const numTables = input.readUInt16BE(12);
  if (numTables === 0 || WOFF_HEADER + numTables * WOFF_ENTRY > input.length)
    throw new Error('truncated WOFF table directory');

  const tables: WoffTable[] = [];
  for (let i = 0; i < numTables; i += 1) {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const table = {
      tag: input.toString('latin1', at, at + 4),
      offset: input.readUInt32BE(at + 4),
      compLength: input.readUInt32BE(at + 8),
      origLength: input.readUInt32BE(at + 12),
      origChecksum: input.readUInt32BE(at + 16),
      outOffset: 0,
    };
    if (table.offset + table.compLength > input.length || table.compLength > table.origLength)
      throw new Error(`WOFF table ${table.tag} lies outside the file`);
    tables.push(table);
  }

  // Tables keep their original physical order (the order of their data in the WOFF file).
  let size = SFNT_HEADER + numTables * SFNT_ENTRY;
  for (const table of [...tables].sort((a, b) => a.offset - b.offset)) {
    table.outOffset = size;
    size += (table.origLength + 3) & ~3;
  }

  const out = Buffer.alloc(size);
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange * SFNT_ENTRY, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * SFNT_ENTRY - searchRange * SFNT_ENTRY, 10);

  let headOffset: number | undefined;
  tables.forEach((table, i) => {
    // The WOFF directory is sorted by tag, as the sfnt directory must be.
    const entry = SFNT_HEADER + i * SFNT_ENTRY;
    out.write(table.tag, entry, 'latin1');
    out.writeUInt32BE(table.origChecksum, entry + 4);
    out.writeUInt32BE(table.outOffset, entry + 8);
    out.writeUInt32BE(table.origLength, entry + 12);
    const stored = input.subarray(table.offset, table.offset + table.compLength);
    const data = table.compLength < table.origLength ? inflateSync(stored) : stored;
    if (data.length !== table.origLength) throw new Error(`WOFF table ${table.tag} has the wrong length`);
    data.copy(out, table.outOffset);
    if (table.tag === 'head') headOffset = table.outOffset;
  });

  // Subsetters often leave the original font's adjustment behind; recompute it so the file is valid.
  if (headOffset !== undefined && out.length >= headOffset + 12) {
    out.writeUInt32BE(0, headOffset + 8);
    out.writeUInt32BE((SFNT_CHECKSUM_MAGIC - sfntChecksum(out)) >>> 0, headOffset + 8);
  }
  return out;
}

/** The OpenType checksum: the sum of big-endian 32-bit words, the data padded with zeros. */
export function sfntChecksum(data: Uint8Array): number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const whole = data.byteLength & ~3;
  let sum = 0;
  for (let i = 0; i < whole; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  if (whole < data.byteLength) {
    let last = 0;
    for (let i = whole; i < whole + 4; i += 1)
      last = (last << 8) | (i < data.byteLength ? view.getUint8(i) : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

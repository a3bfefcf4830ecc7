import { parseXml, type XmlElement } from '@adloom/renderer';
import { parseLayerId } from '@adloom/template';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  applyFitToTemplate,
  applySlotFeatures,
  applySlotLayoutToTemplate,
  slotLayoutOf,
  featureOn,
  removeLogoLayers,
  removePlainBackground,
  trimBorders,
  TRIM_THRESHOLD,
} from './slot-features.js';

const solid = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } });

/** A `color` rectangle of inner size centred in a `frame`-coloured border of `border` pixels. */
async function framed(inner: [number, number], border: number, color: string, frame: string) {
  const product = await solid(inner[0], inner[1], color).png().toBuffer();
  return solid(inner[0] + 2 * border, inner[1] + 2 * border, frame)
    .composite([{ input: product, left: border, top: border }])
    .png()
    .toBuffer();
}

/** A light frame with noise up to `amplitude` below white, around a dark product. */
async function noisyFrame(amplitude: number) {
  const width = 120;
  const height = 100;
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * amplitude;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inside = x >= 20 && x < 100 && y >= 20 && y < 80;
      const value = inside ? 40 : Math.round(255 - random());
      data.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function size(bytes: Buffer) {
  const { width, height, format, hasAlpha } = await sharp(bytes).metadata();
  return { width, height, format, hasAlpha };
}

async function rgba(bytes: Buffer) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)],
    info,
  };
}

describe('featureOn', () => {
  it('reads true in any case and nothing else', () => {
    expect(featureOn({ a: 'true', b: 'TRUE', c: 'false', d: '1' }, 'a')).toBe(true);
    expect(featureOn({ b: 'TRUE' }, 'b')).toBe(true);
    expect(featureOn({ c: 'false', d: '1' }, 'c')).toBe(false);
    expect(featureOn({ d: '1' }, 'd')).toBe(false);
    expect(featureOn({}, 'toString')).toBe(false);
  });
});

describe('removeBorders', () => {
  it('trims a white frame to the picture', async () => {
    const image = await framed([200, 150], 40, '#2060c0', '#ffffff');
    const result = await applySlotFeatures(image, { removeBorders: 'true' });
    expect(result.changed).toBe(true);
    expect(await size(result.bytes)).toMatchObject({ width: 200, height: 150 });
  });

  it('trims a uniform frame of any colour, keeping pale products whole (soft)', async () => {
    const grey = await framed([100, 80], 30, '#c03020', '#f0f0f0');
    expect(await size((await trimBorders(grey, TRIM_THRESHOLD.soft)).bytes)).toMatchObject({
      width: 100,
      height: 80,
    });
    // A pale grey product on white (23 away): soft trims to it, hard takes it for background too and
    // keeps the image whole.
    const pale = await framed([100, 80], 30, '#e8e8e8', '#ffffff');
    expect(await trimBorders(pale, TRIM_THRESHOLD.soft)).toMatchObject({
      changed: true,
      width: 100,
      height: 80,
    });
    expect(await trimBorders(pale, TRIM_THRESHOLD.hard)).toMatchObject({ changed: false, bytes: pale });
  });

  it('hard also trims a noisy light frame that soft leaves', async () => {
    const image = await noisyFrame(30);
    const soft = await applySlotFeatures(image, { removeBorders: 'true' });
    const hard = await applySlotFeatures(image, { removeBordersHard: 'true' });
    expect(await size(hard.bytes)).toMatchObject({ width: 80, height: 60 });
    const softSize = await size(soft.bytes);
    expect(softSize.width! * softSize.height!).toBeGreaterThan(80 * 60);
    // Both set: hard wins.
    const both = await applySlotFeatures(image, { removeBorders: 'true', removeBordersHard: 'true' });
    expect(await size(both.bytes)).toMatchObject({ width: 80, height: 60 });
  });

  it('leaves an image without a border as it is, same bytes, and keeps JPEG as JPEG', async () => {
    const photo = await solid(50, 40, '#336699')
      .composite([{ input: await solid(10, 10, '#ff0000').png().toBuffer(), left: 0, top: 0 }])
      .jpeg()
      .toBuffer();
    const result = await applySlotFeatures(photo, { removeBorders: 'true' });
    expect(result.changed).toBe(false);
    expect(result.bytes).toBe(photo);
    expect(result.notes).toEqual(['borders not removed: the image has no uniform border']);

    const framedJpeg = await sharp(await framed([60, 40], 20, '#203040', '#ffffff'))
      .jpeg({ quality: 95 })
      .toBuffer();
    const trimmed = await applySlotFeatures(framedJpeg, { removeBorders: 'true' });
    expect(await size(trimmed.bytes)).toMatchObject({ format: 'jpeg', hasAlpha: false });
  });

  it('does nothing without features', async () => {
    const image = await framed([20, 20], 5, '#000000', '#ffffff');
    expect(await applySlotFeatures(image, { isContain: 'true', removeBorders: 'false' })).toEqual({
      bytes: image,
      changed: false,
      notes: [],
    });
  });
});

describe('removeBackground', () => {
  /** A red ring (white inside) on a white background, as a JPEG packshot. */
  async function ring() {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160">' +
      '<rect width="200" height="160" fill="#ffffff"/>' +
      '<circle cx="100" cy="80" r="60" fill="#d02020"/><circle cx="100" cy="80" r="25" fill="#ffffff"/></svg>';
    return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
  }

  it('makes a plain background transparent, keeps enclosed background-coloured pixels and softens the edge', async () => {
    const result = await applySlotFeatures(await ring(), { removeBackground: 'true' });
    expect(result.changed).toBe(true);
    expect(result.notes).toEqual([]);
    expect(await size(result.bytes)).toMatchObject({
      format: 'png',
      hasAlpha: true,
      width: 200,
      height: 160,
    });
    const { at } = await rgba(result.bytes);
    expect(at(0, 0)[3]).toBe(0);
    expect(at(199, 159)[3]).toBe(0);
    expect(at(100, 30)[3]).toBe(255); // the ring
    expect(at(100, 80)).toEqual([255, 255, 255, 255]); // the white inside the ring stays
    // The edge is soft: along a row through the ring's left side, alpha climbs through partial values.
    const row = Array.from({ length: 30 }, (_, i) => at(25 + i, 80)[3]!);
    expect(row.some((alpha) => alpha > 0 && alpha < 255)).toBe(true);
  });

  it('leaves a textured background alone and says so', async () => {
    const image = await noisyFrame(120);
    const result = await removePlainBackground(image);
    expect(result.changed).toBe(false);
    expect(result.bytes).toBe(image);
    expect(result.note).toMatch(/^background not removed: the border is not a plain colour/);
    const applied = await applySlotFeatures(image, { removeBackground: 'true' });
    expect(applied.notes).toEqual([result.note]);
  });

  it('leaves images that are one colour or already transparent alone', async () => {
    const flat = await solid(40, 40, '#ffffff').png().toBuffer();
    expect(await removePlainBackground(flat)).toMatchObject({ changed: false, bytes: flat });
    const cutOut = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#00000000' } })
      .composite([{ input: await solid(10, 10, '#ff0000').png().toBuffer(), left: 15, top: 15 }])
      .png()
      .toBuffer();
    expect(await removePlainBackground(cutOut)).toMatchObject({
      changed: false,
      note: 'the image already has a transparent background',
    });
  });

  it('runs after border trimming', async () => {
    const image = await framed([100, 80], 20, '#ffffff', '#000000');
    const product = await sharp(image)
      .composite([{ input: await solid(20, 20, '#00aa00').png().toBuffer(), left: 60, top: 50 }])
      .png()
      .toBuffer();
    const result = await applySlotFeatures(product, { removeBorders: 'true', removeBackground: 'true' });
    expect(result.changed).toBe(true);
    const { at, info } = await rgba(result.bytes);
    expect([info.width, info.height]).toEqual([100, 80]);
    expect(at(0, 0)[3]).toBe(0);
    expect(at(50, 40)[3]).toBe(255);
  });
});

function ids(template: string): string[] {
  const found: string[] = [];
  const visit = (node: XmlElement) => {
    if (node.attributes.id !== undefined) found.push(node.attributes.id);
    for (const child of node.children) if (child.type === 'element') visit(child);
  };
  visit(parseXml(template));
  return found;
}

describe('applyFitToTemplate', () => {
  const template = (...slotIds: string[]) =>
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><!-- a comment -->' +
    slotIds.map((id) => `<rect id="${id.replace(/&/g, '&amp;')}" width="10" height="10"/>`).join('') +
    '<text title="{title}">t</text></svg>';

  it('turns a numbered slot into a contained one and back', () => {
    const contained = applyFitToTemplate(template('MAIN_001', 'MAIN_002_TOP'), 'MAIN_002_TOP', true);
    expect(contained.changed).toBe(true);
    expect(ids(contained.templateString)).toEqual(['MAIN_001', 'MAIN_002_CONTAIN_TOP']);
    const covered = applyFitToTemplate(contained.templateString, 'MAIN_002_CONTAIN_TOP', false);
    expect(ids(covered.templateString)).toEqual(['MAIN_001', 'MAIN_002_TOP']);
  });

  it('sets SCALE on a named slot', () => {
    const result = applyFitToTemplate(
      template('MAIN_SLOT:hero;REMBG:false;SCALE:fill'),
      'MAIN_SLOT:hero;REMBG:false;SCALE:fill',
      true,
    );
    expect(ids(result.templateString)).toEqual(['MAIN_SLOT:hero;REMBG:false;SCALE:fit']);
  });

  it('returns the same text when the id already says so', () => {
    const text = template('MAIN_001_CONTAIN');
    expect(applyFitToTemplate(text, 'MAIN_001_CONTAIN', true)).toEqual({
      templateString: text,
      changed: false,
    });
    expect(applyFitToTemplate(text, 'MAIN_001', false)).toEqual({ templateString: text, changed: false });
  });

  it('leaves legacy ids as designed, with a note', () => {
    const text = template('MAIN', 'MAIN_2');
    const result = applyFitToTemplate(text, 'MAIN', true);
    expect(result).toMatchObject({ templateString: text, changed: false });
    expect(result.note).toMatch(/legacy id/);
    expect(
      applyFitToTemplate(template('MAIN_PHOTO_CONTAIN'), 'MAIN_PHOTO_CONTAIN', true).note,
    ).toBeUndefined();
  });

  it('refuses a rewrite that collides with another id or reorders the slots', () => {
    const text = template('MAIN_001', 'MAIN_001_CONTAIN');
    const result = applyFitToTemplate(text, 'MAIN_001', true);
    expect(result).toMatchObject({ templateString: text, changed: false });
    expect(result.note).toMatch(/without changing which image it takes/);
    expect(applyFitToTemplate(template('MAIN_001'), 'MAIN_009', true).note).toMatch(/not in the template/);
    expect(applyFitToTemplate(template('MAIN_001'), 'LOGO_MAIN', true).note).toMatch(/not an image slot/);
  });
});

describe('applySlotLayoutToTemplate and slotLayoutOf', () => {
  const template = (...slotIds: string[]) =>
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    slotIds.map((id) => `<rect id="${id}" width="10" height="10"/>`).join('') +
    '</svg>';

  it('reads the layout a design asks for, in any case, and names values it cannot use', () => {
    expect(
      slotLayoutOf({ isContain: 'TRUE', horizontalAlignment: 'left', verticalAlignment: 'Bottom' }),
    ).toEqual({
      layout: { isContain: true, horizontalAlignment: 'LEFT', verticalAlignment: 'BOTTOM' },
      notes: [],
    });
    expect(slotLayoutOf({ removeBorders: 'true' })).toEqual({ layout: {}, notes: [] });
    expect(slotLayoutOf({ horizontalAlignment: 'up' })).toEqual({
      layout: {},
      notes: ["horizontalAlignment 'up' is not one of LEFT, CENTER, RIGHT: left as designed"],
    });
  });

  it('moves the image of a numbered slot to a corner, keeping its other features', () => {
    const result = applySlotLayoutToTemplate(template('MAIN_001_REMBG', 'MAIN_002'), 'MAIN_001_REMBG', {
      isContain: true,
      horizontalAlignment: 'LEFT',
      verticalAlignment: 'TOP',
    });
    expect(result.changed).toBe(true);
    const [id] = ids(result.templateString);
    expect(parseLayerId(id!)).toMatchObject({
      kind: 'slot',
      number: 1,
      features: {
        isContain: true,
        horizontalAlignment: 'LEFT',
        verticalAlignment: 'TOP',
        removeBackground: true,
      },
    });
    // Back to the centre: the default, so the tokens go.
    const centred = applySlotLayoutToTemplate(result.templateString, id!, {
      horizontalAlignment: 'CENTER',
      verticalAlignment: 'MIDDLE',
    });
    expect(parseLayerId(ids(centred.templateString)[0]!)).toMatchObject({
      features: { isContain: true, horizontalAlignment: 'CENTER', verticalAlignment: 'MIDDLE' },
    });
  });

  it("leaves a legacy id as designed with a note, and writes a named slot's alignment", () => {
    const legacy = applySlotLayoutToTemplate(template('MAIN'), 'MAIN', { horizontalAlignment: 'RIGHT' });
    expect(legacy).toMatchObject({ changed: false });
    expect(legacy.note).toMatch(/legacy id/);
    const named = applySlotLayoutToTemplate(template('MAIN_SLOT:hero'), 'MAIN_SLOT:hero', {
      horizontalAlignment: 'RIGHT',
    });
    expect(ids(named.templateString)).toEqual(['MAIN_SLOT:hero;REMBG:false;SCALE:fill;HALIGN:RIGHT']);
  });
});

describe('removeLogoLayers', () => {
  it('removes every layer whose id starts with logo', () => {
    const text =
      '<svg xmlns="http://www.w3.org/2000/svg"><image id="LOGO_MAIN" width="1" height="1"/>' +
      '<g id="g"><g id="logo_partner"><rect width="1" height="1"/></g><rect id="MAIN_001" width="1" height="1"/></g></svg>';
    const result = removeLogoLayers(text);
    expect(result).toMatchObject({ changed: true, removed: 2 });
    expect(ids(result.templateString)).toEqual(['g', 'MAIN_001']);
    const none = '<svg xmlns="http://www.w3.org/2000/svg"><rect id="MAIN_001"/></svg>';
    expect(removeLogoLayers(none)).toEqual({ templateString: none, changed: false, removed: 0 });
  });
});

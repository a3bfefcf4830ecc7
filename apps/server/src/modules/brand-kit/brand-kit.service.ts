/**
 * A client's brand kit (spec section 3 "Brand kit data", section 4 "Brand kit", section 7 row 5): colours,
 * fonts, logos, guides, audio and disclaimers. Items are created (files first go through an upload
 * destination, then createBrandKitItem names the stored key), guides, logos and fonts are renamed,
 * colours get a new value, and any item is deleted with its files.
 *
 * Limits. Spec section 9 gives the constants 5, 20, 50, 200 and 20 without their meanings; they live in
 * packages/template (brandKit.ts) so the server, the screen and the builder read the same numbers:
 *
 *   constant  bounds                                   why
 *   5         logos, and audio tracks, per brand kit   a brand has a handful of logo variants and ads use
 *                                                      the first as the main logo; audio (sonic logo,
 *                                                      jingles) is as few and the heaviest file (50 MB)
 *   20        colours per brand kit                    a palette is 5 to 15 colours; 20 swatches still fit
 *                                                      the builder's colour picker at a glance
 *   50        guides, and disclaimers, per brand kit   short texts kept per topic, market or offer
 *   200       characters of a disclaimer               it is printed on the ad: one or two lines
 *   20        fonts per brand kit                      one face per upload at weight 400 (spec section 3),
 *                                                      so a family's weights and italics are separate
 *                                                      fonts: two families of 4 weights with italics = 16
 *
 * Besides these: names have at most 100 characters (the spec's template name limit), a guide at most
 * 20,000 characters, and files the upload type's size (fonts and logos 10 MB, audio 50 MB). Every limit
 * is enforced here, inside the transaction that inserts, with a message that names the limit.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  BRAND_KIT_MAX_DISCLAIMER_LENGTH,
  BRAND_KIT_MAX_GUIDE_LENGTH,
  BRAND_KIT_MAX_ITEMS,
  BRAND_KIT_MAX_NAME_LENGTH,
  brandColourProblem,
  cleanFontName,
  normaliseBrandColour,
} from '@adloom/template';
import { findFontFamily } from '@adloom/renderer/fonts';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/client.js';
import { brandKitItems, clients, type BrandKitItemRow, type BrandKitItemType } from '../../db/schema.js';
import { DomainError, invalidInput, isUuid, notFound } from '../../errors.js';
import type { Actor } from '../users/index.js';
import {
  acceptUpload,
  isUploadKey,
  parseUploadKey,
  serverFileKey,
  storedKeyOf,
  UPLOAD_TYPES,
  type UploadType,
} from '../uploads/index.js';
import { checkAudio, checkFont, checkLogo, fontFaceText } from './brand-kit.files.js';

export type BrandKitDeps = Pick<AppDeps, 'db' | 'files' | 'log'>;

/** The upload type whose folder holds each file kind's uploads. */
export const FILE_UPLOAD_TYPES = {
  FONT: 'BRAND_KIT_FONT',
  LOGO: 'BRAND_KIT_LOGO',
  AUDIO: 'BRAND_KIT_AUDIO',
} as const satisfies Partial<Record<BrandKitItemType, UploadType>>;
type FileKind = keyof typeof FILE_UPLOAD_TYPES;

const isFileKind = (type: BrandKitItemType): type is FileKind => Object.hasOwn(FILE_UPLOAD_TYPES, type);

/** Kinds the spec lets people rename (section 4). */
export const RENAMABLE_KINDS: readonly BrandKitItemType[] = ['GUIDE', 'LOGO', 'FONT'];

/** How people call each kind, one and many. */
export const KIND_WORDS: Readonly<Record<BrandKitItemType, [string, string]>> = {
  COLOR: ['colour', 'colours'],
  FONT: ['font', 'fonts'],
  LOGO: ['logo', 'logos'],
  GUIDE: ['guide', 'guides'],
  AUDIO: ['audio track', 'audio tracks'],
  DISCLAIMER: ['disclaimer', 'disclaimers'],
};

/** 'a logo', 'an audio track'. */
export function aKind(type: BrandKitItemType): string {
  const word = KIND_WORDS[type][0];
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** The default name of a new item without one: the spec's 'New Color' (section 8) and its siblings. */
const DEFAULT_NAMES: Readonly<Record<'COLOR' | 'GUIDE' | 'DISCLAIMER', string>> = {
  COLOR: 'New Color',
  GUIDE: 'New Guide',
  DISCLAIMER: 'New Disclaimer',
};

/** What createBrandKitItem sends (spec section 7, row 5), plus the stored key of an uploaded file. */
export interface BrandKitItemInput {
  name: string;
  type: BrandKitItemType;
  legalAgreement?: boolean | null;
  textContent?: string | null;
  fileKey?: string | null;
}

/** The message of a full kind: the same words on the server and in the screen. */
export function limitMessage(type: BrandKitItemType): string {
  return `The brand kit can hold at most ${BRAND_KIT_MAX_ITEMS[type]} ${KIND_WORDS[type][1]}. Delete one to add another.`;
}

/** A colour's value as stored, or INVALID_COLOR naming the field (textContent) and what is wrong. */
export function normaliseColour(value: string): string {
  const problem = brandColourProblem(value);
  if (problem) throw new DomainError('INVALID_COLOR', `Colour (textContent): ${problem}`);
  return normaliseBrandColour(value);
}

const length = (text: string) => Array.from(text).length;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function checkName(type: BrandKitItemType, name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidInput(`Give the ${KIND_WORDS[type][0]} a name.`);
  if (length(trimmed) > BRAND_KIT_MAX_NAME_LENGTH)
    throw invalidInput(
      `${capitalise(aKind(type))} name can have at most ${BRAND_KIT_MAX_NAME_LENGTH} characters.`,
    );
  return trimmed;
}

function checkGuide(text: string | null | undefined): string {
  const content = (text ?? '').trim();
  if (content === '') throw invalidInput('A guide needs its text.');
  if (length(content) > BRAND_KIT_MAX_GUIDE_LENGTH)
    throw invalidInput(
      `A guide can have at most ${BRAND_KIT_MAX_GUIDE_LENGTH.toLocaleString('en')} characters.`,
    );
  return content;
}

function checkDisclaimer(text: string | null | undefined): string {
  const content = (text ?? '').trim().replace(/\s+/g, ' ');
  if (content === '') throw invalidInput('A disclaimer needs its text.');
  if (length(content) > BRAND_KIT_MAX_DISCLAIMER_LENGTH)
    throw invalidInput(
      `A disclaimer can have at most ${BRAND_KIT_MAX_DISCLAIMER_LENGTH} characters; this one has ${length(content)}.`,
    );
  return content;
}

/** Every item of a client's kit, oldest first (the first logo and colour are the ones ads use). */
export function listBrandKit(db: Db, clientId: string): Promise<BrandKitItemRow[]> {
  return db
    .select()
    .from(brandKitItems)
    .where(eq(brandKitItems.clientId, clientId))
    .orderBy(asc(brandKitItems.createdAt), asc(brandKitItems.id));
}

/** The items of one kind, oldest first. */
export function listOfKind(db: Db, clientId: string, type: BrandKitItemType): Promise<BrandKitItemRow[]> {
  return db
    .select()
    .from(brandKitItems)
    .where(and(eq(brandKitItems.clientId, clientId), eq(brandKitItems.type, type)))
    .orderBy(asc(brandKitItems.createdAt), asc(brandKitItems.id));
}

async function checkRoom(db: Db, clientId: string, type: BrandKitItemType): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(brandKitItems)
    .where(and(eq(brandKitItems.clientId, clientId), eq(brandKitItems.type, type)));
  if (Number(row?.n ?? 0) >= BRAND_KIT_MAX_ITEMS[type])
    throw new DomainError('LIMIT_REACHED', limitMessage(type));
}

/**
 * A font's name is the family templates ask for: it may not be another font's of the kit, nor a catalogue
 * family's (the renderer would let the one weight of the upload replace every weight of that family).
 */
async function checkFontName(db: Db, clientId: string, name: string, exceptId?: string): Promise<void> {
  const family = findFontFamily(name);
  if (family)
    throw new DomainError(
      'NAME_TAKEN',
      `'${family.family}' is a font of the catalogue already. Give the brand font another name.`,
    );
  const [taken] = await db
    .select({ id: brandKitItems.id })
    .from(brandKitItems)
    .where(
      and(
        eq(brandKitItems.clientId, clientId),
        eq(brandKitItems.type, 'FONT'),
        sql`lower(${brandKitItems.name}) = lower(${name})`,
        exceptId ? sql`${brandKitItems.id} <> ${exceptId}` : undefined,
      ),
    );
  if (taken)
    throw new DomainError(
      'NAME_TAKEN',
      `The brand kit has a font named '${name}' already. Choose another name.`,
    );
}

/** Refuses an upload that is an item's file already: deleting one item would take the other's file. */
async function checkUnused(db: Db, clientId: string, key: string): Promise<void> {
  const [used] = await db
    .select({ id: brandKitItems.id })
    .from(brandKitItems)
    .where(and(eq(brandKitItems.clientId, clientId), eq(brandKitItems.fileKey, key)));
  if (used)
    throw invalidInput(
      `The file '${fileNameOf(key)}' is in the brand kit already. Upload it again to add a copy.`,
    );
}

/**
 * Inserts within the kind's limit. The client's row is locked first, so two uploads racing for the last
 * place (or for one font name) are counted one after the other.
 */
async function insertWithinLimit(
  db: Db,
  values: typeof brandKitItems.$inferInsert & { type: BrandKitItemType },
): Promise<BrandKitItemRow> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, values.clientId))
      .for('no key update');
    if (values.fileKey) await checkUnused(tx, values.clientId, values.fileKey);
    await checkRoom(tx, values.clientId, values.type);
    if (values.type === 'FONT') await checkFontName(tx, values.clientId, values.name);
    const [row] = await tx.insert(brandKitItems).values(values).returning();
    return row!;
  });
}

/** The stored key of an upload into this client's folder for the kind, or a refusal. */
function ownUploadKey(clientId: string, type: FileKind, fileKey: string | null | undefined): string {
  if (!fileKey?.trim())
    throw invalidInput(
      `${capitalise(aKind(type))} is a file: upload it (createUploadDestination with uploadType ${FILE_UPLOAD_TYPES[type]}), then pass its key as fileKey.`,
    );
  const key = fileKey.trim().replace(/^\//, '');
  const folder = `clients/${clientId}/${UPLOAD_TYPES[FILE_UPLOAD_TYPES[type]].folder}/`;
  if (!key.startsWith(folder) || !isUploadKey(key) || !parseUploadKey(key))
    throw invalidInput(
      `'${key.slice(0, 200)}' is not ${aKind(type)} upload of this workspace. Upload the file with uploadType ${FILE_UPLOAD_TYPES[type]} and pass the key it was stored under.`,
    );
  return key;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const withoutExtension = (name: string) => name.replace(/\.[A-Za-z0-9]{1,8}$/, '');

/** Removes stored files, logging (not throwing) what fails: the item's fate is decided already. */
async function removeFiles(deps: BrandKitDeps, keys: readonly (string | null | undefined)[]): Promise<void> {
  for (const key of new Set(keys)) {
    if (!key) continue;
    await deps.files.remove(key).catch((error: unknown) => {
      deps.log.error({ err: error, key }, 'a brand kit file could not be removed');
    });
  }
}

/** What a checked file adds to its row, and the files written for it besides the upload. */
interface PreparedFile {
  values: Partial<typeof brandKitItems.$inferInsert>;
  written: string[];
  /** The upload, when the kept file lives under another key (a sanitised SVG): removed once saved. */
  replaced: string | null;
}

async function prepareFile(
  deps: BrandKitDeps,
  clientId: string,
  type: FileKind,
  key: string,
): Promise<PreparedFile> {
  const fileName = fileNameOf(key);
  const uploadType = FILE_UPLOAD_TYPES[type];
  const stored = await deps.files.get(key);
  if (!stored)
    throw new DomainError(
      'NOT_FOUND',
      `Nothing is stored under '${key}'. Upload the file to its upload destination first.`,
    );
  // Its size was checked by acceptUpload, on this very copy, which no upload destination can write.
  const bytes = await readAll(stored.stream);
  // A refused file is removed: nobody can use it, and its address must not stay public.
  const refuse = async (error: DomainError): Promise<never> => {
    await removeFiles(deps, [key]);
    throw error;
  };

  const guard = async <T>(check: Promise<T>): Promise<T> => {
    try {
      return await check;
    } catch (error) {
      if (error instanceof DomainError) return refuse(error);
      throw error;
    }
  };
  const written: string[] = [];
  const common = { fileKey: key, fileName, fileSize: bytes.length };

  if (type === 'FONT') {
    const font = await guard(checkFont(bytes, fileName));
    let fontFileKey = key;
    if (font.decoded) {
      fontFileKey = serverFileKey(clientId, uploadType, `${withoutExtension(fileName)}.ttf`);
      await deps.files.put(fontFileKey, font.decoded, { contentType: 'font/ttf', ifAbsent: true });
      written.push(fontFileKey);
    }
    return {
      values: { ...common, contentType: font.contentType, fontFileKey, textContent: fontFaceText(font.face) },
      written,
      replaced: null,
    };
  }
  if (type === 'LOGO') {
    const logo = await guard(checkLogo(bytes, fileName));
    let fileKey = key;
    if (logo.rewritten) {
      fileKey = serverFileKey(clientId, uploadType, fileName);
      await deps.files.put(fileKey, logo.bytes, { contentType: logo.contentType, ifAbsent: true });
      written.push(fileKey);
    }
    const thumbnailKey = serverFileKey(clientId, uploadType, 'thumbnail.png');
    await deps.files.put(thumbnailKey, logo.thumbnail, { contentType: 'image/png', ifAbsent: true });
    written.push(thumbnailKey);
    return {
      values: {
        ...common,
        fileKey,
        fileSize: logo.bytes.length,
        contentType: logo.contentType,
        thumbnailKey,
        width: logo.width,
        height: logo.height,
      },
      written,
      replaced: logo.rewritten ? key : null,
    };
  }
  const audio = await guard(checkAudio(bytes, fileName));
  return {
    values: { ...common, contentType: audio.contentType, durationSeconds: audio.durationSeconds },
    written,
    replaced: null,
  };
}

/** Creates an item of any kind (spec section 7, row 5), within its kind's limit. */
export async function createBrandKitItem(
  deps: BrandKitDeps,
  actor: Actor,
  input: BrandKitItemInput,
): Promise<BrandKitItemRow> {
  const { db } = deps;
  const { type } = input;
  const base = { clientId: actor.clientId, type, createdById: actor.user.id };
  if (!isFileKind(type)) {
    const name = checkName(type, input.name.trim() || DEFAULT_NAMES[type]);
    const textContent =
      type === 'COLOR'
        ? normaliseColour(input.textContent ?? '')
        : type === 'GUIDE'
          ? checkGuide(input.textContent)
          : checkDisclaimer(input.textContent);
    return insertWithinLimit(db, { ...base, name, textContent });
  }

  const key = ownUploadKey(actor.clientId, type, input.fileKey);
  if (type === 'FONT' && input.legalAgreement !== true)
    throw new DomainError(
      'LEGAL_AGREEMENT_REQUIRED',
      'Confirm that you hold a licence to use this font in your ads before adding it (legalAgreement).',
    );
  const fileName = fileNameOf(key);
  const name =
    type === 'FONT'
      ? cleanFontName(input.name.trim() || fileName)
      : checkName(type, input.name.trim() || withoutExtension(fileName));
  // An upload in use is kept under its stored key (uploads/accept-upload.ts).
  await checkUnused(db, actor.clientId, storedKeyOf(key));
  await checkRoom(db, actor.clientId, type);
  if (type === 'FONT') await checkFontName(db, actor.clientId, name);

  // Taken into use once, and checked against its declared type, as a copy no upload destination can reach.
  const accepted = await acceptUpload(deps, {
    clientId: actor.clientId,
    key,
    uploadTypes: [FILE_UPLOAD_TYPES[type]],
  });
  const prepared = await prepareFile(deps, actor.clientId, type, accepted.key);
  let row: BrandKitItemRow;
  try {
    row = await insertWithinLimit(db, { ...base, name, ...prepared.values });
  } catch (error) {
    // The checked copy goes too: an upload is used once, so nothing else can claim it.
    await removeFiles(deps, [...prepared.written, accepted.key]);
    throw error;
  }
  if (prepared.replaced) await removeFiles(deps, [prepared.replaced]);
  return row;
}

async function findOwn(db: Db, clientId: string, id: string): Promise<BrandKitItemRow> {
  if (!isUuid(id)) throw notFound('The brand kit item');
  const [row] = await db
    .select()
    .from(brandKitItems)
    .where(and(eq(brandKitItems.id, id), eq(brandKitItems.clientId, clientId)));
  if (!row) throw notFound('The brand kit item');
  return row;
}

/** Renames a guide, logo or font (spec section 4); a font's new name follows the font naming rule. */
export async function renameBrandKitItem(
  deps: BrandKitDeps,
  actor: Actor,
  id: string,
  newName: string,
): Promise<BrandKitItemRow> {
  const item = await findOwn(deps.db, actor.clientId, id);
  if (!RENAMABLE_KINDS.includes(item.type))
    throw new DomainError(
      'NOT_RENAMABLE',
      `${capitalise(aKind(item.type))} cannot be renamed; only guides, logos and fonts can.`,
    );
  const name =
    item.type === 'FONT' ? cleanFontName(checkName('FONT', newName)) : checkName(item.type, newName);
  return deps.db.transaction(async (tx) => {
    if (item.type === 'FONT') {
      await tx
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.id, actor.clientId))
        .for('no key update');
      await checkFontName(tx, actor.clientId, name, item.id);
    }
    const [row] = await tx
      .update(brandKitItems)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(brandKitItems.id, item.id), eq(brandKitItems.clientId, actor.clientId)))
      .returning();
    if (!row) throw notFound('The brand kit item');
    return row;
  });
}

/** Sets a colour's value, its text content (spec section 4). */
export async function updateBrandKitColor(
  deps: BrandKitDeps,
  actor: Actor,
  id: string,
  textContent: string,
): Promise<BrandKitItemRow> {
  const item = await findOwn(deps.db, actor.clientId, id);
  if (item.type !== 'COLOR')
    throw new DomainError('NOT_A_COLOR', `Only a colour has a value to change; this is ${aKind(item.type)}.`);
  const [row] = await deps.db
    .update(brandKitItems)
    .set({ textContent: normaliseColour(textContent), updatedAt: new Date() })
    .where(and(eq(brandKitItems.id, item.id), eq(brandKitItems.clientId, actor.clientId)))
    .returning();
  if (!row) throw notFound('The brand kit item');
  return row;
}

/** Deletes any item (spec section 4) and its stored files. */
export async function deleteBrandKitItem(
  deps: BrandKitDeps,
  actor: Actor,
  id: string,
): Promise<BrandKitItemRow> {
  if (!isUuid(id)) throw notFound('The brand kit item');
  const [row] = await deps.db
    .delete(brandKitItems)
    .where(and(eq(brandKitItems.id, id), eq(brandKitItems.clientId, actor.clientId)))
    .returning();
  if (!row) throw notFound('The brand kit item');
  await removeFiles(deps, [row.fileKey, row.thumbnailKey, row.fontFileKey]);
  return row;
}

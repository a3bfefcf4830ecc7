/**
 * Templates of a client (issue 4): every save makes an immutable version; the template row holds what
 * the list shows and points at the newest version. Library templates (no client) are read-only here and
 * copied into a client by useLibraryTemplate. Every function takes the acting member and touches only
 * that client's rows: another client's id answers 'not found', exactly as an id that does not exist.
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { AUTO_TAGS, TAG_GROUPS, copyName, type AutoTag, type TagGroup } from '@adloom/template';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import {
  templateTagLinks,
  templateTags,
  templates,
  templateVersions,
  users,
  type StoredSlot,
  type TemplateRow,
  type TemplateTagRow,
  type TemplateVersionRow,
} from '../../db/schema.js';
import { DomainError, invalidInput, isUuid } from '../../errors.js';
import type { Actor } from '../users/index.js';
import { analyseTemplate, type AnalysedTemplate } from './template-analysis.js';
import { checkStoredThumbnail } from './template-thumbnail.js';

export const templateNotFound = (id: string) => new DomainError('NOT_FOUND', `Template ${id} not found`);

/** What a save sends (spec section 7, rows 2 and 3). */
export interface TemplateSaveInput {
  name: string;
  templateString: string;
  thumbnailUrl?: string | null | undefined;
  /** Slots as the builder sees them; when given they must match the template's layers. */
  slots?: readonly { id: string; name?: string | null }[] | null | undefined;
  /** Style and industry tag ids chosen in the builder. */
  tags?: readonly string[] | null | undefined;
  /**
   * The version the edit started from (the templateVersionId the builder loaded or last saved). When the
   * template's newest version is another one, the save is refused with CONFLICT. Absent: accepted.
   */
  baseVersionId?: string | null | undefined;
}

export type TemplateSort = 'UPDATED' | 'NAME' | 'CREATED';

/** A template with its newest version and its tags. */
export interface TemplateView {
  template: TemplateRow;
  version: TemplateVersionRow;
  tags: TemplateTagRow[];
}

/** A version with the name of the member who saved it (null: unknown, nameless, or the library's). */
export type TemplateVersionView = TemplateVersionRow & { savedBy?: string | null };

/**
 * A save or restore that started from an older version than the template's newest: refused, nothing
 * written. `current` is the newest version, for the builder to offer reloading it.
 */
export class TemplateVersionConflict extends DomainError {
  constructor(readonly current: TemplateVersionView & { savedBy: string | null }) {
    const when = current.createdAt.toISOString().slice(0, 16).replace('T', ' ');
    super(
      'CONFLICT',
      `This template was changed by ${current.savedBy ?? 'another member'} at ${when} UTC ` +
        `(version ${current.number}) after the version you edited. Reload it, or save your changes as a copy.`,
    );
  }
}

const MAX_TAG_KEY = 60;

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidInput('Give the template a name.');
  return trimmed;
}

function checkSlots(input: TemplateSaveInput['slots'], analysed: AnalysedTemplate): void {
  if (!input) return;
  const sent = input.map((slot) => slot.id).sort();
  const found = analysed.slots.map((slot) => slot.id).sort();
  if (sent.length !== found.length || sent.some((id, index) => id !== found[index]))
    throw invalidInput(
      `The slots sent (${sent.join(', ') || 'none'}) do not match the template's image layers ` +
        `(${found.join(', ') || 'none'}).`,
    );
}

function storedSlots(analysed: AnalysedTemplate): StoredSlot[] {
  return analysed.slots.map((slot) => ({ ...slot, features: slot.features.map((f) => ({ ...f })) }));
}

/** The global tag for a group and key, created when missing. */
export async function ensureGlobalTag(db: Db, group: string, key: string): Promise<TemplateTagRow> {
  await db.insert(templateTags).values({ clientId: null, group, key }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(templateTags)
    .where(and(isNull(templateTags.clientId), eq(templateTags.group, group), eq(templateTags.key, key)));
  return row!;
}

async function autoTagIds(db: Db, tags: readonly AutoTag[]): Promise<string[]> {
  const ids: string[] = [];
  for (const tag of tags) ids.push((await ensureGlobalTag(db, tag.group, tag.key)).id);
  return ids;
}

/** Chosen tags must be style or industry tags the client can see; at most one industry tag. */
async function chosenTagIds(db: Db, clientId: string, tagIds: readonly string[] | null | undefined) {
  const ids = [...new Set(tagIds ?? [])];
  if (ids.length === 0) return [];
  const bad = ids.find((id) => !isUuid(id));
  if (bad) throw invalidInput(`Tag ${bad} was not found.`);
  const rows = await db
    .select()
    .from(templateTags)
    .where(
      and(
        inArray(templateTags.id, ids),
        or(isNull(templateTags.clientId), eq(templateTags.clientId, clientId)),
        inArray(templateTags.group, [TAG_GROUPS.style, TAG_GROUPS.industry]),
      ),
    );
  const missing = ids.find((id) => !rows.some((row) => row.id === id));
  if (missing) throw invalidInput(`Tag ${missing} was not found.`);
  if (rows.filter((row) => row.group === TAG_GROUPS.industry).length > 1)
    throw invalidInput('A template can have one industry tag.');
  return ids;
}

async function setTags(db: Db, templateId: string, tagIds: readonly string[]): Promise<void> {
  await db.delete(templateTagLinks).where(eq(templateTagLinks.templateId, templateId));
  const unique = [...new Set(tagIds)];
  if (unique.length > 0)
    await db.insert(templateTagLinks).values(unique.map((tagId) => ({ templateId, tagId })));
}

async function tagsOf(db: Db, templateIds: readonly string[]): Promise<Map<string, TemplateTagRow[]>> {
  const byTemplate = new Map<string, TemplateTagRow[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return byTemplate;
  const rows = await db
    .select({ templateId: templateTagLinks.templateId, tag: templateTags })
    .from(templateTagLinks)
    .innerJoin(templateTags, eq(templateTags.id, templateTagLinks.tagId))
    .where(inArray(templateTagLinks.templateId, [...templateIds]))
    .orderBy(asc(templateTags.group), asc(templateTags.key));
  for (const row of rows) byTemplate.get(row.templateId)?.push(row.tag);
  return byTemplate;
}

/** The tags a template keeps across saves: its chosen style and industry tags. */
async function chosenTagsOf(db: Db, templateId: string): Promise<string[]> {
  const tags = (await tagsOf(db, [templateId])).get(templateId) ?? [];
  return tags
    .filter((tag) => tag.group === TAG_GROUPS.style || tag.group === TAG_GROUPS.industry)
    .map((tag) => tag.id);
}

async function view(db: Db, template: TemplateRow): Promise<TemplateView> {
  const [version] = await db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.id, template.currentVersionId!));
  const tags = (await tagsOf(db, [template.id])).get(template.id) ?? [];
  return { template, version: version!, tags };
}

/** A client's template (archived ones too), or NOT_FOUND, also for another client's id. */
async function ownTemplate(db: Db, clientId: string, id: string): Promise<TemplateRow> {
  if (!isUuid(id)) throw templateNotFound(id);
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.clientId, clientId)));
  if (!row) throw templateNotFound(id);
  return row;
}

interface NewVersion {
  name: string;
  templateString: string;
  thumbnailUrl: string | null;
  analysed: AnalysedTemplate;
  restoredFromId?: string;
}

/** The name a member shows as the saver of a version: first and last name, or null without one. */
export async function saverName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  const name = user ? `${user.firstName.trim()} ${user.lastName.trim()}`.trim() : '';
  return name === '' ? null : name;
}

/**
 * Appends a version to a template and makes it the newest, in the caller's transaction. With `base`
 * (null or absent: no check), refuses with TemplateVersionConflict unless the newest version is `base`.
 */
async function appendVersion(
  db: Db,
  templateId: string,
  actor: Actor | null,
  next: NewVersion,
  base?: string | null,
): Promise<TemplateVersionRow> {
  // The row lock serialises concurrent saves of one template (version numbers stay 1, 2, 3…) and makes
  // the base check a compare-and-set: a save that waited here reads the newest version committed by the
  // one before it (FOR UPDATE re-reads the row), and no other save can move it before this one commits.
  const [locked] = await db
    .select({ currentVersionId: templates.currentVersionId })
    .from(templates)
    .where(eq(templates.id, templateId))
    .for('update');
  if (!locked) throw templateNotFound(templateId);
  if (
    base !== undefined &&
    base !== null &&
    locked.currentVersionId !== null &&
    locked.currentVersionId !== base
  ) {
    const [current] = await db
      .select()
      .from(templateVersions)
      .where(eq(templateVersions.id, locked.currentVersionId));
    throw new TemplateVersionConflict({ ...current!, savedBy: await saverName(db, current!.createdById) });
  }
  const [{ last } = { last: 0 }] = await db
    .select({ last: max(templateVersions.number) })
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId));
  const [version] = await db
    .insert(templateVersions)
    .values({
      templateId,
      number: (last ?? 0) + 1,
      name: next.name,
      // The checked tree's serialisation, never the text as sent (analyseTemplate).
      templateString: next.analysed.templateString,
      width: next.analysed.width,
      height: next.analysed.height,
      thumbnailUrl: next.thumbnailUrl,
      slots: storedSlots(next.analysed),
      restoredFromId: next.restoredFromId ?? null,
      createdById: actor?.user.id ?? null,
    })
    .returning();
  await db
    .update(templates)
    .set({
      name: next.name,
      currentVersionId: version!.id,
      width: next.analysed.width,
      height: next.analysed.height,
      thumbnailUrl: next.thumbnailUrl,
      updatedAt: new Date(),
    })
    .where(eq(templates.id, templateId));
  return version!;
}

/** createProductCatalogTemplate: a new template with its first version. */
export async function createTemplate(db: Db, actor: Actor, input: TemplateSaveInput): Promise<TemplateView> {
  const name = cleanName(input.name);
  const analysed = analyseTemplate(input.templateString, name);
  checkSlots(input.slots, analysed);
  const thumbnailUrl = checkStoredThumbnail(actor.clientId, input.thumbnailUrl);
  const chosen = await chosenTagIds(db, actor.clientId, input.tags);
  return newClientTemplate(
    db,
    actor,
    { name, templateString: input.templateString, thumbnailUrl, analysed },
    chosen,
  );
}

/** Inserts a template of the actor's client with its first version and tags, in one transaction. */
function newClientTemplate(db: Db, actor: Actor, first: NewVersion, chosenTags: readonly string[]) {
  return db.transaction(async (tx) => {
    const [template] = await tx
      .insert(templates)
      .values({
        clientId: actor.clientId,
        name: first.name,
        width: first.analysed.width,
        height: first.analysed.height,
        thumbnailUrl: first.thumbnailUrl,
        createdById: actor.user.id,
      })
      .returning();
    await appendVersion(tx, template!.id, actor, first);
    await setTags(tx, template!.id, [...(await autoTagIds(tx, first.analysed.autoTags)), ...chosenTags]);
    return view(tx, (await tx.select().from(templates).where(eq(templates.id, template!.id)))[0]!);
  });
}

/** updateProductCatalogTemplate: a new version of one of the client's templates. */
export async function updateTemplate(
  db: Db,
  actor: Actor,
  id: string,
  input: TemplateSaveInput,
): Promise<TemplateView> {
  const existing = await ownTemplate(db, actor.clientId, id);
  const name = cleanName(input.name);
  const analysed = analyseTemplate(input.templateString, name);
  checkSlots(input.slots, analysed);
  const thumbnailUrl = checkStoredThumbnail(actor.clientId, input.thumbnailUrl);
  const chosen =
    input.tags === undefined || input.tags === null
      ? await chosenTagsOf(db, existing.id)
      : await chosenTagIds(db, actor.clientId, input.tags);
  return db.transaction(async (tx) => {
    await appendVersion(
      tx,
      existing.id,
      actor,
      { name, templateString: input.templateString, thumbnailUrl, analysed },
      input.baseVersionId,
    );
    await setTags(tx, existing.id, [...(await autoTagIds(tx, analysed.autoTags)), ...chosen]);
    return view(tx, (await tx.select().from(templates).where(eq(templates.id, existing.id)))[0]!);
  });
}

/** productCatalogTemplate: one of the client's templates, or null (the builder logs 'Template {id} not found'). */
export async function findTemplate(db: Db, clientId: string, id: string): Promise<TemplateView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.clientId, clientId)));
  return row ? view(db, row) : null;
}

/** The client's templates for the list: search by name, archived or not, sorted. */
export async function listTemplates(
  db: Db,
  clientId: string,
  options: { search?: string | null; archived?: boolean | null; sort?: TemplateSort | null },
): Promise<TemplateView[]> {
  const conditions: SQL[] = [eq(templates.clientId, clientId)];
  conditions.push(options.archived ? isNotNull(templates.archivedAt) : isNull(templates.archivedAt));
  const search = options.search?.trim();
  if (search) conditions.push(ilike(templates.name, containing(search)));
  const order =
    options.sort === 'NAME'
      ? [asc(sql`lower(${templates.name})`), asc(templates.id)]
      : options.sort === 'CREATED'
        ? [desc(templates.createdAt), asc(templates.id)]
        : [desc(templates.updatedAt), asc(templates.id)];
  const rows = await db
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .innerJoin(templateVersions, eq(templateVersions.id, templates.currentVersionId))
    .where(and(...conditions))
    .orderBy(...order);
  const tags = await tagsOf(
    db,
    rows.map((row) => row.template.id),
  );
  return rows.map((row) => ({ ...row, tags: tags.get(row.template.id) ?? [] }));
}

/** A template's versions, newest first. */
export async function listVersions(db: Db, clientId: string, templateId: string) {
  const template = await ownTemplate(db, clientId, templateId);
  return db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.templateId, template.id))
    .orderBy(desc(templateVersions.number));
}

/**
 * Makes an older version the newest again, as a new version (history is never rewritten). With
 * `baseVersionId` (the newest version the caller showed), refused with CONFLICT when there is a newer one.
 */
export async function restoreVersion(
  db: Db,
  actor: Actor,
  templateId: string,
  versionId: string,
  baseVersionId?: string | null,
): Promise<TemplateView> {
  const template = await ownTemplate(db, actor.clientId, templateId);
  if (!isUuid(versionId)) throw new DomainError('NOT_FOUND', `Version ${versionId} not found`);
  const [version] = await db
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.id, versionId), eq(templateVersions.templateId, template.id)));
  if (!version) throw new DomainError('NOT_FOUND', `Version ${versionId} not found`);
  const analysed = analyseTemplate(version.templateString, version.name);
  return db.transaction(async (tx) => {
    await appendVersion(
      tx,
      template.id,
      actor,
      {
        name: version.name,
        templateString: version.templateString,
        thumbnailUrl: version.thumbnailUrl,
        analysed,
        restoredFromId: version.id,
      },
      baseVersionId,
    );
    const chosen = await chosenTagsOf(tx, template.id);
    await setTags(tx, template.id, [...(await autoTagIds(tx, analysed.autoTags)), ...chosen]);
    return view(tx, (await tx.select().from(templates).where(eq(templates.id, template.id)))[0]!);
  });
}

/** Copies a template's newest version into a new template of `clientId` (duplicate, or use a library template). */
async function copyInto(db: Db, actor: Actor, source: TemplateView, name: string): Promise<TemplateView> {
  const analysed = analyseTemplate(source.version.templateString, name);
  const chosen = source.tags
    .filter(
      (tag) =>
        (tag.group === TAG_GROUPS.style || tag.group === TAG_GROUPS.industry) &&
        (tag.clientId === null || tag.clientId === actor.clientId),
    )
    .map((tag) => tag.id);
  return newClientTemplate(
    db,
    actor,
    {
      name,
      templateString: source.version.templateString,
      thumbnailUrl: source.version.thumbnailUrl,
      analysed,
    },
    chosen,
  );
}

export async function duplicateTemplate(db: Db, actor: Actor, id: string): Promise<TemplateView> {
  const source = await view(db, await ownTemplate(db, actor.clientId, id));
  return copyInto(db, actor, source, copyName(source.template.name));
}

export async function setArchived(
  db: Db,
  actor: Actor,
  id: string,
  archived: boolean,
): Promise<TemplateView> {
  const template = await ownTemplate(db, actor.clientId, id);
  const [row] = await db
    .update(templates)
    .set({ archivedAt: archived ? (template.archivedAt ?? new Date()) : null })
    .where(eq(templates.id, template.id))
    .returning();
  return view(db, row!);
}

/** Deletes one of the client's templates; returns it as it was. */
export async function deleteTemplate(db: Db, actor: Actor, id: string): Promise<TemplateRow> {
  const template = await ownTemplate(db, actor.clientId, id);
  // Versions and tag links go with it (ON DELETE CASCADE).
  await db.delete(templates).where(eq(templates.id, template.id));
  return template;
}

/** createProductCatalogTemplateTag: a style tag; the existing one when the key is already taken. */
export async function createStyleTag(
  db: Db,
  actor: Actor,
  group: string,
  key: string,
): Promise<TemplateTagRow> {
  if (group !== TAG_GROUPS.style)
    throw invalidInput(`Only style tags can be created; '${group}' tags are set automatically.`);
  const clean = key.trim().replace(/\s+/g, ' ');
  if (clean === '') throw invalidInput('Give the tag a name.');
  if (Array.from(clean).length > MAX_TAG_KEY)
    throw invalidInput(`A tag name can have at most ${MAX_TAG_KEY} characters.`);
  const [existing] = await db
    .select()
    .from(templateTags)
    .where(
      and(
        eq(templateTags.group, group),
        sql`lower(${templateTags.key}) = lower(${clean})`,
        or(isNull(templateTags.clientId), eq(templateTags.clientId, actor.clientId)),
      ),
    )
    .orderBy(sql`${templateTags.clientId} nulls first`)
    .limit(1);
  if (existing) return existing;
  await db.insert(templateTags).values({ clientId: actor.clientId, group, key: clean }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(templateTags)
    .where(
      and(
        eq(templateTags.clientId, actor.clientId),
        eq(templateTags.group, group),
        eq(templateTags.key, clean),
      ),
    );
  return row!;
}

/** Style and industry tags a client can choose from: global ones and its own. */
export function choosableTags(db: Db, clientId: string) {
  return db
    .select()
    .from(templateTags)
    .where(
      and(
        inArray(templateTags.group, [TAG_GROUPS.style, TAG_GROUPS.industry]),
        or(isNull(templateTags.clientId), eq(templateTags.clientId, clientId)),
      ),
    )
    .orderBy(asc(templateTags.group), asc(templateTags.key));
}

/** The label people see for a tag: the automatic tags' labels, the key for the rest. */
export function tagLabel(tag: Pick<TemplateTagRow, 'key'>): string {
  return tag.key in AUTO_TAGS ? AUTO_TAGS[tag.key as keyof typeof AUTO_TAGS].label : tag.key;
}

export function isTagGroup(group: string): group is TagGroup {
  return (Object.values(TAG_GROUPS) as string[]).includes(group);
}

// ---- The starter library ----

/** Library templates (no client), optionally only those carrying every given tag. */
export async function listLibrary(db: Db, tagIds: readonly string[] = []): Promise<TemplateView[]> {
  const valid = tagIds.filter(isUuid);
  if (valid.length < tagIds.length) return [];
  const conditions: SQL[] = [isNull(templates.clientId), isNotNull(templates.libraryKey)];
  for (const tagId of valid)
    conditions.push(
      sql`exists (select 1 from ${templateTagLinks} where ${templateTagLinks.templateId} = ${templates.id} and ${templateTagLinks.tagId} = ${tagId})`,
    );
  const rows = await db
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .innerJoin(templateVersions, eq(templateVersions.id, templates.currentVersionId))
    .where(and(...conditions))
    .orderBy(asc(templates.name));
  const tags = await tagsOf(
    db,
    rows.map((row) => row.template.id),
  );
  return rows.map((row) => ({ ...row, tags: tags.get(row.template.id) ?? [] }));
}

/** templateLibraryTagFilters: every tag the library uses, with how many library templates carry it. */
export async function libraryTagFilters(db: Db): Promise<{ tag: TemplateTagRow; count: number }[]> {
  const rows = await db
    .select({ tag: templateTags, count: sql<number>`count(*)::int` })
    .from(templateTagLinks)
    .innerJoin(templateTags, eq(templateTags.id, templateTagLinks.tagId))
    .innerJoin(templates, eq(templates.id, templateTagLinks.templateId))
    .where(and(isNull(templates.clientId), isNotNull(templates.libraryKey)))
    .groupBy(templateTags.id)
    .orderBy(asc(templateTags.group), asc(templateTags.key));
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/**
 * The tags a user may choose for a template of the client: the global style and industry tags and the
 * client's own style tags, by group then key.
 */
export async function tagChoices(db: Db, clientId: string): Promise<TemplateTagRow[]> {
  return db
    .select()
    .from(templateTags)
    .where(
      and(
        inArray(templateTags.group, [TAG_GROUPS.style, TAG_GROUPS.industry]),
        or(isNull(templateTags.clientId), eq(templateTags.clientId, clientId)),
      ),
    )
    .orderBy(asc(templateTags.group), sql`lower(${templateTags.key})`);
}

/** Copies a library template into the client as a new template of its own. */
export async function useLibraryTemplate(
  db: Db,
  actor: Actor,
  libraryTemplateId: string,
  name?: string | null,
): Promise<TemplateView> {
  if (!isUuid(libraryTemplateId)) throw templateNotFound(libraryTemplateId);
  const [row] = await db
    .select()
    .from(templates)
    .where(
      and(eq(templates.id, libraryTemplateId), isNull(templates.clientId), isNotNull(templates.libraryKey)),
    );
  if (!row) throw templateNotFound(libraryTemplateId);
  const source = await view(db, row);
  return copyInto(db, actor, source, name?.trim() ? cleanName(name) : source.template.name);
}

/** A library template as the seed writes it. */
export interface LibraryEntry {
  key: string;
  name: string;
  templateString: string;
  thumbnailUrl: string | null;
  styleTags: readonly string[];
  industryTag?: string | undefined;
}

/**
 * Writes a library template: created when new, a new version when its SVG, name or thumbnail changed,
 * untouched otherwise. Returns whether anything was written.
 */
export async function upsertLibraryTemplate(db: Db, entry: LibraryEntry): Promise<boolean> {
  const analysed = analyseTemplate(entry.templateString, entry.name);
  return db.transaction(async (tx) => {
    let [template] = await tx.select().from(templates).where(eq(templates.libraryKey, entry.key));
    if (template) {
      const current = (await view(tx, template)).version;
      if (
        current.templateString === analysed.templateString &&
        current.name === entry.name &&
        current.thumbnailUrl === entry.thumbnailUrl
      )
        return false;
    } else {
      [template] = await tx
        .insert(templates)
        .values({
          clientId: null,
          libraryKey: entry.key,
          name: entry.name,
          width: analysed.width,
          height: analysed.height,
          thumbnailUrl: entry.thumbnailUrl,
        })
        .returning();
    }
    await appendVersion(tx, template!.id, null, {
      name: entry.name,
      templateString: entry.templateString,
      thumbnailUrl: entry.thumbnailUrl,
      analysed,
    });
    const chosen: string[] = [];
    for (const key of entry.styleTags) chosen.push((await ensureGlobalTag(tx, TAG_GROUPS.style, key)).id);
    if (entry.industryTag)
      chosen.push((await ensureGlobalTag(tx, TAG_GROUPS.industry, entry.industryTag)).id);
    await setTags(tx, template!.id, [...(await autoTagIds(tx, analysed.autoTags)), ...chosen]);
    return true;
  });
}

/** The library keys stored, for the seed to know what exists. */
export async function libraryKeys(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: templates.libraryKey, id: templates.id })
    .from(templates)
    .where(isNotNull(templates.libraryKey));
  return new Map(rows.map((row) => [row.key!, row.id]));
}

/** The template library's tag of each feature ("use in a template" opens the library filtered by it). */
import { sql } from 'drizzle-orm';
import { tagFeatureSlug, type CreativeFeatureInfo } from '@adloom/commerce';
import type { Db } from '../../../../db/client.js';
import { rowsOf, textArray } from '../../../../db/rows.js';

export interface LibraryTagShape {
  id: string;
  group: string;
  key: string;
}

/**
 * The library tags (template_tags without a client) of the features' templateTag, by feature id; a
 * feature whose tag the library does not have is absent. A style or industry feature names its tag by the
 * slug of its key (style_home_decor: 'Home decor'), so keys are matched exactly first, then by slug.
 */
export async function libraryTagsOf(
  db: Db,
  features: readonly CreativeFeatureInfo[],
): Promise<Map<string, LibraryTagShape>> {
  const groups = [...new Set(features.flatMap((f) => (f.templateTag ? [f.templateTag.group] : [])))];
  if (groups.length === 0) return new Map();
  const tags = rowsOf<LibraryTagShape>(
    await db.execute(sql`
      select t.id::text as id, t."group", t.key from template_tags t
      where t.client_id is null and t."group" = any(${textArray(groups)})
      order by t.created_at, t.id`),
  );
  const exact = new Map(tags.map((t) => [`${t.group}\u0000${t.key}`, t]));
  const bySlug = new Map<string, LibraryTagShape>();
  for (const t of tags) {
    const k = `${t.group}\u0000${tagFeatureSlug(t.key)}`;
    if (!bySlug.has(k)) bySlug.set(k, t);
  }
  const out = new Map<string, LibraryTagShape>();
  for (const f of features) {
    if (!f.templateTag) continue;
    const { group, key } = f.templateTag;
    const tag = exact.get(`${group}\u0000${key}`) ?? bySlug.get(`${group}\u0000${tagFeatureSlug(key)}`);
    if (tag) out.set(f.id, tag);
  }
  return out;
}

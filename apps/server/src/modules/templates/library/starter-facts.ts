/**
 * What other modules may know of the starter templates without reading the templates tables' internals:
 * each starter's automatic tags (computed from its design, as a saved template's are) and, once the
 * library seed has run, the id of its current version. The demo data set (performance/demo) shows them.
 */
import { isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { templates } from '../../../db/schema.js';
import { analyseTemplate } from '../template-analysis.js';
import { STARTER_TEMPLATES } from './starter-templates.js';

let autoTagCache: ReadonlyMap<string, readonly string[]> | null = null;

/** Each starter's automatic tag keys (AUTO_TAGS keys), by starter key. */
export function starterAutoTagKeys(): ReadonlyMap<string, readonly string[]> {
  autoTagCache ??= new Map(
    STARTER_TEMPLATES.map((starter) => [
      starter.key,
      analyseTemplate(starter.templateString, starter.name).autoTags.map((tag) => tag.key),
    ]),
  );
  return autoTagCache;
}

/** The current version id of each seeded starter, by starter key (empty before the seed has run). */
export async function starterVersionIds(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: templates.libraryKey, versionId: templates.currentVersionId })
    .from(templates)
    .where(isNotNull(templates.libraryKey));
  return new Map(rows.flatMap((r) => (r.key && r.versionId ? [[r.key, r.versionId] as const] : [])));
}

/**
 * Versioned migrations of the builder document. Every change of its shape bumps
 * BUILDER_DOCUMENT_VERSION and adds one step here that turns version n into n + 1; reading a document
 * runs the steps from its version up, then validates the result as the current version.
 */
import {
  BUILDER_DOCUMENT_VERSION,
  BuilderDocumentError,
  isJsonObject,
  validateBuilderDocument,
  type BuilderDocument,
} from './document.js';

/** One step: turns a document of version `from` into version `from + 1`. */
export interface BuilderMigration {
  from: number;
  migrate(document: Record<string, unknown>): Record<string, unknown>;
}

function splitAlign(align: unknown): Record<string, unknown> {
  if (typeof align !== 'string') return {};
  const [horizontal, vertical] = align.split('_');
  return { dynamicLayerHorizontalAlignment: horizontal, dynamicLayerVerticalAlignment: vertical };
}

/**
 * Version 0 is the unversioned shape of the builder's prototype, kept so that the migration path is
 * exercised from the first release: { title, canvas: { width, height, background }, keepRatio,
 * objects: [{ id, label, dynamic, align: 'LEFT_TOP', ...layer data }] } and no `version` field.
 */
const fromVersion0: BuilderMigration = {
  from: 0,
  migrate(document) {
    const { title, canvas, keepRatio, objects, ...rest } = document;
    const size = isJsonObject(canvas) ? canvas : {};
    return {
      ...rest,
      version: 1,
      name: title,
      width: size.width,
      height: size.height,
      backgroundColor: size.background,
      constrainProportions: keepRatio,
      layers: Array.isArray(objects)
        ? objects.map((object: unknown) => {
            if (!isJsonObject(object)) return object;
            const { label, dynamic, align, ...layer } = object;
            return { ...layer, ...splitAlign(align), name: label, dynamicLayerType: dynamic };
          })
        : objects,
    };
  },
};

/** The migration steps, one per version. */
export const BUILDER_MIGRATIONS: readonly BuilderMigration[] = [fromVersion0];

function versionOf(document: Record<string, unknown>): number {
  // The prototype wrote no version field; every later document has one.
  if (!Object.hasOwn(document, 'version')) return 0;
  const { version } = document;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new BuilderDocumentError('version', 'must be a whole number');
  }
  if (version > BUILDER_DOCUMENT_VERSION) {
    throw new BuilderDocumentError(
      'version',
      `is ${version}, newer than this builder (${BUILDER_DOCUMENT_VERSION}); reload the page to get the new builder`,
    );
  }
  return version;
}

/**
 * Validates a builder document of any known version and upgrades it to the current one; throws
 * BuilderDocumentError saying which field is wrong.
 */
export function migrateBuilderDocument(
  json: unknown,
  migrations: readonly BuilderMigration[] = BUILDER_MIGRATIONS,
): BuilderDocument {
  if (!isJsonObject(json)) throw new BuilderDocumentError('document', 'must be an object');
  let document = json;
  for (let version = versionOf(document); version < BUILDER_DOCUMENT_VERSION; version += 1) {
    const step = migrations.find((migration) => migration.from === version);
    if (!step) throw new BuilderDocumentError('version', `${version} has no migration to ${version + 1}`);
    document = step.migrate(document);
  }
  return validateBuilderDocument(document);
}

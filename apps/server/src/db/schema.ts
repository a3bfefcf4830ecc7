import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  index,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperUser: boolean('is_super_user').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Subject of the OpenID Connect identity linked to this user. */
    authSubject: text('auth_subject'),
    demoMode: boolean('demo_mode').notNull().default(false),
    facebookInfo: jsonb('facebook_info').$type<{ id: string; name: string } | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_auth_subject_unique').on(t.authSubject),
  ],
);

export const planStatuses = ['paying', 'trial', 'expired'] as const;
export type PlanStatus = (typeof planStatuses)[number];

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    planStatus: text('plan_status').$type<PlanStatus>().notNull().default('trial'),
    billingRequired: boolean('billing_required').notNull().default(false),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** Who started the workspace (/register/client/), for the limit of trial workspaces per person. */
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdById)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    isAdmin: boolean('is_admin').notNull().default(false),
    isClientUser: boolean('is_client_user').notNull().default(true),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('memberships_user_client_unique').on(t.userId, t.clientId), index().on(t.clientId)],
);

export const clientFeatures = pgTable(
  'client_features',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.key] })],
);

/** The master services agreement on file for a client: one record per client, replaced on upload. */
export const msaRecords = pgTable('msa_records', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the cookie value itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    /** The session's public id, by which its user lists and revokes it (never the cookie's hash). */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    tokenAuth: boolean('token_auth').notNull().default(false),
    /** Where the session was started from, as its user sees it in the sessions list. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** Updated at most every few minutes, not on every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId), uniqueIndex('sessions_id_unique').on(t.id)],
);

export const oneTimeTokenPurposes = ['sign_in', 'verify_email', 'reset_password'] as const;
export type OneTimeTokenPurpose = (typeof oneTimeTokenPurposes)[number];

/**
 * What one self-registration chose, kept with its verification link until the link is used. The
 * password becomes the account's only when the link is opened in the browser that registered
 * (`proofHash` is the SHA-256 of that browser's sign-up cookie): see account.service.ts.
 */
export interface PendingRegistration {
  passwordHash: string;
  proofHash: string;
  firstName: string;
  lastName: string;
}

/** Single-use tokens sent by link: staff-issued sign-in links, e-mail verification, password resets. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Only on verify_email tokens of a self-registration. */
    registration: jsonb('registration').$type<PendingRegistration | null>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.purpose)],
);

/**
 * Counters of the sign-in and mail limits (auth/throttle.ts), shared by every web process. `key` names
 * what is counted and for whom, e.g. `sign-in:account:ann@example.com` or `mail:ip:203.0.113.9`.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** Start of the counting window (mail limits). */
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  /** The latest counted attempt (sign-in limits forget after a quiet period). */
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  /** Sign-in limits: attempts are refused until then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invitations_token_unique').on(t.tokenHash), index().on(t.clientId)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  transport: text('transport').$type<'smtp' | 'log'>().notNull(),
  error: text('error'),
  createdAt: createdAt(),
});

/** Installation-wide facts, such as whether the demo sign-in was already printed. */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: jsonb('value')
    .notNull()
    .default(sql`'{}'::jsonb`),
});

/**
 * Tags of templates (spec section 3): a group and a key. Global tags (client_id null) are the automatic
 * ones and those of the starter library; a client's own style tags belong to it.
 */
export const templateTags = pgTable(
  'template_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT: one global tag per group and key, as well as one per client.
    unique('template_tags_client_group_key_unique').on(t.clientId, t.group, t.key).nullsNotDistinct(),
  ],
);

/**
 * A template: what the list shows, and its newest version. Library templates have no client and a
 * library key; the rest belong to one client.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    libraryKey: text('library_key'),
    name: text('name').notNull(),
    currentVersionId: uuid('current_version_id'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.clientId), uniqueIndex('templates_library_key_unique').on(t.libraryKey)],
);

/** What a version's slots hold: the extracted slots of packages/template. */
export interface StoredSlot {
  id: string;
  name: string;
  index: number;
  type: string;
  removeBackground: boolean;
  removeBorders: boolean;
  removeBordersHard: boolean;
  maxSlides: number;
  features: { key: string; value: string }[];
}

/** An immutable saved state of a template (templateVersionId). */
export const templateVersions = pgTable(
  'template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per template. */
    number: integer('number').notNull(),
    name: text('name').notNull(),
    templateString: text('template_string').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    slots: jsonb('slots').$type<StoredSlot[]>().notNull(),
    /** The version this one restored, when it was made by a restore. */
    restoredFromId: uuid('restored_from_id'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('template_versions_template_number_unique').on(t.templateId, t.number)],
);

/** Which tags a template carries (auto tags of its newest version plus the chosen style and industry tags). */
export const templateTagLinks = pgTable(
  'template_tag_links',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => templateTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.tagId] }), index().on(t.tagId)],
);

export const brandKitItemTypes = ['COLOR', 'FONT', 'LOGO', 'GUIDE', 'AUDIO', 'DISCLAIMER'] as const;
export type BrandKitItemType = (typeof brandKitItemTypes)[number];

/** One item of a client's brand kit (spec section 3, "Brand kit data"). */
export const brandKitItems = pgTable(
  'brand_kit_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: text('type').$type<BrandKitItemType>().notNull(),
    name: text('name').notNull(),
    /** A colour's value (#rrggbb), a guide's text (Markdown) or a disclaimer's text. */
    textContent: text('text_content'),
    /** Stored file of a font, logo or audio item, as uploaded (an SVG logo: its sanitised copy). */
    fileKey: text('file_key'),
    /** The name of the file the user uploaded, as stored (upload-types.ts cleanFileName). */
    fileName: text('file_name'),
    /** What the file is, read from its bytes (font/ttf, image/png, audio/mpeg…). */
    contentType: text('content_type'),
    fileSize: integer('file_size'),
    /** A logo's thumbnail (PNG, at most 256 on its long side). */
    thumbnailKey: text('thumbnail_key'),
    /** A font as the renderers load it: the upload itself, or TrueType decoded from a WOFF2 upload. */
    fontFileKey: text('font_file_key'),
    /** A logo's size in pixels (an SVG: its own width and height). */
    width: integer('width'),
    height: integer('height'),
    /** An audio item's length in seconds. */
    durationSeconds: doublePrecision('duration_seconds'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.clientId, t.type),
    // A font's name is the family templates ask for: one font per name in a client's kit.
    uniqueIndex('brand_kit_items_font_name_unique')
      .on(t.clientId, sql`lower(${t.name})`)
      .where(sql`${t.type} = 'FONT'`),
  ],
);

export const catalogSchedules = ['none', 'hourly', 'daily', 'weekly'] as const;
export type CatalogSchedule = (typeof catalogSchedules)[number];

/** A product catalogue of a client: where it comes from and which import is current. */
export const catalogs = pgTable(
  'catalogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** An http(s) URL fetched on the schedule, or null for an uploaded file. */
    sourceUrl: text('source_url'),
    /** The stored upload of the last file import. */
    sourceFileKey: text('source_file_key'),
    schedule: text('schedule').$type<CatalogSchedule>().notNull().default('none'),
    /** Source column → canonical field (or 'ignore'), for columns the importer does not know. */
    columnMapping: jsonb('column_mapping').$type<Record<string, string>>().notNull().default({}),
    /** What the feed is ('csv', 'tsv', 'xml', 'json', 'jsonl', 'shopify'), or null: told from its first bytes. */
    feedFormat: text('feed_format'),
    /** ISO 4217 currency of prices the feed writes without one (Shopify's export); null: none assumed. */
    currency: text('currency'),
    /** The import whose items are the catalogue now; null before the first complete import. */
    currentImportId: uuid('current_import_id'),
    nextImportAt: timestamp('next_import_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.clientId)],
);

export const importStatuses = ['queued', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** A rejected row of an import, with the reason. */
export interface RejectedRow {
  /** 1-based row (CSV/TSV, after the header) or item (XML) number. */
  row: number;
  id: string | null;
  /** Every reason, joined with '; ' (the first alone in reports written before `reasons`). */
  reason: string;
  /** Each problem of the row, when it had more than one. */
  reasons?: string[];
}

/** A change an import made to a row it kept (characters XML cannot hold removed), in which column. */
export interface ImportWarning {
  kind: 'warning';
  /** Numbered as RejectedRow's row. */
  row: number;
  id: string | null;
  column: string;
  reason: string;
}

/** Images of the import's items on a host the server may not fetch from (the address guard refuses it). */
export interface ImageHostWarning {
  kind: 'imageHost';
  /** The host (with its port when the URLs name one). */
  host: string;
  /** Items with at least one image there. */
  items: number;
  /** The whole warning, naming the setting that allows the host. */
  reason: string;
}

/** An entry of catalog_imports.rejected: a rejected row, a warning about a kept one, or about an image host. */
export type ImportReportRow = RejectedRow | ImportWarning | ImageHostWarning;

/** True for a warning of catalog_imports.rejected (rejected rows have no kind). */
export function isImportWarning(row: ImportReportRow): row is ImportWarning {
  return 'kind' in row && row.kind === 'warning';
}

/** True for an image-host warning of catalog_imports.rejected. */
export function isImageHostWarning(row: ImportReportRow): row is ImageHostWarning {
  return 'kind' in row && row.kind === 'imageHost';
}

/** True for a rejected row of catalog_imports.rejected (the entries without a kind). */
export function isRejectedRow(row: ImportReportRow): row is RejectedRow {
  return !('kind' in row);
}

/** The unique index that lets one import of a catalogue be queued or running at a time. */
export const ONE_ACTIVE_IMPORT = 'catalog_imports_one_active';

/** One import of a catalogue: a complete new set of items, made current only when it finished. */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    format: text('format'),
    rowsRead: integer('rows_read').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    /**
     * The first rejected rows (at most 1000), each with its reason, then the first warnings about kept
     * rows (at most 1000, `kind: 'warning'`): warnings share the column so they needed no migration.
     */
    rejected: jsonb('rejected').$type<ImportReportRow[]>().notNull().default([]),
    /** Columns the importer did not know and kept as extra fields. */
    unknownColumns: jsonb('unknown_columns').$type<string[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Written every few seconds by the process running the import: a stale one means that process died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the items' main images were last measured for the diagnostics (null: not yet). */
    imagesCheckedAt: timestamp('images_checked_at', { withTimezone: true }),
  },
  (t) => [
    index().on(t.catalogId),
    uniqueIndex(ONE_ACTIVE_IMPORT)
      .on(t.catalogId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * A catalogue item (the canonical fields of issue 5) as one import wrote it. The catalogue's items are
 * those of its current import; an import writes a full new set and the switch is one update.
 * Prices are in minor units (cents), as Meta's product-set filters compare them (price_amount).
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    catalogId: uuid('catalog_id').notNull(),
    /** The item's own id in the catalogue (the feed's id column). */
    itemId: text('item_id').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** 'in stock', 'out of stock', 'preorder', 'available for order', 'discontinued'. */
    availability: text('availability').notNull().default('in stock'),
    condition: text('condition').notNull().default('new'),
    priceAmount: bigint('price_amount', { mode: 'number' }),
    currency: text('currency'),
    salePriceAmount: bigint('sale_price_amount', { mode: 'number' }),
    salePriceStart: timestamp('sale_price_start', { withTimezone: true }),
    salePriceEnd: timestamp('sale_price_end', { withTimezone: true }),
    link: text('link').notNull().default(''),
    imageLink: text('image_link').notNull().default(''),
    additionalImageLinks: jsonb('additional_image_links').$type<string[]>().notNull().default([]),
    brand: text('brand').notNull().default(''),
    itemGroupId: text('item_group_id').notNull().default(''),
    productType: text('product_type').notNull().default(''),
    googleProductCategory: text('google_product_category').notNull().default(''),
    customLabel0: text('custom_label_0').notNull().default(''),
    customLabel1: text('custom_label_1').notNull().default(''),
    customLabel2: text('custom_label_2').notNull().default(''),
    customLabel3: text('custom_label_3').notNull().default(''),
    customLabel4: text('custom_label_4').notNull().default(''),
    rating: doublePrecision('rating'),
    reviewCount: integer('review_count'),
    inventory: integer('inventory'),
    /** Every other column of the source, by its name: a list when the source repeats it. */
    extra: jsonb('extra').$type<Record<string, string | string[]>>().notNull().default({}),
    /**
     * What Meta and Google would refuse or flag (@adloom/commerce ITEM_ISSUES codes); the image codes are
     * added once the main image was measured. Null for items imported before the diagnostics existed.
     */
    issues: jsonb('issues').$type<string[]>(),
    /** Hash of every field: tells an import which items changed. */
    contentHash: text('content_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.itemId] })],
);

/**
 * The pixel size of a catalogue's item images (their main image), probed after an import for the image
 * size diagnostics; kept across imports so that an unchanged URL is not probed again.
 */
export const catalogImageSizes = pgTable(
  'catalog_image_sizes',
  {
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Why the size is unknown (the host refused, not an image), for the diagnostics list. */
    failure: text('failure'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.url] })],
);

/** A product set: a catalogue's items that pass a filter in Meta's product-set JSON. */
export const productSets = pgTable(
  'product_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Meta's filter JSON ({} matches every item). */
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.catalogId)],
);

/** A feed: a product set rendered with one or more designs, exported for ad networks. */
export const feeds = pgTable(
  'feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    productSetId: uuid('product_set_id')
      .notNull()
      .references(() => productSets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Secret part of the export URL ad networks fetch. */
    exportToken: text('export_token').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.clientId)],
);

/** A design of a feed: a template version, features per slot and an optional item filter (Meta JSON). */
export const feedDesigns = pgTable(
  'feed_designs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    templateVersionId: uuid('template_version_id')
      .notNull()
      .references(() => templateVersions.id, { onDelete: 'restrict' }),
    /** Slot id → feature key → value (removeBorders, removeBackground, isContain, ...). */
    slotFeatures: jsonb('slot_features')
      .$type<Record<string, Record<string, string>>>()
      .notNull()
      .default({}),
    itemFilter: jsonb('item_filter').$type<Record<string, unknown> | null>(),
    /** Designs are tried in this order; an item takes the first that matches. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.feedId)],
);

export const creativeStatuses = [
  'pending',
  'in_progress',
  'generated',
  'no_input_images',
  'no_template_matched',
  'failed',
  'archived',
] as const;
export type CreativeStatus = (typeof creativeStatuses)[number];

/** An input image of a creative as its last run used it: the hash of its bytes and its HTTP validators. */
export interface CreativeInputImage {
  url: string;
  hash: string;
  etag?: string;
  lastModified?: string;
}

/** One item of a feed and its ad: status, the design it took, and the stored image. */
export const feedCreatives = pgTable(
  'feed_creatives',
  {
    feedId: uuid('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    status: text('status').$type<CreativeStatus>().notNull().default('pending'),
    designId: uuid('design_id'),
    /** Content hash of everything that shapes the ad; the output is stored under it. */
    inputHash: text('input_hash'),
    outputKey: text('output_key'),
    /**
     * MD5 (hex) of the stored output's bytes: Meta's AdImage hash of the same file, so an ad whose image a
     * marketer downloaded and uploaded to Meta is still tied to this creative. Null for rows generated
     * before it was kept (until they are generated again) and for rows without an output.
     */
    outputMd5: text('output_md5'),
    error: text('error'),
    /** The input images of the generated ad (hashes and validators, for conditional downloads). */
    inputImages: jsonb('input_images').$type<CreativeInputImage[]>(),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The refresh key of the inputs the final state was made from (feeds/generation/input-hash.ts,
     * refreshKeySql): a refresh sends a job only when the item's key now differs. Null: send it.
     */
    sourceKey: text('source_key'),
    /** When the ad goes out of date by the clock alone (a sale starting or ending); a refresh sends it then. */
    staleAt: timestamp('stale_at', { withTimezone: true }),
    /** When the images of a generated ad were last asked for (the image recheck takes the oldest first). */
    imagesCheckedAt: timestamp('images_checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.feedId, t.itemId] }),
    index().on(t.feedId, t.status),
    index().on(t.outputMd5),
    index('feed_creatives_recheck_index')
      .on(t.imagesCheckedAt)
      .where(sql`${t.status} = 'generated'`),
    // The creatives showing an image, by its URL (input_images @> '[{"url": …}]').
    index('feed_creatives_input_images_index').using('gin', sql`${t.inputImages} jsonb_path_ops`),
  ],
);

/**
 * The audit log (issue 14, item 9): who did what to what, and from where. Rows are written in the
 * transaction of the action they record where there is one, and never changed. The actor and the client
 * are kept by value (no foreign keys): the record outlives the user, the client and the target.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The clock at the write (not the transaction's start), so events of one request keep their order. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** The client the action concerns; null for account and installation events (staff see those). */
    clientId: uuid('client_id'),
    /** Null when no one was signed in (an ad network fetching an export by its token). */
    actorUserId: uuid('actor_user_id'),
    /** The actor's e-mail at the time. */
    actorEmail: text('actor_email'),
    /** The actor is staff or a super user (acting in a client as staff, or in the portal). */
    actorIsStaff: boolean('actor_is_staff').notNull().default(false),
    /** The actor's session was started by a staff-issued sign-in link: staff acting as this user. */
    viaStaffLink: boolean('via_staff_link').notNull().default(false),
    /** What happened, e.g. `feed.export_token_rotated` (modules/audit/actions.ts lists them). */
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    /** The target's name at the time. */
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    /** Events recorded at most once per period (exports fetched by ad networks) name their period here. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('audit_events_created_at_idx').on(t.createdAt),
    index('audit_events_client_created_at_idx').on(t.clientId, t.createdAt),
    uniqueIndex('audit_events_dedupe_key_unique').on(t.dedupeKey),
  ],
);

/**
 * Idempotency keys of create mutations (issue 14, item 17): the first request with a key creates and
 * stores what it created; a repeat (a double submit, a retry) gets that result back. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for operations outside a client (creating a workspace or, in the portal, a client). */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The GraphQL mutation, e.g. `createFeed`. */
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** The id of what the first request created. */
    resultId: text('result_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT: keys outside a client are unique too. The claim relies on this constraint.
    unique('idempotency_keys_scope_unique').on(t.clientId, t.userId, t.operation, t.key).nullsNotDistinct(),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

// ─── Advertising performance (issue 18) ─────────────────────────────────────────────────────────────────

export const adConnectionStatuses = ['connected', 'reconnect_needed', 'disconnected'] as const;
export type AdConnectionStatus = (typeof adConnectionStatuses)[number];

export const adSyncStates = ['idle', 'queued', 'running', 'completed', 'failed', 'partial'] as const;
export type AdSyncState = (typeof adSyncStates)[number];

/**
 * A client's connection to an ad platform (Meta): the encrypted access token and what the last sync did.
 * A revoked or expired token sets `reconnect_needed`; the synced rows stay.
 */
export const adConnections = pgTable(
  'ad_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** 'meta' (Shopify and Klaviyo come later). */
    provider: text('provider').notNull(),
    status: text('status').$type<AdConnectionStatus>().notNull().default('connected'),
    /** The platform's id and name of the person who connected (Meta's /me). */
    externalUserId: text('external_user_id'),
    externalUserName: text('external_user_name'),
    /** AES-256-GCM ciphertext of the access token (see SECURITY.md), never the token itself. */
    tokenCiphertext: text('token_ciphertext'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    connectedByUserId: uuid('connected_by_user_id'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** What the last sync could not do (a partial failure keeps the previous data). */
    lastSyncError: text('last_sync_error'),
    /** Days of history the first sync of a newly picked ad account fetches. */
    backfillDays: integer('backfill_days').notNull().default(30),
    /** The running or last sync: 'idle', 'queued', 'running', 'completed', 'failed' or 'partial'. */
    syncState: text('sync_state').$type<AdSyncState>().notNull().default('idle'),
    /** 0 to 1 while a sync runs (the share of its account × range chunks done). */
    syncProgress: doublePrecision('sync_progress'),
    syncMessage: text('sync_message'),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncFinishedAt: timestamp('sync_finished_at', { withTimezone: true }),
    /** What the last sync could not do, one line each (an account, a range of days). */
    syncFailures: jsonb('sync_failures').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ad_connections_client_provider_unique').on(t.clientId, t.provider)],
);

export const adAccountSources = ['meta', 'file', 'demo'] as const;
export type AdAccountSource = (typeof adAccountSources)[number];

/**
 * An ad account: synced from Meta, made by an Ads Manager export import, or the demo data set (shown only
 * while the user's demo mode is on, and only then).
 */
export const adAccounts = pgTable(
  'ad_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    source: text('source').$type<AdAccountSource>().notNull(),
    /** The platform's id (`act_123`), or for a file the account id or name it gives. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    /** ISO 4217. */
    currency: text('currency').notNull(),
    /** IANA time zone the platform reports days in. */
    timeZone: text('time_zone').notNull().default('UTC'),
    connectionId: uuid('connection_id').references(() => adConnections.id, { onDelete: 'set null' }),
    /** Picked for syncing (Meta accounts). */
    syncEnabled: boolean('sync_enabled').notNull().default(false),
    /** How the platform attributed conversions, as shown on the dashboards ('7d_click_1d_view'). */
    attributionSetting: text('attribution_setting'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('ad_accounts_client_source_external_unique').on(t.clientId, t.source, t.externalId)],
);

export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    objective: text('objective'),
    status: text('status'),
  },
  (t) => [
    unique('ad_campaigns_account_external_unique').on(t.accountId, t.externalId),
    index().on(t.clientId),
  ],
);

export const adSets = pgTable(
  'ad_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    status: text('status'),
  },
  (t) => [unique('ad_sets_account_external_unique').on(t.accountId, t.externalId), index().on(t.campaignId)],
);

/**
 * An ad. When its creative is one Adloom made (matched by the creative's URL or the hash of its bytes), the
 * feed, design, template version and catalogue item it came from; catalogue (dynamic) ads are tied to
 * items through the product_id breakdown instead.
 */
export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    adSetId: uuid('ad_set_id')
      .notNull()
      .references(() => adSets.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    status: text('status'),
    /** 'image', 'video' or 'catalog' (a dynamic ad showing catalogue items); null when unknown. */
    creativeKind: text('creative_kind'),
    /** The creative's image (or video) URL and a thumbnail URL, as the platform or the file gave them. */
    creativeUrl: text('creative_url'),
    thumbnailUrl: text('thumbnail_url'),
    /** SHA-256 of the creative's image bytes, when known. */
    creativeHash: text('creative_hash'),
    feedId: uuid('feed_id'),
    designId: uuid('design_id'),
    templateVersionId: uuid('template_version_id'),
    catalogItemId: text('catalog_item_id'),
    /** The features of the image the ad shows (issue 19); null until they are computed. */
    creativeFeaturesId: uuid('creative_features_id').references(() => creativeFeatures.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.creativeFeaturesId),
    unique('ads_account_external_unique').on(t.accountId, t.externalId),
    index().on(t.adSetId),
    index().on(t.campaignId),
    index().on(t.clientId),
  ],
);

const metricColumns = () => ({
  spend: doublePrecision('spend').notNull().default(0),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  reach: bigint('reach', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  linkClicks: bigint('link_clicks', { mode: 'number' }).notNull().default(0),
  purchases: doublePrecision('purchases').notNull().default(0),
  purchaseValue: doublePrecision('purchase_value').notNull().default(0),
  addToCart: doublePrecision('add_to_cart').notNull().default(0),
  /** Null when the platform or file did not give video metrics (not a video, or not exported). */
  video3sPlays: bigint('video_3s_plays', { mode: 'number' }),
  thruplays: bigint('thruplays', { mode: 'number' }),
});

/**
 * Daily insights of an ad (the day in the ad account's time zone): base metrics only; CTR, CPC, CPM, CPA,
 * ROAS and AOV are computed from sums (@adloom/commerce adMetrics), never stored. Written by upsert, so a
 * day synced or imported twice is the same row.
 */
export const adInsightsDaily = pgTable(
  'ad_insights_daily',
  {
    clientId: uuid('client_id').notNull(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...metricColumns(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] }), index().on(t.clientId, t.day)],
);

/** Daily insights of an ad split by one breakdown (age, gender, country, placement, device, product_id). */
export const adInsightsBreakdowns = pgTable(
  'ad_insights_breakdowns',
  {
    clientId: uuid('client_id').notNull(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    breakdown: text('breakdown').notNull(),
    value: text('value').notNull(),
    ...metricColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.day, t.breakdown, t.value] }),
    index().on(t.clientId, t.breakdown, t.day),
  ],
);

/**
 * The rollup of ad_insights_daily per campaign and day, rewritten by the writers for the days they touched
 * (performance/facts.ts): the overview and performance dashboards read this, not the ad rows.
 */
export const adInsightsCampaignDaily = pgTable(
  'ad_insights_campaign_daily',
  {
    clientId: uuid('client_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ads: integer('ads').notNull().default(0),
    ...metricColumns(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] }), index().on(t.clientId, t.day)],
);

/**
 * Each ad's running totals since its first day, one row per day it has a daily row, rewritten by the
 * writers from the first day they touched (performance/facts.ts refreshAdCumulative): an ad's sums over
 * any range are two index probes (last row up to the range's end minus last row before its start), so
 * the creative-features pages read O(ads) rows instead of every daily row of the range. Money and
 * conversions as numeric, so a difference of running totals is the exact sum (no float residue).
 */
export const adInsightsAdCumulative = pgTable(
  'ad_insights_ad_cumulative',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    clientId: uuid('client_id').notNull(),
    cumSpend: numeric('cum_spend').notNull(),
    cumImpressions: bigint('cum_impressions', { mode: 'number' }).notNull(),
    cumLinkClicks: bigint('cum_link_clicks', { mode: 'number' }).notNull(),
    cumPurchases: numeric('cum_purchases').notNull(),
    cumPurchaseValue: numeric('cum_purchase_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] }), index().on(t.clientId, t.day)],
);

/**
 * Each campaign's daily sums per creative feature (issue 19: one feature's page draws its days from here,
 * not from every daily row of the range): a daily row counts under every feature its ad's creative has, and
 * under '' when the ad's features are not known. Built for a whole client at once from the ads' current
 * features (performance/creative-features/rollup.ts), which it is valid for only while they stay the same:
 * creative_feature_rollups holds the fingerprint of the ads and features it was built from.
 */
export const adInsightsFeatureDaily = pgTable(
  'ad_insights_feature_daily',
  {
    clientId: uuid('client_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ads: integer('ads').notNull().default(0),
    ...metricColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.feature, t.day] }),
    index().on(t.clientId, t.feature, t.day),
  ],
);

/** Per client, what its ad_insights_feature_daily rows were built from (see there). */
export const creativeFeatureRollups = pgTable('creative_feature_rollups', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** The fingerprint of every ad's campaign and features when the rows were built. */
  fingerprint: text('fingerprint').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One import of an Ads Manager export (upload type AD_PERFORMANCE_FILE), with its report. */
export const adPerformanceImports = pgTable(
  'ad_performance_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name'),
    /** 'csv' or 'xlsx', and the language of the headers ('en', 'fr', 'es'). */
    format: text('format'),
    language: text('language'),
    currency: text('currency'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsImported: integer('rows_imported').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    /** The first rejected rows (at most 1000) with their reasons. */
    rejected: jsonb('rejected').$type<RejectedRow[]>().notNull().default([]),
    /** Columns the importer did not know (kept out of the data, listed in the report). */
    unknownColumns: jsonb('unknown_columns').$type<string[]>().notNull().default([]),
    firstDay: date('first_day', { mode: 'string' }),
    lastDay: date('last_day', { mode: 'string' }),
    accountId: uuid('account_id'),
    error: text('error'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index().on(t.clientId, t.createdAt)],
);

/** A client's settings of the dashboards: the minimum spend of top and bottom ads. */
export const performanceSettings = pgTable('performance_settings', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** Ads that spent less than this (in the account currency) over the range are not ranked. */
  minSpend: doublePrecision('min_spend').notNull().default(50),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A saved view of the detailed report (rows, columns, filters), per client, named by its author. */
export const performanceReportViews = pgTable(
  'performance_report_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** { rows, columns, filters, sort } as the report screen writes it (performance/report-view.ts checks it). */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [unique('performance_report_views_client_name_unique').on(t.clientId, t.name)],
);

/** What the pixels of a creative measure (`@adloom/commerce` creativeFeatures: ImageStats). */
export interface StoredImageStats {
  width: number;
  height: number;
  /** Mean luma, 0 (black) to 1 (white). */
  brightness: number;
  /** RMS contrast: the standard deviation of luma, 0 to 0.5. */
  contrast: number;
  /** Estimated share of the frame covered by text, 0 to 1. */
  textCoverage: number;
  /** The main colours, largest share first (hex and share of the frame). */
  dominantColors: { hex: string; share: number }[];
}

/**
 * The features of one creative image (issue 19), computed once: from its template version when Adloom
 * made it, and from its pixels always. Keyed by the image (a stored file or an outside URL), so the many
 * ads that show one image share one row. Rows whose `keysVersion` is not the current feature list's are
 * computed again.
 */
export const creativeFeatures = pgTable(
  'creative_features',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** `file:<storage key>` for an image we store, `url:<address>` for one we fetched. */
    imageKey: text('image_key').notNull(),
    /** The template version that made it (an Adloom creative); null for an image that is not ours. */
    templateVersionId: uuid('template_version_id'),
    /** 'adloom' (template and pixels) or 'image' (pixels only). */
    source: text('source').$type<'adloom' | 'image'>().notNull(),
    /** The feature ids it has (`@adloom/commerce` CREATIVE_FEATURES, plus style_… and industry_… tags). */
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stats: jsonb('stats').$type<StoredImageStats>(),
    /** The feature list's version when computed (CREATIVE_FEATURES_VERSION). */
    keysVersion: text('keys_version').notNull(),
    /** Why the image could not be read; features then hold the template's only. */
    error: text('error'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('creative_features_client_image_unique').on(t.clientId, t.imageKey),
    index('creative_features_features_gin').using('gin', t.features),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export type TemplateVersionRow = typeof templateVersions.$inferSelect;
export type TemplateTagRow = typeof templateTags.$inferSelect;
export type BrandKitItemRow = typeof brandKitItems.$inferSelect;
export type CatalogRow = typeof catalogs.$inferSelect;
export type CatalogImportRow = typeof catalogImports.$inferSelect;
export type CatalogItemRow = typeof catalogItems.$inferSelect;
export type NewCatalogItem = typeof catalogItems.$inferInsert;
export type ProductSetRow = typeof productSets.$inferSelect;
export type FeedRow = typeof feeds.$inferSelect;
export type FeedDesignRow = typeof feedDesigns.$inferSelect;
export type FeedCreativeRow = typeof feedCreatives.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type AdConnectionRow = typeof adConnections.$inferSelect;
export type AdAccountRow = typeof adAccounts.$inferSelect;
export type AdCampaignRow = typeof adCampaigns.$inferSelect;
export type AdSetRow = typeof adSets.$inferSelect;
export type AdRow = typeof ads.$inferSelect;
export type AdPerformanceImportRow = typeof adPerformanceImports.$inferSelect;
export type CreativeFeaturesRow = typeof creativeFeatures.$inferSelect;

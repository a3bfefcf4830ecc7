import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
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

export const clients = pgTable('clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  planStatus: text('plan_status').$type<PlanStatus>().notNull().default('trial'),
  billingRequired: boolean('billing_required').notNull().default(false),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  createdAt: createdAt(),
});

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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    tokenAuth: boolean('token_auth').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId)],
);

export const oneTimeTokenPurposes = ['sign_in', 'verify_email'] as const;
export type OneTimeTokenPurpose = (typeof oneTimeTokenPurposes)[number];

/** Single-use tokens sent by link: staff-issued sign-in links and e-mail verification. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
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
    /** A colour's value (#rrggbb), a guide's or disclaimer's text. */
    textContent: text('text_content'),
    /** Stored file of a font, logo or audio item. */
    fileKey: text('file_key'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.clientId, t.type)],
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

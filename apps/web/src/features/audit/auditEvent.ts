/** An audit event as both logs (the workspace's and the staff portal's) show it. */
export interface AuditEventView {
  id: string;
  createdAt: string;
  clientId: string | null;
  clientName: string | null;
  actorEmail: string | null;
  actorIsStaff: boolean;
  viaStaffLink: boolean;
  action: string;
  actionLabel: string;
  targetKind: string | null;
  targetLabel: string | null;
  detailsJson: string;
  ip: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** Who acted, in words: an e-mail, or what fetched without signing in. */
export function actorLabel(event: AuditEventView): string {
  if (event.actorEmail) return event.actorEmail;
  if (event.action === 'feed.exported') return 'Export URL (no sign-in)';
  return 'System';
}

const TARGET_KINDS: Record<string, string> = {
  user: 'User',
  invitation: 'Invitation',
  client: 'Workspace',
  template: 'Template',
  catalog: 'Catalogue',
  product_set: 'Product set',
  feed: 'Feed',
  brand_kit_item: 'Brand kit item',
  session: 'Session',
  integration: 'Integration',
  ad: 'Ad',
};

export function targetKindLabel(kind: string | null): string {
  return kind ? (TARGET_KINDS[kind] ?? kind) : '';
}

const DETAIL_LABELS: Record<string, string> = {
  isAdmin: 'admin',
  wasAdmin: 'was admin',
  format: 'format',
  by: 'by',
  token: 'token',
  previousToken: 'old token',
  key: 'feature',
  enabled: 'enabled',
  planStatus: 'plan',
  billingRequired: 'billing required',
  trialEndsAt: 'trial ends',
  issuedByEmail: 'link issued by',
  fileName: 'file',
  type: 'type',
  expiresAt: 'expires',
  adminEmail: 'admin',
};

/** The details of an event as short `name: value` parts (internal ids left out). */
export function detailParts(detailsJson: string): string[] {
  let details: unknown;
  try {
    details = JSON.parse(detailsJson);
  } catch {
    return [];
  }
  if (!details || typeof details !== 'object') return [];
  return Object.entries(details as Record<string, unknown>)
    .filter(([name, value]) => name in DETAIL_LABELS && value !== null && value !== undefined)
    .map(([name, value]) => {
      const shown = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
      return `${DETAIL_LABELS[name]}: ${shown}`;
    });
}

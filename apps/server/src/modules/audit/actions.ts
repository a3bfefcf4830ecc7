/**
 * Every action the audit log records, with the label people read. The one list: the server records only
 * these names, and the screens take their filter choices and labels from it (the `auditActions` query).
 */
export const AUDIT_ACTIONS = {
  'member.invited': 'Member invited',
  'member.invitation_resent': 'Invitation sent again',
  'member.invitation_revoked': 'Invitation revoked',
  'member.joined': 'Invitation accepted',
  'member.role_changed': 'Member role changed',
  'member.deactivated': 'Member removed',
  'member.reactivated': 'Member reactivated',
  'template.deleted': 'Template deleted',
  'catalog.deleted': 'Catalogue deleted',
  'product_set.deleted': 'Product set deleted',
  'feed.deleted': 'Feed deleted',
  'brand_kit_item.deleted': 'Brand kit item deleted',
  'feed.exported': 'Feed exported',
  'feed.export_token_rotated': 'Export token rotated',
  'client.created': 'Client created',
  'client.plan_changed': 'Plan changed',
  'client.feature_changed': 'Feature switched',
  'client.msa_deleted': 'MSA deleted',
  'staff.sign_in_link_created': 'Staff sign-in link created',
  'staff.signed_in_as_user': 'Signed in as the user (staff link)',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset by link',
  'user.session_revoked': 'Session signed out',
  'user.other_sessions_revoked': 'Other sessions signed out',
  'integration.connected': 'Integration connected',
  'integration.disconnected': 'Integration disconnected',
  'ad.catalog_feed_set': 'Catalogue ad’s feed set',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const auditActionNames = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(name: string): name is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, name);
}

/** What an event's target is. */
export type AuditTargetKind =
  | 'user'
  | 'invitation'
  | 'client'
  | 'template'
  | 'catalog'
  | 'product_set'
  | 'feed'
  | 'brand_kit_item'
  | 'session'
  | 'integration'
  | 'ad';

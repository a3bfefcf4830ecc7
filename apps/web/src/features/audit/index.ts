/**
 * The audit log: a client's (AuditLog, in the users screen) and the pieces the portal's log of every
 * client is made of (its query, table, filters and pager).
 */
export { PortalAuditEventsQuery } from './api/portalAuditEvents';
export { AuditEventsTable } from './AuditEventsTable';
export { AuditFilters } from './AuditFilters';
export { AuditLog } from './AuditLog';
export { AuditPager } from './AuditPager';
export { useAuditFilters } from './useAuditFilters';

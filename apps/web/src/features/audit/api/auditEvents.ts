import { graphql } from '../../../graphql/client';

/** The workspace's audit log, newest first (admins only), and the actions it can be filtered by. */
export const AuditEventsQuery = graphql(`
  query AuditEvents($action: String, $actor: String, $offset: Int, $limit: Int) {
    auditEvents(action: $action, actor: $actor, offset: $offset, limit: $limit) {
      total
      events {
        id
        createdAt
        clientId
        clientName
        actorEmail
        actorIsStaff
        viaStaffLink
        action
        actionLabel
        targetKind
        targetLabel
        detailsJson
        ip
      }
    }
    auditActions {
      name
      label
    }
  }
`);

import { graphql } from '../../../graphql/public';

/** Staff: the whole audit log, newest first, with the actions it can be filtered by. */
export const PortalAuditEventsQuery = graphql(`
  query PortalAuditEvents(
    $clientId: ID
    $withoutClient: Boolean
    $action: String
    $actor: String
    $offset: Int
    $limit: Int
  ) {
    portalAuditEvents(
      clientId: $clientId
      withoutClient: $withoutClient
      action: $action
      actor: $actor
      offset: $offset
      limit: $limit
    ) {
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

import { graphql } from '../../../graphql/public';

/** The latest emails the server sent or tried to send. */
export const OutboxQuery = graphql(`
  query Outbox($limit: Int!) {
    outbox(limit: $limit) {
      id
      to
      subject
      text
      createdAt
      transport
      error
    }
  }
`);

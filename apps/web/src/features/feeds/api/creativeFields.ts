import { graphql } from '../../../graphql/client';

/** What the screens show of a creative: the gallery's page and one item being made again alike. */
export const CreativeFields = graphql(`
  fragment CreativeFields on Creative @_unmask {
    itemId
    status
    designId
    imageUrl
    error
    attempts
    updatedAt
  }
`);

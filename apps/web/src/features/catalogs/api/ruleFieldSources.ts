import { graphql } from '../../../graphql/client';

/** What a filter's rules can test outside the catalogue page: the fields, and the catalogue's extra columns. */
export const RuleFieldSourcesQuery = graphql(`
  query RuleFieldSources($catalogId: ID!) {
    productSetFields {
      name
      label
      kind
    }
    catalog(id: $catalogId) {
      id
      columnMappingJson
      imports {
        id
        status
        unknownColumns
      }
    }
  }
`);

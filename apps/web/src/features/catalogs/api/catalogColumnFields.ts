import { graphql } from '../../../graphql/client';

/** The canonical catalogue fields a source column can be mapped to (the importer's own list). */
export const CatalogColumnFieldsQuery = graphql(`
  query CatalogColumnFields {
    catalogColumnFields
  }
`);

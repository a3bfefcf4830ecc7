import { graphql } from '../../../graphql/client';

/** What the builder reads back from a save, create or update alike: the version made and its slots. */
export const SavedTemplateFields = graphql(`
  fragment SavedTemplateFields on ProductCatalogTemplate @_unmask {
    id
    name
    versionNumber
    templateVersionId
    slots {
      id
      name
      features {
        key
        value
      }
    }
  }
`);

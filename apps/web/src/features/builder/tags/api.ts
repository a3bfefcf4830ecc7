import { graphql } from '../../../graphql/client';

/** The style and industry tags a template may carry: the global ones and the client's own. */
export const TemplateTagChoicesQuery = graphql(`
  query TemplateTagChoices {
    templateTagChoices {
      id
      key
      group
      label
    }
  }
`);

/** Creates a style tag that does not exist yet (spec section 7, row 4); an existing one is returned. */
export const CreateTemplateTagMutation = graphql(`
  mutation CreateTemplateTag($group: String!, $key: String!) {
    createProductCatalogTemplateTag(group: $group, key: $key) {
      tagId
      error {
        code
        message
      }
    }
  }
`);

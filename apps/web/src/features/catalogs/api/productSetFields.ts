import { graphql } from '../../../graphql/client';

/** The fields a product-set rule can test, each text or number. */
export const ProductSetFieldsQuery = graphql(`
  query ProductSetFields {
    productSetFields {
      name
      label
      kind
    }
  }
`);

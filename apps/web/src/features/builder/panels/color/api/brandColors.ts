import { graphql } from '../../../../../graphql/client';

/** The brand kit's colours for the builder's colour fields (spec section 7, row 8) and the colour limit. */
export const BuilderBrandColorsQuery = graphql(`
  query BuilderBrandColors {
    brandKit {
      colors {
        id
        name
        textContent
      }
      limits {
        type
        count
        maxItems
      }
    }
  }
`);

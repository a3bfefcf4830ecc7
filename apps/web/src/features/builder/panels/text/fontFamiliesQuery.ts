import { graphql } from '../../../../graphql/client';

/** The builder's font list: the client's brand-kit fonts (weight 400, with their file) and the catalogue. */
export const FontFamiliesQuery = graphql(`
  query FontFamilies {
    fontFamilies {
      family
      weights
      italicWeights
      source
      fontUrl
    }
  }
`);

import { graphql } from '../../../../../graphql/client';

/**
 * The brand kit's logos for the IMAGES tab (spec section 7, row 8, the brandKit query): the first one fills
 * LOGO_MAIN in every ad, and each can be placed as a plain picture.
 */
export const BuilderBrandLogosQuery = graphql(`
  query BuilderBrandLogos {
    brandKit {
      logos {
        id
        name
        width
        height
        content {
          id
          filename
          downloadUrl
          thumbnailUrl
          contentType
        }
      }
    }
  }
`);

import { graphql } from '../../../graphql/client';

/** The whole brand kit (spec section 7, row 8, with every kind of section 3) and its limits. */
export const BrandKitQuery = graphql(`
  query BrandKit {
    brandKit {
      colors {
        id
        name
        textContent
      }
      fonts {
        id
        name
        weight
        style
        fontUrl
        content {
          id
          filename
          downloadUrl
          size
        }
      }
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
          size
        }
      }
      guides {
        id
        name
        content
      }
      disclaimers {
        id
        name
        textContent
      }
      audios {
        id
        name
        duration
        content {
          id
          filename
          downloadUrl
          contentType
          size
        }
      }
      limits {
        type
        count
        maxItems
        maxBytes
        maxTextLength
      }
      maxNameLength
    }
  }
`);

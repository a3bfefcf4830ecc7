import { graphql } from '../../../../graphql/client';

/**
 * What generation gives the renderer for one item besides the template: its metadata, its images in slot
 * order (same-origin URLs) and the brand kit's colour, logo and fonts. The live preview renders with these.
 */
export const LivePreviewInputsQuery = graphql(`
  query BuilderLivePreviewInputs($productCatalogItemId: ID!) {
    livePreviewInputs(productCatalogItemId: $productCatalogItemId) {
      inputs {
        metadataJson
        imageUrls
        brandColor
        logoUrl
        fonts {
          fontFamily
          fontUrl
        }
      }
      error {
        code
        message
      }
    }
  }
`);

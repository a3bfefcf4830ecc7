import { graphql } from '../../../graphql/client';

/** Starter templates carrying every given tag (all of them without tags). */
export const TemplateLibraryQuery = graphql(`
  query TemplateLibrary($tagIds: [ID!]) {
    templateLibrary(tagIds: $tagIds) {
      id
      name
      thumbnailUrl
      width
      height
      slotCount
    }
  }
`);

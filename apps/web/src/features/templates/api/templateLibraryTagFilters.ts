import { graphql } from '../../../graphql/client';

/** Every tag the library uses, with how many starter templates carry it (spec section 7, row 10). */
export const TemplateLibraryTagFiltersQuery = graphql(`
  query TemplateLibraryTagFilters {
    templateLibraryTagFilters {
      count
      tag {
        id
        key
        group
        groupLabel
        label
      }
    }
  }
`);

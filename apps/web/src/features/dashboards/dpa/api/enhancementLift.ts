import { graphql } from '../../../../graphql/client';
import { EnhancementLiftFields } from './enhancementLiftFields';

/** The lift over every item delivered by both kinds of catalogue ads. */
export const EnhancementLiftQuery = graphql(
  `
    query EnhancementLift($from: Date!, $to: Date!, $filter: PerformanceFilter) {
      enhancementLift(from: $from, to: $to, filter: $filter) {
        ...EnhancementLiftFields
      }
    }
  `,
  [EnhancementLiftFields],
);

/** The lift of each template, and of each template on its largest categories. */
export const EnhancementLiftByTemplateQuery = graphql(
  `
    query EnhancementLiftByTemplate($from: Date!, $to: Date!, $filter: PerformanceFilter) {
      enhancementLiftByTemplate(from: $from, to: $to, filter: $filter) {
        templateId
        templateName
        thumbnailUrl
        overall {
          ...EnhancementLiftFields
        }
        categories {
          category
          lift {
            ...EnhancementLiftFields
          }
        }
      }
    }
  `,
  [EnhancementLiftFields],
);

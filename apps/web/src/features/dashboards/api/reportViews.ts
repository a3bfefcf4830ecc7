import { graphql } from '../../../graphql/client';

/** The client's saved report views (dimensions, metrics and sort, as JSON). */
export const PerformanceReportViewsQuery = graphql(`
  query PerformanceReportViews {
    performanceReportViews {
      id
      name
      definition
      createdAt
    }
  }
`);

export const SavePerformanceReportViewMutation = graphql(`
  mutation SavePerformanceReportView($name: String!, $definition: String!) {
    savePerformanceReportView(name: $name, definition: $definition) {
      view {
        id
        name
        definition
        createdAt
      }
      error {
        code
        message
      }
    }
  }
`);

export const DeletePerformanceReportViewMutation = graphql(`
  mutation DeletePerformanceReportView($id: ID!) {
    deletePerformanceReportView(id: $id) {
      deletedId
      error {
        code
        message
      }
    }
  }
`);

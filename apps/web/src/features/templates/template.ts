import type { ResultOf } from 'gql.tada';
import type { TemplateQuery } from './api/template';
import type { TemplateLibraryQuery } from './api/templateLibrary';
import type { TemplatesQuery } from './api/templates';
import type { TemplateVersionsQuery } from './api/templateVersions';

export type TemplateSummary = ResultOf<typeof TemplatesQuery>['productCatalogTemplates'][number];
export type TemplateDetail = NonNullable<ResultOf<typeof TemplateQuery>['productCatalogTemplate']>;
export type TemplateVersion = ResultOf<
  typeof TemplateVersionsQuery
>['productCatalogTemplateVersions'][number];
export type LibraryTemplate = ResultOf<typeof TemplateLibraryQuery>['templateLibrary'][number];

/** What the card menu and the version history need to know of a template. */
export type TemplateRef = Pick<TemplateSummary, 'id' | 'name' | 'archived'>;

/**
 * Queries that must refetch after any template mutation. A list can be empty, and a versions list holds
 * no template, so neither carries the typename the cache invalidates by.
 */
export const templatesContext = { additionalTypenames: ['ProductCatalogTemplate'] };

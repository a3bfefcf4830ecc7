import { useMemo } from 'react';
import { useQuery } from 'urql';
import { FeedTemplatesQuery } from './api/feedTemplates';
import type { FeedTemplate } from './feed';

/**
 * The client's templates (archived ones too) by their newest version id, to name a design's template.
 * A design on an older version finds nothing: the schema names only a design's template version.
 */
export function useTemplatesByVersion() {
  const [current] = useQuery({ query: FeedTemplatesQuery, variables: { archived: false } });
  const [archived] = useQuery({ query: FeedTemplatesQuery, variables: { archived: true } });
  const byVersion = useMemo(() => {
    const map = new Map<string, FeedTemplate>();
    for (const template of [
      ...(current.data?.productCatalogTemplates ?? []),
      ...(archived.data?.productCatalogTemplates ?? []),
    ])
      map.set(template.templateVersionId, template);
    return map;
  }, [current.data, archived.data]);
  return {
    byVersion,
    loaded: current.data !== undefined && archived.data !== undefined,
    error: current.error ?? archived.error,
  };
}

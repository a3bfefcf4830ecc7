import { useMemo } from 'react';
import { useQuery } from 'urql';
import { FeedTemplatesQuery } from './api/feedTemplates';
import type { FeedTemplate } from './feed';

/** The client's templates (archived ones too) by id, for the slots of a design's template. */
export function useTemplatesById() {
  const [current] = useQuery({ query: FeedTemplatesQuery, variables: { archived: false } });
  const [archived] = useQuery({ query: FeedTemplatesQuery, variables: { archived: true } });
  const byId = useMemo(() => {
    const map = new Map<string, FeedTemplate>();
    for (const template of [
      ...(current.data?.productCatalogTemplates ?? []),
      ...(archived.data?.productCatalogTemplates ?? []),
    ])
      map.set(template.id, template);
    return map;
  }, [current.data, archived.data]);
  return {
    byId,
    loaded: current.data !== undefined && archived.data !== undefined,
    error: current.error ?? archived.error,
  };
}

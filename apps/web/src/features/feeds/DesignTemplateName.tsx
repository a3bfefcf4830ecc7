import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import type { FeedTemplate } from './feed';

/** The template of a design by name, linked to its page; a plain phrase when it is not known. */
export function DesignTemplateName({
  clientId,
  template,
  loaded,
}: {
  clientId: string;
  template: FeedTemplate | undefined;
  loaded: boolean;
}) {
  if (!template)
    return (
      <Text c="dimmed" size="sm">
        {loaded ? 'An earlier version of a template, or a deleted one' : 'Loading the template…'}
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={clientUrl(clientId, 'products/templates/:id/', { id: template.id })}
      fw={600}
    >
      {template.name}
    </Anchor>
  );
}

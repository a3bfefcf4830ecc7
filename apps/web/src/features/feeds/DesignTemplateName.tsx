import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import type { FeedDesign } from './feed';

/** The template of a design by name and version, linked to the builder; a plain phrase when it is gone. */
export function DesignTemplateName({ clientId, design }: { clientId: string; design: FeedDesign }) {
  const version = design.templateVersion;
  if (!version)
    return (
      <Text c="dimmed" size="sm">
        A deleted template
      </Text>
    );
  return (
    <>
      <Anchor
        component={Link}
        to={clientUrl(clientId, 'products/templates/:id/', { id: version.templateId })}
        fw={600}
      >
        {version.templateName}
      </Anchor>
      <Text size="sm" c="dimmed">
        version {version.versionNumber}
        {version.templateArchived ? ' · archived' : ''}
      </Text>
    </>
  );
}

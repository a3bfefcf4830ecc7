import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { featureListPath } from './model/featureEffects';

/** An address naming no creative feature (a mistyped or outdated link): says so and leads to the list. */
export function FeatureNotFound({ featureId, clientId }: { featureId: string; clientId: string }) {
  return (
    <Paper withBorder p="xl" radius="md" component="section" aria-label="Feature not found">
      <Stack gap="md" align="flex-start">
        <Title order={2} fz="lg">
          No creative feature “{featureId}”
        </Title>
        <Text>
          This address names no feature Adloom reads from creatives. Check the link, or pick a feature from
          the list.
        </Text>
        <Button component={Link} to={featureListPath(clientId, '')}>
          See all creative features
        </Button>
      </Stack>
    </Paper>
  );
}

import { Anchor, Badge, Card, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl, workingAreaRoutes } from '../../app/routes';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';

/** An area that is not built yet: what it will do, that it does nothing yet, and where the working areas are. */
export function PlaceholderScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  return (
    <Paper withBorder p="xl" radius="md">
      <ScreenHeader
        title={route.title}
        actions={
          <Badge variant="light" color="gray" size="lg" radius="sm">
            Coming soon
          </Badge>
        }
      />
      <Stack gap="lg">
        <Stack gap="xs">
          <Text>{route.description}</Text>
          <Text fw={600}>This area is not built yet.</Text>
          <Text c="dimmed">Nothing on this page works for now; these areas do:</Text>
        </Stack>
        {client && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" p={0} m={0}>
            {workingAreaRoutes().map((area) => (
              <Card
                key={area.path}
                withBorder
                padding="md"
                radius="md"
                component="li"
                style={{ listStyle: 'none' }}
              >
                <Title order={2} fz="md" mb={4}>
                  <Anchor component={Link} to={clientUrl(client.id, area.path)}>
                    {area.navLabel ?? area.title}
                  </Anchor>
                </Title>
                <Text size="sm" c="dimmed">
                  {area.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

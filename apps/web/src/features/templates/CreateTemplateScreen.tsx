import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { clientUrl } from '../../app/routes';
import { ScreenHeader } from '../../components/ScreenHeader';
import type { ClientScreenProps } from '../clients/clientScreen';
import { useCurrentClient } from '../clients/currentClient';
import { ImportProgress } from './ImportProgress';
import { ImportSvgButton } from './ImportSvgButton';
import { useSvgImport } from './useSvgImport';

/** `/products/templates/create/`: the builder is not built yet; start from the library or an SVG file. */
export function CreateTemplateScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const navigate = useNavigate();
  const clientId = client?.id ?? '';
  // After the first save the user goes to the new template's page (spec section 2, builder screen).
  const { importFile, progress } = useSvgImport({
    onCreated: (template) => navigate(clientUrl(clientId, 'products/templates/:id/', { id: template.id })),
  });
  if (!client) return null;

  return (
    <>
      <ScreenHeader title={route.title} />
      <ImportProgress progress={progress} />
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md" align="flex-start">
          <Text fw={600}>The template builder is not built yet.</Text>
          <Text c="dimmed">
            Until it is, start from a ready-made template of the library, or import an SVG template made
            elsewhere. An SVG needs at least one image slot (a layer whose id starts with MAIN) and a size
            between 50 and 3000.
          </Text>
          <Group gap="sm">
            <Button
              component={Link}
              to={clientUrl(client.id, 'products/templates/library/')}
              leftSection={<IconLayoutGrid size={16} />}
            >
              Start from the library
            </Button>
            <ImportSvgButton onFile={importFile} busy={progress !== null} />
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

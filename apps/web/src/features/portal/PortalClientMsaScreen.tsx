import { Paper, Stack, Text, Title } from '@mantine/core';
import { CurrentMsa } from './CurrentMsa';
import { MsaUploadForm } from './MsaUploadForm';
import { PortalClientPage } from './PortalClientPage';

/** `/portal/clients/:id/msa/`: the client's master services agreement. */
export function PortalClientMsaScreen() {
  return (
    <PortalClientPage tab="msa">
      {(client, reload) => (
        <Stack gap="lg" maw={720}>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} fz="lg" mb="md">
              Current MSA
            </Title>
            {client.msa ? (
              <CurrentMsa clientId={client.id} msa={client.msa} />
            ) : (
              <Text c="dimmed">No MSA has been uploaded for this client.</Text>
            )}
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} fz="lg" mb="md">
              {client.msa ? 'Replace the MSA' : 'Upload an MSA'}
            </Title>
            <MsaUploadForm clientId={client.id} onUploaded={reload} />
          </Paper>
        </Stack>
      )}
    </PortalClientPage>
  );
}

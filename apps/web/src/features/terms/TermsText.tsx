import { Anchor, List, Stack, Text } from '@mantine/core';
import { useBranding } from '../session';

/** The terms a workspace member accepts before using the workspace. */
export function TermsText({ clientName }: { clientName: string }) {
  const { displayName, customerSuccessEmail } = useBranding();
  return (
    <Stack gap="sm">
      <Text>
        Before you use {displayName} for <strong>{clientName}</strong>, read and accept these terms of
        service.
      </Text>
      <List spacing="xs" size="sm">
        <List.Item>
          You use the platform to create, manage and analyse advertising for the business this workspace
          represents.
        </List.Item>
        <List.Item>
          You are responsible for the content, product data and brand assets you upload, and for holding the
          rights to use them.
        </List.Item>
        <List.Item>You review generated ads and copy before they are published.</List.Item>
        <List.Item>
          Data you connect (ad accounts, catalogues, customer datasets) is processed only to provide the
          service to this workspace.
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        Questions about these terms:{' '}
        <Anchor href={`mailto:${customerSuccessEmail}`} inherit>
          {customerSuccessEmail}
        </Anchor>
      </Text>
    </Stack>
  );
}

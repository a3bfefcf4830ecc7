import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useBranding } from '../features/session';
import { HelpContact } from './HelpContact';

/** The frame of signed-out and onboarding pages: product name, a card with the page, help contact. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  const { displayName } = useBranding();
  useDocumentTitle(`${title} · ${displayName}`);
  return (
    <Container component="main" size={440} py={64}>
      <Stack gap="lg">
        <Text ta="center" fw={800} fz={28} c="blue.7">
          {displayName}
        </Text>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Stack gap="md">
            <Title order={1} fz={24}>
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
        <HelpContact ta="center" />
      </Stack>
    </Container>
  );
}

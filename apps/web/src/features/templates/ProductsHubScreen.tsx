import { Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconLayoutGrid, IconTemplate, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';

function HubCard({
  icon: CardIcon,
  title,
  children,
  action,
}: {
  icon: Icon;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          <CardIcon size={20} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md" style={{ flex: 1 }}>
        {children}
      </Text>
      {action}
    </Card>
  );
}

/** `/products/`: where product advertising starts: templates, the template library and catalogues. */
export function ProductsHubScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  if (!client) return null;
  const url = (path: string) => clientUrl(client.id, path);
  return (
    <>
      <ScreenHeader title={route.title} description={route.description} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <HubCard
          icon={IconTemplate}
          title="Templates"
          action={
            <Button component={Link} to={url('products/templates/')} w="fit-content">
              Open templates
            </Button>
          }
        >
          Your ad templates: image designs with dynamic slots that are filled with each product’s pictures,
          logo, copy and rating.
        </HubCard>
        <HubCard
          icon={IconLayoutGrid}
          title="Template library"
          action={
            <Button
              component={Link}
              to={url('products/templates/library/')}
              variant="default"
              w="fit-content"
            >
              Browse the library
            </Button>
          }
        >
          Ready-made starter templates, filtered by size, style and industry. Use one to copy it into your
          templates.
        </HubCard>
        <HubCard
          icon={IconAddressBook}
          title="Catalogues"
          action={
            <Button component={Link} to={url('catalogs/')} variant="default" w="fit-content">
              Open catalogues
            </Button>
          }
        >
          Product catalogues imported from CSV, TSV or XML feeds, their product sets, and the feeds that turn
          them into ads.
        </HubCard>
      </SimpleGrid>
    </>
  );
}

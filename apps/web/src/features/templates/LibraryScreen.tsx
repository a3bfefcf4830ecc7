import { Button, Grid, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { useNotify } from '../../app/store/useNotify';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { TemplateLibraryQuery } from './api/templateLibrary';
import { TemplateLibraryTagFiltersQuery } from './api/templateLibraryTagFilters';
import { UseLibraryTemplateMutation } from './api/useLibraryTemplate';
import { LibraryCard } from './LibraryCard';
import { LibraryFilters } from './LibraryFilters';
import type { LibraryTemplate } from './template';
import { TemplateGridSkeleton } from './TemplateGridSkeleton';
import { useActionKeys } from '../../lib/useIdempotencyKey';
import { useLibraryTagSelection } from './useLibraryTagSelection';

const libraryCols = { base: 1, xs: 2, lg: 3 };

/**
 * `/products/templates/library/`: starter templates, filtered by tags, copied into the workspace. `?tag=<id>`
 * (repeatable) opens it with those tags selected.
 */
export function LibraryScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const { selected, toggle, clear } = useLibraryTagSelection();
  const [filtersResult] = useQuery({ query: TemplateLibraryTagFiltersQuery });
  const [{ data, error }] = useQuery({ query: TemplateLibraryQuery, variables: { tagIds: selected } });
  const [, copyLibraryTemplate] = useMutation(UseLibraryTemplateMutation);
  const [busyId, setBusyId] = useState<string | null>(null);
  const copyKeys = useActionKeys();

  if (!client) return null;

  const copy = async (template: LibraryTemplate) => {
    setBusyId(template.id);
    const result = await copyLibraryTemplate({
      libraryTemplateId: template.id,
      idempotencyKey: copyKeys.keyFor(template.id),
    });
    setBusyId(null);
    const payload = result.data?.useLibraryTemplate;
    if (notify.mutation(result, payload, 'Template created') && payload?.template) {
      copyKeys.done(template.id);
      navigate(clientUrl(client.id, 'products/templates/:id/', { id: payload.template.id }));
    }
  };

  const templates = data?.templateLibrary;
  return (
    <>
      <ScreenHeader
        title={route.title}
        description="Ready-made templates to start from. Using one copies it into your templates."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <LibraryFilters
            filters={filtersResult.data?.templateLibraryTagFilters}
            error={filtersResult.error}
            selected={selected}
            onToggle={toggle}
            onClear={clear}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {!templates ? (
            error ? (
              <QueryState error={error} />
            ) : (
              <TemplateGridSkeleton count={6} />
            )
          ) : templates.length === 0 ? (
            <Paper withBorder p="xl" radius="md">
              {selected.length > 0 ? (
                <Stack gap="sm" align="flex-start">
                  <Text fw={600}>No starter template has all the selected tags.</Text>
                  <Button variant="default" onClick={clear}>
                    Clear filters
                  </Button>
                </Stack>
              ) : (
                <Text c="dimmed">The library has no starter templates yet.</Text>
              )}
            </Paper>
          ) : (
            <SimpleGrid cols={libraryCols} spacing="md" aria-label="Starter templates">
              {templates.map((template) => (
                <LibraryCard
                  key={template.id}
                  template={template}
                  onUse={() => notify.reportFailure(copy(template))}
                  busy={busyId === template.id}
                  disabled={busyId !== null}
                />
              ))}
            </SimpleGrid>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

import { ActionIcon, Button, Group, Modal, Select, TextInput, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useNotify } from '../../../app/store/useNotify';
import { mutationFailure } from '../../../lib/graphqlErrors';
import {
  DeletePerformanceReportViewMutation,
  PerformanceReportViewsQuery,
  SavePerformanceReportViewMutation,
} from '../api/reportViews';
import { parseViewDefinition, type ReportDefinition, viewDefinitionJson } from '../model/reportDefinition';

/** The client's saved report views: open one, save the current report as a new one, delete one. */
export function SavedViews({
  definition,
  onOpen,
}: {
  definition: ReportDefinition;
  onOpen: (definition: ReportDefinition) => void;
}) {
  const [{ data }, refetch] = useQuery({ query: PerformanceReportViewsQuery });
  const [, save] = useMutation(SavePerformanceReportViewMutation);
  const [, remove] = useMutation(DeletePerformanceReportViewMutation);
  const notify = useNotify();
  const [chosen, setChosen] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const views = data?.performanceReportViews ?? [];
  const current = views.find((view) => view.id === chosen);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const saveAs = async () => {
    const result = await save({ name: name.trim(), definition: viewDefinitionJson(definition) });
    const failure = mutationFailure(result, result.data?.savePerformanceReportView);
    if (failure) return notify.error(`The view was not saved: ${failure}`);
    setNaming(false);
    setName('');
    setChosen(result.data?.savePerformanceReportView.view?.id ?? null);
    notify.success('View saved.');
    reload();
  };

  const deleteChosen = async () => {
    if (!current) return;
    const result = await remove({ id: current.id });
    const failure = mutationFailure(result, result.data?.deletePerformanceReportView);
    if (failure) return notify.error(`The view was not deleted: ${failure}`);
    setChosen(null);
    notify.success(`View “${current.name}” deleted.`);
    reload();
  };

  return (
    <Group gap="xs" align="flex-end">
      <Select
        label="Saved view"
        placeholder={views.length ? 'Open a view' : 'No saved views'}
        data={views.map((view) => ({ value: view.id, label: view.name }))}
        value={chosen}
        disabled={!views.length}
        w={200}
        onChange={(id) => {
          setChosen(id);
          const view = views.find((v) => v.id === id);
          if (view) onOpen(parseViewDefinition(view.definition));
        }}
      />
      <Tooltip label={current ? `Delete “${current.name}”` : 'Open a view to delete it'}>
        <ActionIcon
          variant="default"
          size="lg"
          mb={1}
          aria-label="Delete the saved view"
          disabled={!current}
          onClick={() => notify.reportFailure(deleteChosen())}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => setNaming(true)}>
        Save as…
      </Button>
      <Modal opened={naming} onClose={() => setNaming(false)} title="Save the report as a view">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            notify.reportFailure(saveAs());
          }}
        >
          <TextInput
            label="View name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={100}
            data-autofocus
            required
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setNaming(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim()}>
              Save view
            </Button>
          </Group>
        </form>
      </Modal>
    </Group>
  );
}

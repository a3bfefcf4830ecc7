import { Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ClientScreenProps } from '../../clients';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import {
  type ReportDefinition,
  reportCsvUrl,
  reportFromSearch,
  reportParams,
} from '../model/reportDefinition';
import { ReportControls } from './ReportControls';
import { ReportTable } from './ReportTable';
import { SavedViews } from './SavedViews';

/** `/dashboard/detailed-report/` and `/campaigns/detailed-report/`: a pivot of the results, saved views, CSV export. */
export function DetailedReportScreen({ route }: ClientScreenProps) {
  return (
    <DashboardShell
      route={route}
      withComparison={false}
      description="Results by campaign, ad set, ad, day or a breakdown (one or two levels), with the columns you choose."
    >
      {(scope) => <DetailedReportContent scope={scope} />}
    </DashboardShell>
  );
}

function DetailedReportContent({ scope }: { scope: DashboardScope }) {
  const { state, query, clientId } = scope;
  const definition = reportFromSearch(state.param);
  const page = Math.max(1, Number(state.param('page')) || 1);

  const setDefinition = (next: ReportDefinition) => {
    state.setParams({ ...reportParams(next), page: null });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ReportControls definition={definition} onChange={setDefinition} />
        <Group gap="xs" align="flex-end">
          <SavedViews definition={definition} onOpen={setDefinition} />
          <Button
            component="a"
            href={reportCsvUrl(clientId, query, definition)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <ReportTable
        scope={scope}
        definition={definition}
        page={page}
        onPage={(next) => state.setParam('page', next === 1 ? null : String(next))}
        onSort={(sortBy, sortDesc) => setDefinition({ ...definition, sortBy, sortDesc })}
      />
    </Stack>
  );
}

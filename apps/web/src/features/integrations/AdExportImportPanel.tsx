import { Alert, Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ImportFileButton } from '../../components/ImportFileButton';
import { UploadProgress, type UploadProgressState } from '../../components/UploadProgress';
import { isImportActive } from '../../lib/importStatus';
import { AD_EXPORT_ACCEPT, daysCovered } from './adImportFormat';
import { AdExportInstructions } from './AdExportInstructions';
import { AdImportsTable } from './AdImportsTable';
import { IntegrationCard } from './IntegrationCard';
import type { AdPerformanceImport } from './integration';

/**
 * The Ads Manager export card: how to export, the upload button and its progress, the import under way,
 * the newest import's outcome with the way to the overview, and every import's report.
 */
export function AdExportImportPanel({
  imports,
  progress,
  busy,
  onFile,
  overviewUrl,
}: {
  /** Null while the list loads. */
  imports: readonly AdPerformanceImport[] | null;
  progress: UploadProgressState | null;
  busy: boolean;
  onFile: (file: File | null) => void;
  overviewUrl: string;
}) {
  const latest = imports?.[0];
  return (
    <IntegrationCard
      title="Ads Manager export"
      description="No Meta app? Import the report Ads Manager exports: spend, impressions, clicks, purchases and their value for each ad and day."
    >
      <AdExportInstructions />
      <Group>
        <ImportFileButton
          onFile={onFile}
          busy={busy}
          accept={AD_EXPORT_ACCEPT}
          label="Import an Ads Manager export"
          variant="filled"
        />
      </Group>
      <UploadProgress progress={progress} />
      {latest && isImportActive(latest.status) && <ImportUnderWay latest={latest} />}
      {latest?.status === 'COMPLETED' && <ImportCompleted latest={latest} overviewUrl={overviewUrl} />}
      {imports && imports.length > 0 && <AdImportsTable imports={imports} />}
      {imports?.length === 0 && (
        <Text size="sm" c="dimmed">
          No export imported yet.
        </Text>
      )}
    </IntegrationCard>
  );
}

function ImportUnderWay({ latest }: { latest: AdPerformanceImport }) {
  return (
    <Alert color="blue" variant="light" role="status" aria-label="Import in progress">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {latest.status === 'RUNNING'
            ? `Importing ${latest.fileName ?? 'the export'}… ${latest.rowsRead.toLocaleString('en')} ${latest.rowsRead === 1 ? 'row' : 'rows'} read`
            : 'The import is queued and starts in a moment…'}
        </Text>
        <Progress value={100} striped animated size="sm" aria-label="Import progress" />
      </Stack>
    </Alert>
  );
}

/** The overview of the days an import covered (the dashboards' default range may not include them). */
export function importOverviewUrl(
  overviewUrl: string,
  latest: Pick<AdPerformanceImport, 'firstDay' | 'lastDay'>,
) {
  if (!latest.firstDay || !latest.lastDay) return overviewUrl;
  return `${overviewUrl}?${new URLSearchParams({ from: latest.firstDay, to: latest.lastDay }).toString()}`;
}

function ImportCompleted({ latest, overviewUrl }: { latest: AdPerformanceImport; overviewUrl: string }) {
  const rows = latest.rowsImported;
  return (
    <Alert color="green" variant="light" title="The last import completed">
      <Stack gap={4} align="flex-start">
        <Text size="sm">
          {latest.fileName ?? 'The export'}: {rows.toLocaleString('en')} {rows === 1 ? 'row' : 'rows'}{' '}
          imported, {daysCovered(latest.firstDay, latest.lastDay)}
          {latest.currency ? `, in ${latest.currency}` : ''}.
        </Text>
        <Anchor component={Link} to={importOverviewUrl(overviewUrl, latest)} size="sm" fw={600}>
          See the overview
        </Anchor>
      </Stack>
    </Alert>
  );
}

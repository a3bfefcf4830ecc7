/**
 * The statuses every import reports (catalogue imports in lower case, Ads Manager export imports in
 * upper case): how a badge shows them and whether a screen keeps polling.
 */
export type ImportStatus = 'queued' | 'running' | 'completed' | 'failed';

const STATUS_LOOK: Record<ImportStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Importing', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** The badge of an import status, whatever its case; an unknown status is shown as the server wrote it. */
export function importStatusLook(status: string): { label: string; color: string } {
  return STATUS_LOOK[status.toLowerCase() as ImportStatus] ?? { label: status, color: 'gray' };
}

/** True while an import is waiting or running, whatever its case: the screens poll until it ends. */
export function isImportActive(status: string | undefined): boolean {
  const lower = status?.toLowerCase();
  return lower === 'queued' || lower === 'running';
}

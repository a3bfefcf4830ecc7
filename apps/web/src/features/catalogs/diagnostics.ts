/** Pure helpers of the diagnostics screens: network names, shares and the words of an image check. */
import type { ResultOf } from 'gql.tada';
import type { CatalogDiagnosticsQuery } from './api/catalogDiagnostics';

export type CatalogDiagnostics = NonNullable<
  NonNullable<ResultOf<typeof CatalogDiagnosticsQuery>['catalog']>['diagnostics']
>;
export type CatalogIssue = CatalogDiagnostics['issues'][number];

const NETWORK_NAMES: Record<string, string> = { meta: 'Meta', google: 'Google' };

/** 'Meta', 'Google'; an unknown network as the server named it. */
export function networkName(network: string): string {
  return NETWORK_NAMES[network] ?? network;
}

/** The share of items ready, in whole percent rounded down (99.6 % is not 100 %). */
export function readyPercent(ready: number, total: number): number {
  return total === 0 ? 0 : Math.floor((ready / total) * 100);
}

/** A share's colour: green from 95 %, yellow from 80 %, red below. */
export function readyColor(percent: number): string {
  return percent >= 95 ? 'teal' : percent >= 80 ? 'yellow' : 'red';
}

/** What the severity means to the marketer. */
export function severityLabel(severity: string): { label: string; color: string } {
  return severity === 'error' ? { label: 'Refused', color: 'red' } : { label: 'Flagged', color: 'yellow' };
}

/** The line under the image check: where it stands, in words. */
export function imageCheckText(images: CatalogDiagnostics['images']): string {
  const of = `${images.measured.toLocaleString('en')} of ${images.total.toLocaleString('en')}`;
  if (images.total === 0) return 'No item has an image link to measure.';
  if (!images.done) return `Measuring the main images: ${of} measured so far.`;
  const failed = images.failed > 0 ? `; ${images.failed.toLocaleString('en')} could not be downloaded` : '';
  return `Main images measured: ${of}${failed}.`;
}

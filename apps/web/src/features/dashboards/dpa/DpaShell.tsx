import { Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ClientScreenProps } from '../../clients';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import { DPA_PAGES, type DpaPage, dpaPageOf } from './model/dpaPages';
import { useDpaPageUrl } from './useDpaPageUrl';

/**
 * The frame of the DPA pages: the dashboards' header, range, filters and demo notice, then one tab per
 * page. Each tab is a link (it opens in a new browser tab, and keeps the range and filters); the arrow
 * keys move between tabs and Enter opens one.
 */
export function DpaShell({
  route,
  description,
  children,
}: ClientScreenProps & {
  description: string;
  children: (scope: DashboardScope, page: DpaPage) => ReactNode;
}) {
  const page = dpaPageOf(route.path);
  return (
    <DashboardShell route={route} description={description} withComparison={false}>
      {(scope) => (
        <Stack gap="md">
          <DpaTabs clientId={scope.clientId} current={page} />
          {children(scope, page)}
        </Stack>
      )}
    </DashboardShell>
  );
}

function DpaTabs({ clientId, current }: { clientId: string; current: DpaPage }) {
  const pageUrl = useDpaPageUrl(clientId);
  return (
    <nav aria-label="DPA pages">
      <Tabs value={current.key} activateTabWithKeyboard={false}>
        <Tabs.List>
          {DPA_PAGES.map((page) => (
            <Tabs.Tab
              key={page.key}
              value={page.key}
              aria-current={page.key === current.key ? 'page' : undefined}
              renderRoot={(props) => <Link {...props} to={pageUrl(page.key)} />}
            >
              {page.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </nav>
  );
}

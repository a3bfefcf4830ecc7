import { Badge, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import { PerformanceAlertsQuery } from '../api/performanceAlerts';
import { dashboardQueryContext } from '../api/queryContext';
import type { DashboardScope } from '../components/DashboardShell';
import { changeTone, formatChange, TONE_COLOR } from '../model/metricFormat';
import { metricFromEnum } from '../model/metricKeys';

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });

/** Metrics that moved at least 20 % against the comparison period, each with what moved it. */
export function AlertsList({ scope }: { scope: DashboardScope }) {
  const { query, filter } = scope;
  const [{ data, error }] = useQuery({
    query: PerformanceAlertsQuery,
    variables: {
      from: query.range.from,
      to: query.range.to,
      filter,
      comparison: query.comparison ?? undefined,
    },
    context: dashboardQueryContext,
  });
  const alerts = data?.performanceAlerts;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alerts-title">
      <Title order={2} fz="md" id="alerts-title" mb="sm">
        Alerts
      </Title>
      {!alerts ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Skeleton h={80} />
        )
      ) : alerts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No metric moved by 20 % or more against the comparison period.
        </Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {alerts.map((alert) => {
            const metric = metricFromEnum(alert.metric);
            const tone = metric ? changeTone(metric, alert.change) : 'neutral';
            return (
              <li key={alert.metric}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge
                    color={TONE_COLOR[tone]}
                    variant="light"
                    style={{ flexShrink: 0, overflow: 'visible' }}
                  >
                    {formatChange(alert.change)}
                  </Badge>
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {alert.message}
                    </Text>
                    {alert.drivers.length > 0 && (
                      <List size="xs" spacing={2} c="dimmed" aria-label="What moved it">
                        {alert.drivers.map((driver) => (
                          <List.Item key={`${driver.kind}:${driver.label}`}>
                            {driver.kind === 'campaign' ? 'Campaign' : driverKind(driver.kind)}{' '}
                            <Text span fw={600} size="xs" c="var(--mantine-color-text)">
                              {driver.label}
                            </Text>
                            : {percent.format(driver.contribution)} of the change
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Stack>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

/** A breakdown key as people read it: "country" → "Country". */
function driverKind(kind: string): string {
  const text = kind.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

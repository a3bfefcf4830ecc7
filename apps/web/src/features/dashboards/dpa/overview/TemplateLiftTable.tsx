import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { clientUrl } from '../../../../app/routes';
import { ExpandRowButton } from '../../../../components/ExpandRowButton';
import { AdThumbnail } from '../../components/AdThumbnail';
import { MetricLabel } from '../../components/MetricLabel';
import { formatChange, TONE_COLOR } from '../../model/metricFormat';
import {
  formatInterval,
  LIFT_METRICS,
  type Lift,
  type LiftMetric,
  liftOf,
  liftScale,
  liftVerdict,
} from '../model/lift';
import { LiftBar } from './LiftBar';

export interface TemplateLift {
  templateId: string | null;
  templateName: string;
  thumbnailUrl: string | null;
  overall: Lift;
  categories: readonly { category: string; lift: Lift }[];
}

const count = (value: number) => value.toLocaleString('en-GB');

/**
 * Which template beats the plain catalogue image, and on which categories: a row per template with its
 * lift on CTR, CVR and ROAS (95 % interval) and the items compared; a row opens to its categories.
 */
export function TemplateLiftTable({
  clientId,
  templates,
}: {
  clientId: string;
  templates: readonly TemplateLift[];
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((set) => {
      const next = new Set(set);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const scale = liftScale(
    templates.flatMap((t) => [...t.overall.metrics, ...t.categories.flatMap((c) => c.lift.metrics)]),
  );
  const headingId = 'template-lift-title';

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md" id={headingId}>
            Lift by template
          </Title>
          <Text size="sm" c="dimmed">
            Each template’s creatives against the plain catalogue image on the same items; open a template to
            see its categories. Bars: 95 % interval, dot: lift, grey line: no difference.
          </Text>
        </div>
        {templates.length === 0 ? (
          <Text size="sm" c="dimmed">
            No template’s creatives were delivered on an item the plain catalogue image was also delivered on.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th miw={220}>Template</Table.Th>
                  {LIFT_METRICS.map(({ key }) => (
                    <Table.Th key={key} miw={170}>
                      <MetricLabel metric={key} /> lift
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Items compared</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {templates.map((template) => {
                  const key = template.templateId ?? `name:${template.templateName}`;
                  const isOpen = open.has(key);
                  return (
                    <Fragment key={key}>
                      <Table.Tr>
                        <Table.Td>
                          <ExpandRowButton
                            open={isOpen}
                            showLabel={`Show the categories of ${template.templateName}`}
                            hideLabel={`Hide the categories of ${template.templateName}`}
                            onToggle={() => toggle(key)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <AdThumbnail url={template.thumbnailUrl} name={template.templateName} size={44} />
                            {template.templateId ? (
                              <Anchor
                                component={Link}
                                to={clientUrl(clientId, 'products/templates/:id/', {
                                  id: template.templateId,
                                })}
                                size="sm"
                                fw={600}
                              >
                                {template.templateName}
                              </Anchor>
                            ) : (
                              <Text size="sm" fw={600}>
                                {template.templateName}
                              </Text>
                            )}
                          </Group>
                        </Table.Td>
                        <LiftCells lift={template.overall} scale={scale} />
                      </Table.Tr>
                      {isOpen && (
                        <Table.Tr>
                          <Table.Td />
                          <Table.Td colSpan={5}>
                            <CategoryLifts template={template} scale={scale} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** A lift's three metric cells and its items compared. */
function LiftCells({ lift, scale }: { lift: Lift; scale: { min: number; max: number } }) {
  return (
    <>
      {LIFT_METRICS.map(({ value, key }) => (
        <Table.Td key={key}>
          <LiftCell metric={liftOf(lift, value)} scale={scale} />
        </Table.Td>
      ))}
      <Table.Td ta="right">{count(lift.itemsCompared)}</Table.Td>
    </>
  );
}

function LiftCell({
  metric,
  scale,
}: {
  metric: LiftMetric | undefined;
  scale: { min: number; max: number };
}) {
  const verdict = liftVerdict(metric);
  if (verdict === 'unknown' || !metric) return <Text size="sm">–</Text>;
  const color = verdict === 'better' ? TONE_COLOR.good : verdict === 'worse' ? TONE_COLOR.bad : undefined;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} c={color}>
        {formatChange(metric.lift)}
        {metric.significant ? ' (significant)' : ''}
      </Text>
      <LiftBar metric={metric} scale={scale} />
      <Text size="xs" c="dimmed">
        {formatInterval(metric.low, metric.high)}
      </Text>
    </Stack>
  );
}

function CategoryLifts({ template, scale }: { template: TemplateLift; scale: { min: number; max: number } }) {
  if (template.categories.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xs">
        No category of this template’s items was delivered by both kinds of ads.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} aria-label={`Lift of ${template.templateName} by category`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th miw={180}>Category</Table.Th>
          {LIFT_METRICS.map(({ value }) => (
            <Table.Th key={value} miw={170}>
              {value} lift
            </Table.Th>
          ))}
          <Table.Th ta="right">Items compared</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {template.categories.map((category) => (
          <Table.Tr key={category.category}>
            <Table.Td>
              <Text size="sm">{category.category}</Text>
            </Table.Td>
            <LiftCells lift={category.lift} scale={scale} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

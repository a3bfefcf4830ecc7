import { Alert, Anchor, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import type { CatalogItemDetail } from './catalog';
import { availabilityColor, extraFields, formatPrice, itemImages } from './catalogFormat';
import { networkName, severityLabel } from './diagnostics';
import { ItemGallery } from './ItemGallery';

/** What Meta and Google would say of the item, worst first; nothing when it has no issue. */
function ItemIssues({ issues }: { issues: CatalogItemDetail['issues'] }) {
  if (issues.length === 0) return null;
  const sorted = [...issues].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1,
  );
  return (
    <Alert
      color={sorted[0]!.severity === 'error' ? 'red' : 'yellow'}
      variant="light"
      title="Ad network issues"
    >
      <List size="sm" spacing={4} aria-label="Ad network issues">
        {sorted.map((issue) => (
          <List.Item key={issue.code}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={500}>
                {issue.label}
              </Text>
              <Badge size="xs" variant="light" color={severityLabel(issue.severity).color}>
                {severityLabel(issue.severity).label} by {issue.networks.map(networkName).join(' and ')}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {issue.fix}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

const orDash = (value: string | number | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? (
    <Text span c="dimmed">
      —
    </Text>
  ) : (
    value
  );

function FieldTable({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={label}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w={190}>{name}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const link = (url: string) =>
  url ? (
    <Anchor href={url} target="_blank" rel="noreferrer noopener" size="sm">
      {url}
    </Anchor>
  ) : (
    orDash(url)
  );

/** All of an item: its images, its fields, its custom labels and the extra fields of the feed. */
export function ItemDetails({ item }: { item: CatalogItemDetail }) {
  const extras = extraFields(item.extraJson);
  const salePeriod =
    item.salePriceStart || item.salePriceEnd
      ? `${formatDateTime(item.salePriceStart)} to ${formatDateTime(item.salePriceEnd)}`
      : null;
  return (
    <Stack gap="lg">
      <ItemGallery images={itemImages(item)} title={item.title || item.id} />
      <ItemIssues issues={item.issues} />
      <FieldTable
        label="Item fields"
        rows={[
          [
            'Id',
            <Text key="id" size="sm" ff="monospace">
              {item.id}
            </Text>,
          ],
          ['Title', orDash(item.title)],
          ['Description', orDash(item.description)],
          [
            'Availability',
            <Badge key="availability" variant="light" color={availabilityColor(item.availability)}>
              {item.availability}
            </Badge>,
          ],
          ['Condition', orDash(item.condition)],
          ['Price', item.price ? formatPrice(item.price, item.currency) : orDash(null)],
          ['Sale price', item.salePrice ? formatPrice(item.salePrice, item.currency) : orDash(null)],
          ['Sale period', orDash(salePeriod)],
          ['Link', link(item.link)],
          ['Brand', orDash(item.brand)],
          ['Item group', orDash(item.itemGroupId)],
          ['Product type', orDash(item.productType)],
          ['Google product category', orDash(item.googleProductCategory)],
          ['Rating', orDash(item.rating)],
          ['Reviews', orDash(item.reviewCount)],
          ['Inventory', orDash(item.inventory)],
        ]}
      />
      <Stack gap="xs">
        <Title order={3} fz="md">
          Custom labels
        </Title>
        <FieldTable
          label="Custom labels"
          rows={item.customLabels.map((value, index) => [`Custom label ${index}`, orDash(value)])}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Extra fields
        </Title>
        {extras.length === 0 ? (
          <Text size="sm" c="dimmed">
            The feed had no columns beyond the catalogue fields.
          </Text>
        ) : (
          <FieldTable label="Extra fields" rows={extras.map(([name, value]) => [name, orDash(value)])} />
        )}
      </Stack>
    </Stack>
  );
}

import { Alert, Anchor, Box, DataList, Loader, Stack, Text, Title } from '@mantine/core';
import { withCurrency } from '@adloom/commerce';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { extraFields } from '../catalogs';
import { FeedCatalogItemQuery } from './api/catalogItem';
import { CreativeImage } from './CreativeImage';

const price = (amount: string | null, currency: string | null) =>
  amount === null ? '—' : withCurrency(amount, currency);

/** The catalogue fields of the item an ad was made from, with its original image. */
export function CatalogItemDetails({ catalogId, itemId }: { catalogId: string | null; itemId: string }) {
  const [{ data, error }] = useQuery({
    query: FeedCatalogItemQuery,
    variables: { catalogId: catalogId ?? '', itemId },
    pause: !catalogId,
  });
  if (!catalogId)
    return (
      <Alert color="yellow" variant="light">
        The feed does not say which catalogue it reads, so the item’s fields cannot be shown.
      </Alert>
    );
  if (!data) return error ? <QueryState error={error} /> : <Loader size="sm" aria-label="Loading the item" />;
  const item = data.catalogItem;
  if (!item)
    return (
      <Text size="sm" c="dimmed">
        The catalogue no longer has item {itemId}.
      </Text>
    );
  const fields: [string, string][] = [
    ['Brand', item.brand],
    ['Price', price(item.price, item.currency)],
    ['Sale price', price(item.salePrice, item.currency)],
    ['Availability', item.availability],
    ['Condition', item.condition],
    ['Item group', item.itemGroupId],
    ['Product type', item.productType],
    ['Google category', item.googleProductCategory],
    ...item.customLabels.flatMap((label, index): [string, string][] =>
      label ? [[`Custom label ${index}`, label]] : [],
    ),
    ...extraFields(item.extraJson),
  ];
  return (
    <Stack gap="sm" component="section" aria-label="Catalogue item">
      <Title order={3} fz="md">
        {item.title || item.id}
      </Title>
      {item.description && (
        <Text size="sm" c="dimmed" lineClamp={4}>
          {item.description}
        </Text>
      )}
      <DataList size="sm" labelWidth="130px">
        {fields.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.ItemLabel>Link</DataList.ItemLabel>
          <DataList.ItemValue>
            {item.link ? (
              <Anchor href={item.link} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
                {item.link}
              </Anchor>
            ) : (
              '—'
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      <Text size="sm" fw={600}>
        Original image
        {item.additionalImageLinks.length > 0 ? ` (and ${item.additionalImageLinks.length} more)` : ''}
      </Text>
      <Box maw={240}>
        <CreativeImage
          url={item.imageLink || null}
          alt={`Original image of item ${item.id}`}
          emptyText="No image"
        />
      </Box>
    </Stack>
  );
}

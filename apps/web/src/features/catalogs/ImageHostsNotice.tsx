import { Alert, List, Text } from '@mantine/core';
import type { CatalogImport } from './catalog';

/**
 * An import's images on hosts the server may not fetch from: the ads of those items will lack them until
 * the host is allowed (FETCH_ALLOW_HOSTS, a server setting; each warning names it).
 */
export function ImageHostsNotice({ warnings }: { warnings: CatalogImport['imageHostWarnings'] }) {
  const items = warnings.reduce((sum, warning) => sum + warning.itemCount, 0);
  return (
    <Alert color="yellow" title="Some images cannot be fetched" role="status">
      <Text size="sm" mb="xs">
        {items === 1 ? '1 item has' : `${items.toLocaleString('en')} items have`} images the server may not
        fetch: their ads will be made without them until the server allows the{' '}
        {warnings.length === 1 ? 'host' : 'hosts'}.
      </Text>
      <List size="sm" spacing={4}>
        {warnings.map((warning) => (
          <List.Item key={warning.host}>{warning.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImageHostsNotice } from './ImageHostsNotice';

const message = (host: string) =>
  `The server may not fetch images from ${host} (2 items): host ${host} is a loopback address; server-side image fetches may reach private networks only for allow-listed hosts. Allow it with the setting FETCH_ALLOW_HOSTS.`;

describe('the import report on image hosts the server may not fetch', () => {
  it('counts the items and lists each host’s warning, which names the setting', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <ImageHostsNotice
          warnings={[
            { host: 'localhost:7001', itemCount: 2, message: message('localhost:7001') },
            { host: '127.0.0.2', itemCount: 1, message: message('127.0.0.2') },
          ]}
        />
      </MantineProvider>,
    );
    expect(html).toContain('Some images cannot be fetched');
    expect(html).toContain('3 items have images the server may not fetch');
    expect(html).toContain('allows the hosts');
    expect(html.match(/FETCH_ALLOW_HOSTS/g)).toHaveLength(2);
    expect(html).toContain('images from localhost:7001');
  });
});

/**
 * The outside world of a soak run, on 127.0.0.1: the catalogue feeds a client imports from a URL and the
 * product pictures its ads are made of.
 *
 * - `/feed/<name>.csv?items=N`: a CSV of N products whose ids and titles depend on the name (so every
 *   import of a new name adds items, and one of a known name changes none).
 * - `/img/<anything>.jpg`: one small JPEG.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FixtureHost {
  origin: string;
  /** The host:port the server must allow fetching from (FETCH_ALLOW_HOSTS). */
  host: string;
  feedUrl(name: string, items: number): string;
  close(): Promise<void>;
}

export async function startFixtureHost(): Promise<FixtureHost> {
  const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#d81b60' } })
    .jpeg({ quality: 70 })
    .toBuffer();
  let origin = '';
  const server: Server = createServer((request, response) => {
    response.on('error', () => undefined);
    const url = new URL(request.url ?? '/', 'http://fixture');
    if (url.pathname.startsWith('/img/')) {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length }).end(photo);
      return;
    }
    const feed = /^\/feed\/([\w-]+)\.csv$/.exec(url.pathname);
    if (feed) {
      const name = feed[1]!;
      const items = Math.min(5000, Math.max(1, Number(url.searchParams.get('items') ?? 10)));
      const rows = ['id,title,price,brand,availability,image_link'];
      for (let i = 1; i <= items; i += 1)
        rows.push(
          `${name}-${i},Product ${i} of ${name},${(9 + i).toFixed(2)} USD,Soak,in stock,${origin}/img/${i}.jpg`,
        );
      response.writeHead(200, { 'content-type': 'text/csv' }).end(rows.join('\n') + '\n');
      return;
    }
    response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    feedUrl: (name, items) => `${origin}/feed/${name}.csv?items=${items}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

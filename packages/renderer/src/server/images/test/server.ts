import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse, server: TestServer) => void;

/** A real HTTP server on 127.0.0.1 and an ephemeral port, recording the headers of every request. */
export interface TestServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Headers of each request received, in order, with its path. */
  readonly seen: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Starts a server answering the given paths (404 for any other); close it when done. */
export async function startServer(routes: Readonly<Record<string, Route>>): Promise<TestServer> {
  const seen: TestServer['seen'] = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    seen.push({ path, headers: request.headers });
    const route = routes[path];
    if (route === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    route(request, response, self);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const self: TestServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Routes that never answer keep their sockets open; end them so close() returns.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return self;
}

// Real HTTP servers on 127.0.0.1 with random ports (each port is another
// origin), whose routes the tests write. Counts requests and concurrency.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface TestServer {
  origin: string;
  requests: { path: string; userAgent: string | undefined }[];
  maxConcurrent: number;
  route(path: string, handler: Route): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, Route>();
  let active = 0;
  const server: Server = createServer((req, res) => {
    state.requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] });
    active++;
    state.maxConcurrent = Math.max(state.maxConcurrent, active);
    res.on('close', () => active--);
    const handler = routes.get(req.url ?? '');
    if (handler) handler(req, res);
    else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const state: TestServer = {
    origin: `http://127.0.0.1:${port}`,
    requests: [],
    maxConcurrent: 0,
    route: (path, handler) => void routes.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}

export const text =
  (status: number, body: string, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(body);
  };

export const redirect =
  (to: string, status = 301): Route =>
  (_req, res) => {
    res.writeHead(status, { location: to });
    res.end();
  };

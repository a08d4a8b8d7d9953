import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackServer = {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Every request received, in order: its path and headers. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close: () => Promise<void>;
};

/** An HTTP server on 127.0.0.1 and a free port, answering with `handler`; stands in for a remote feed host. */
export async function startLoopbackServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackServer> {
  const requests: LoopbackServer['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

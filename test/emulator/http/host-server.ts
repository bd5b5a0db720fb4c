// One loopback HTTP server for one API host: reads the request, hands it to the host's
// handler, adds CORS and writes the answer — or, for injected faults, holds it back, stops it
// half-way through its body, or destroys the socket without answering.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CORS_HEADERS } from './cors';
import type { EmulatorRequest, EmulatorResponse } from './types';

/**
 * Bodies larger than this are read to the end but not kept (builder: 413 over 2 MB). "2 MB" is
 * read as 2,000,000 bytes, the stricter of its two readings, as the clients read it: a body the
 * real service might refuse is never accepted here.
 */
export const MAX_BODY_BYTES = 2_000_000;

/** `stall`: the status, headers and half the body go out, the rest never does (a connection that stops mid-answer). */
export type Delivery = { kind: 'normal' } | { kind: 'drop' } | { kind: 'slow'; delayMs: number } | { kind: 'stall' };

export interface HostOutcome {
  response: EmulatorResponse;
  delivery?: Delivery;
}

export type HostHandler = (request: EmulatorRequest) => Promise<HostOutcome>;

export interface HostServer {
  url: string;
  /** Closes the keep-alive connections that carry no request now (see `keepAlive` below). */
  closeIdleConnections(): void;
  closeAsync(): Promise<void>;
}

function readBodyAsync(req: IncomingMessage): Promise<{ body: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve({ body: tooLarge ? '' : Buffer.concat(chunks).toString('utf8'), tooLarge }));
    req.on('error', reject);
  });
}

function toEmulatorRequest(req: IncomingMessage, body: string, tooLarge: boolean): EmulatorRequest {
  const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: parsed.pathname,
    query: parsed.searchParams,
    headers,
    body,
    bodyTooLarge: tooLarge,
    remoteAddress: req.socket.remoteAddress ?? 'unknown',
  };
}

function write(res: ServerResponse, response: EmulatorResponse, stall = false, keepAlive = true): void {
  const body = Buffer.from(response.body ?? '');
  res.writeHead(response.status, {
    ...CORS_HEADERS,
    ...response.headers,
    'Content-Length': String(body.byteLength),
    ...(keepAlive ? {} : { Connection: 'close' }),
  });
  // A stalled answer promises the whole body and sends half; the socket stays open until the server closes.
  if (stall) res.write(body.subarray(0, Math.floor(body.byteLength / 2)));
  else res.end(body);
}

/** The host's own 500 body (each API has its own error shape). */
export type InternalErrorResponse = (message: string) => EmulatorResponse;

/**
 * `keepAlive`: whether an answer may leave its connection open for the client's next request. A
 * browser sends a request again by itself when a connection it reused closes without an answer
 * (Chromium does so even for a POST), so while a "drop" may be drawn every answer closes its
 * connection: each request then goes on a new one, is drawn once and applied once.
 */
export async function startHostServerAsync(port: number, handler: HostHandler, internalError: InternalErrorResponse, keepAlive: () => boolean = () => true): Promise<HostServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const { body, tooLarge } = await readBodyAsync(req);
        const outcome = await handler(toEmulatorRequest(req, body, tooLarge));
        const delivery = outcome.delivery ?? { kind: 'normal' };
        if (delivery.kind === 'drop') {
          req.socket.destroy();
        } else if (delivery.kind === 'slow') {
          const timer = setTimeout(() => {
            timers.delete(timer);
            write(res, outcome.response, false, keepAlive());
          }, delivery.delayMs);
          timers.add(timer);
        } else write(res, outcome.response, delivery.kind === 'stall', keepAlive());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!res.headersSent) write(res, internalError(`The emulator failed: ${message}`), false, keepAlive());
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    closeIdleConnections: () => server.closeIdleConnections(),
    closeAsync: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

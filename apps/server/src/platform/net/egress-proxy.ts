import net from 'node:net';
import { OutboundRefusal, type OutboundRules, resolveAllowed } from './outbound-address.ts';

// An HTTP proxy on loopback that a fetching ffmpeg must use (http_proxy): every connection it makes — the source,
// each redirect, each playlist and segment on whatever host, the TLS tunnel of https and rtmps — is checked by the
// outbound-address rule here and then opened to the very address that was checked, so neither a redirect to
// loopback nor a DNS answer that changes between check and connect reaches what the rule refuses.

/** A request head larger than this, or slower than the deadline, is not a client of ours. */
const MAX_HEAD_BYTES = 16 * 1024;
const HEAD_DEADLINE_MS = 10_000;
const CONNECT_DEADLINE_MS = 10_000;
/** One relay opens a connection or two at a time (HLS: playlist and segment); more is not a relay. */
const MAX_CONNECTIONS = 8;

/** Why the last failed connection through the proxy failed: refused by the rule, no answer, or too slow. */
export type ProxyFailure = 'refused' | 'unreachable' | 'timeout' | null;

export interface EgressProxy {
  /** http://127.0.0.1:<port>, for ffmpeg's http_proxy. */
  url: string;
  /** What went wrong with the last connection that failed here, if any (a refusal by the rule, or no answer). */
  failure(): ProxyFailure;
  close(): Promise<void>;
}

const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[^:/\s[\]]+):(\d{1,5})$/;

function reply(socket: net.Socket, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}

/** Where a proxied request goes: CONNECT host:port, or an absolute http:// URL (rewritten to its path). */
function parseRequest(head: string): { host: string; port: number; connect: boolean; requestLine: string } | null {
  const [requestLine = ''] = head.split('\r\n', 1);
  const [method, target, version] = requestLine.split(' ');
  if (!method || !target || !version?.startsWith('HTTP/')) return null;
  if (method === 'CONNECT') {
    const match = HOST_PORT.exec(target);
    if (!match) return null;
    return { host: match[1] as string, port: Number(match[2]), connect: true, requestLine };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !url.hostname) return null;
  const port = url.port ? Number(url.port) : 80;
  return {
    host: url.hostname,
    port,
    connect: false,
    requestLine: `${method} ${url.pathname}${url.search} ${version}`,
  };
}

export async function startEgressProxy(rules: OutboundRules): Promise<EgressProxy> {
  const sockets = new Set<net.Socket>();
  let lastFailure: ProxyFailure = null;

  const server = net.createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let head = Buffer.alloc(0);
    const deadline = setTimeout(() => client.destroy(), HEAD_DEADLINE_MS);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > MAX_HEAD_BYTES) client.destroy();
        return;
      }
      client.off('data', onData);
      client.pause();
      clearTimeout(deadline);
      void forward(client, head.subarray(0, end + 4).toString('latin1'), head.subarray(end + 4));
    };
    client.on('data', onData);
  });

  async function forward(client: net.Socket, head: string, rest: Buffer) {
    const request = parseRequest(head);
    if (!request) return reply(client, '400 Bad Request');
    let address: string;
    try {
      [address = ''] = await resolveAllowed(rules, request.host);
    } catch (error) {
      lastFailure = error instanceof OutboundRefusal && error.reason === 'address' ? 'refused' : 'unreachable';
      return reply(client, '403 Forbidden');
    }
    if (client.destroyed) return;
    const upstream = rules.dial(address, request.port);
    sockets.add(upstream);
    upstream.once('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.once('close', () => upstream.destroy());
    const connectTimer = setTimeout(() => {
      lastFailure = 'timeout';
      upstream.destroy();
      reply(client, '504 Gateway Timeout');
    }, CONNECT_DEADLINE_MS);
    let connected = false;
    upstream.once('error', () => {
      clearTimeout(connectTimer);
      if (!connected) lastFailure = 'unreachable';
      client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      if (request.connect) client.write('HTTP/1.1 200 Connection established\r\n\r\n');
      else upstream.write(`${request.requestLine}\r\n${head.slice(head.indexOf('\r\n') + 2)}`, 'latin1');
      if (rest.length > 0) upstream.write(rest);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  server.maxConnections = MAX_CONNECTIONS;
  return {
    url: `http://127.0.0.1:${port}`,
    failure: () => lastFailure,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

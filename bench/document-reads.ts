import os from 'node:os';
import autocannon from 'autocannon';
import { startServer } from '../e2e/start-server.ts';
import { CONNECTIONS, DURATION_S, type Figures, tableRow } from './measure.ts';
import { writeSection } from './readme-section.ts';

// A viewer's download of a document (GET /api/watch/{id}/document/{documentId}/file?download=1: the activity, the
// binding and the permission looked up, then the file streamed from the private store) against the same bytes
// served as a public upload under /files/ by the static file server, in the same run. Each request comes from an
// address of its own (X-Forwarded-For from the trusted loopback proxy), as an audience does, so the per-address read
// limit is not what is measured.

const ADMIN = { mobile: '13800000019', password: 'bench-pass-1' };
const FILE_BYTES = 256 * 1024;

let counter = 0;
/** Another client address for each request. */
function fromAnotherAddress(request: autocannon.Request): autocannon.Request {
  counter += 1;
  const address = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
}

async function load(url: string, duration: number) {
  return autocannon({ url, connections: CONNECTIONS, duration, requests: [{ setupRequest: fromAnotherAddress }] });
}

async function measureFrom(url: string): Promise<Figures & { mbps: number }> {
  await load(url, 2);
  const result = await load(url, DURATION_S);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    mbps: Math.round(result.throughput.average / 1024 / 1024),
  };
}

async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function post(url: string, token: string, name: string, bytes: Buffer, field = 'file', extra?: [string, string]) {
  const form = new FormData();
  if (extra) form.append(extra[0], extra[1]);
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function benchDocumentReads() {
  const server = await startServer({
    ADMIN_MOBILE: ADMIN.mobile,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '127.0.0.1',
  });
  try {
    const login = await fetch(`${server.baseUrl}/api/agent/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.mobile, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(FILE_BYTES - 9, 0x20)]);
    const activity = await call<{ id: number }>(server.baseUrl, token, 'POST', '/activity', { name: '文档基准' });
    const document = (await post(`${server.baseUrl}/api/v3/agent/document`, token, '手册.pdf', pdf)) as { id: number };
    await call(server.baseUrl, token, 'PUT', `/v3/agent/document/${document.id}`, { permission: 'download' });
    await call(server.baseUrl, token, 'PUT', `/v3/agent/document/${document.id}/activity`, {
      activityIds: [activity.id],
    });
    const policy = await call<{ url: string; token: string }>(server.baseUrl, token, 'GET', '/v3/upload-policy/agent');
    const stored = (await post(`${server.baseUrl}${policy.url}`, token, 'public.pdf', pdf, 'file', [
      'token',
      policy.token,
    ])) as { url: string };

    const staticFile = await measureFrom(`${server.baseUrl}${stored.url}`);
    const documentRead = await measureFrom(
      `${server.baseUrl}/api/watch/${activity.id}/document/${document.id}/file?download=1`,
    );
    const ratio = documentRead.rps / staticFile.rps;
    console.log(
      `document-reads: static ${staticFile.rps} rps, document ${documentRead.rps} rps, ratio ${ratio.toFixed(2)}`,
    );
    if (documentRead.errors > 0) throw new Error(`the document route answered ${documentRead.errors} errors`);
    const row = (label: string, f: Figures & { mbps: number }) => `${tableRow(label, f)} ${f.mbps} |`;
    await writeSection(
      'document-reads',
      `## A viewer's document download against the same file served statically

One server process on embedded PGlite, ${CONNECTIONS} connections, ${DURATION_S} s per route after a 2 s warm-up,
autocannon in the same run on ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}); a
${FILE_BYTES / 1024} KiB PDF, each request from an address of its own. The document route looks up the activity, the document's binding
to it and its permission, then streams the file from the private store (DATA_DIR/documents); the baseline is the
same bytes uploaded as a public file and served by the static file server under /files/.

| route | requests/s | p50 ms | p99 ms | errors | MiB/s |
|---|---|---|---|---|---|
${row('GET /files/… (static baseline)', staticFile)}
${row('GET /api/watch/{id}/document/{documentId}/file?download=1', documentRead)}

Ratio document : static = **${ratio.toFixed(2)}**.`,
    );
  } finally {
    await server.stop();
  }
}

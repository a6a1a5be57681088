import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycle, type Lifecycle } from '../../src/platform/health/lifecycle.ts';

// The drain's bookkeeping (platform/health/lifecycle.ts): a request counts until it is answered, one whose client went
// away counts until its handler has answered (it may still be using the database: the "pool ended" of issue 15), and
// an event stream does not hold the drain.

let app: FastifyInstance;
afterEach(() => app?.close());

/** An app whose GET /slow answers when release() is called, and GET /stream hijacks its reply and stays open. */
async function slowApp(): Promise<{ lifecycle: Lifecycle; port: number; release: () => void; handled: () => boolean }> {
  app = Fastify({ forceCloseConnections: true });
  const lifecycle = createLifecycle(app);
  let release = () => {};
  let handled = false;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/slow', async () => {
    await gate;
    handled = true;
    return { ok: true };
  });
  app.get('/stream', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  lifecycle.ready();
  return { lifecycle, port: (app.server.address() as AddressInfo).port, release, handled: () => handled };
}

function get(port: number, path: string) {
  const request = http.get({ host: '127.0.0.1', port, path, agent: false });
  request.on('error', () => {});
  return request;
}

describe('the drain', () => {
  it('waits for a request being handled, and settles once it is answered', async () => {
    const { lifecycle, port, release } = await slowApp();
    get(port, '/slow');
    await expect.poll(() => lifecycle.inFlight()).toBe(1);
    lifecycle.drain();
    let settled: boolean | undefined;
    const drained = lifecycle.settled(10_000).then((all) => {
      settled = all;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBeUndefined();
    release();
    await drained;
    expect(settled).toBe(true);
    expect(lifecycle.inFlight()).toBe(0);
  });

  it('waits for the handler of a request whose client went away', async () => {
    const { lifecycle, port, release, handled } = await slowApp();
    const request = get(port, '/slow');
    await expect.poll(() => lifecycle.inFlight()).toBe(1);
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lifecycle.inFlight()).toBe(1);
    const drained = lifecycle.settled(10_000);
    release();
    expect(await drained).toBe(true);
    expect(handled()).toBe(true);
  });

  it('does not wait for an event stream, and gives up at the deadline', async () => {
    const { lifecycle, port, release } = await slowApp();
    get(port, '/stream');
    get(port, '/slow');
    await expect.poll(() => lifecycle.inFlight()).toBe(1);
    const started = Date.now();
    expect(await lifecycle.settled(300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    release();
  });
});

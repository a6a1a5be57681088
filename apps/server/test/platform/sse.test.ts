import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../src/platform/realtime/sse.ts';

// An event stream: its headers and retry line, events as `event:`/`data:` JSON, a ping on each heartbeat, and its close
// steps run once when the client goes (or at once when added after that).

describe('openEventStream', () => {
  let app: FastifyInstance;
  let base: string;
  let opened: EventStream | undefined;
  const closed: string[] = [];
  let heartbeats = 0;

  beforeAll(async () => {
    app = Fastify();
    app.get('/events', async (_request, reply) => {
      const stream = openEventStream(reply, { retryMs: 1234, heartbeatMs: 50, onHeartbeat: () => heartbeats++ });
      stream.onClose(() => closed.push('first'));
      stream.onClose(() => closed.push('second'));
      stream.send('hello', { n: 1 });
      opened = stream;
      return reply;
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('streams events and pings, and runs its close steps once when the client goes', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/events`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': ping')) text += decoder.decode((await reader.read()).value);
    expect(text.startsWith('retry: 1234\n\nevent: hello\ndata: {"n":1}\n\n')).toBe(true);
    expect(heartbeats).toBeGreaterThan(0);

    controller.abort();
    await expect.poll(() => closed).toEqual(['first', 'second']);
    expect(opened?.closed).toBe(true);
    opened?.send('late', {});
    opened?.onClose(() => closed.push('after'));
    expect(closed).toEqual(['first', 'second', 'after']);
  });
});

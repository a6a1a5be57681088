import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createSubagent, engines, sessionFor, startApp, type TestApp } from '../harness.ts';

/** Reads server-sent events from a live stream until the wanted one arrives. */
async function nextEvent(response: Response, type: string, timeoutMs = 3_000) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no event in time')), deadline - Date.now()),
        ),
      ]);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (const block of buffer.split('\n\n')) {
        if (block.includes(`event: ${type}\n`)) return JSON.parse(block.split('data: ')[1] as string);
      }
    }
    throw new Error('stream ended');
  } finally {
    reader.releaseLock();
  }
}

describe.each(engines)('console events on %s', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startApp(engine);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("streams an activity's isPushing changes to its agent's console, and only to it", async () => {
    const agent = await createAgent(t.ctx);
    const token = await sessionFor(t.ctx, agent.id);
    const activity = (await call(t.app, 'POST', '/activity', { token, body: { name: '实时状态' } })).body;
    const messageToken = (await call(t.app, 'POST', '/ephemeral-token', { token })).body.token;

    expect((await fetch(`${base}/api/realtime/console?token=forged`)).status).toBe(401);
    const stream = await fetch(`${base}/api/realtime/console?token=${encodeURIComponent(messageToken)}`);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');

    const key = activity.stream.pushStreamKey.split('?key=')[1];
    await fetch(`${base}/api/ingest/hooks/on_publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ call: 'publish', app: 'live', name: activity.stream.stream, key }),
    });
    expect(await nextEvent(stream, 'activity.pushing')).toEqual({
      type: 'activity.pushing',
      activityId: activity.id,
      subagentId: null,
      isPushing: true,
    });
    await stream.body?.cancel();
  });

  it("keeps a sub-account's stream to its own activities", async () => {
    const agent = await createAgent(t.ctx);
    const sub = await createSubagent(t.ctx, { agentId: agent.id });
    const parentToken = await sessionFor(t.ctx, agent.id);
    const subToken = await sessionFor(t.ctx, agent.id, sub.id);
    const parents = (await call(t.app, 'POST', '/activity', { token: parentToken, body: { name: '主账号的' } })).body;
    const own = (await call(t.app, 'POST', '/activity', { token: subToken, body: { name: '子账号的' } })).body;
    const messageToken = (await call(t.app, 'POST', '/ephemeral-token', { token: subToken })).body.token;
    const stream = await fetch(`${base}/api/realtime/console?token=${encodeURIComponent(messageToken)}`);
    for (const activity of [parents, own]) {
      await fetch(`${base}/api/ingest/hooks/on_publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          action: 'on_publish',
          app: 'live',
          stream: activity.stream.stream,
          param: `?${activity.stream.pushStreamKey.split('?')[1]}`,
        }),
      });
    }
    expect((await nextEvent(stream, 'activity.pushing')).activityId).toBe(own.id);
    await stream.body?.cancel();
  });
});

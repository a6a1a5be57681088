import { randomBytes } from 'node:crypto';
import { type ChatServerMessage, chatFrameMessages } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { hasNginx, type RunningNginx, startNginx } from '../../../../e2e/start-nginx.ts';
import { freePort, type RunningServer, startServer } from '../../../../e2e/start-server.ts';
import { createAgent, engines, sessionFor, signedViewerCookie, startApp, type TestApp } from '../harness.ts';
import { REDIS_URL, redisAnswers } from './cluster-harness.ts';

// Two server processes (npm start's entry point, as deployed) behind Debian's nginx on one PostgreSQL and one Redis
// (issue 15): the load balancer spreads the calls, a viewer on one process hears a comment made on the other, a rate
// limit holds across them, and killing one under load loses no acknowledged write while the other keeps serving.

const ready = hasNginx() && engines.includes('postgres') && (await redisAnswers());
const SECRET_KEY = 'test-secret';

describe.skipIf(!ready)('two server processes behind nginx', () => {
  let setup: TestApp;
  let servers: RunningServer[] = [];
  let nginx: RunningNginx;
  let token: string;
  let activityId: number;

  beforeAll(async () => {
    const redisPrefix = `yanbo-test:${randomBytes(6).toString('hex')}:`;
    // The test's own handle on the database (migrated, the agent made); the processes share it.
    setup = await startApp('postgres', { redisUrl: REDIS_URL, redisPrefix });
    const agent = await createAgent(setup.ctx);
    token = await sessionFor(setup.ctx, agent.id);
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServer({
          DATABASE_URL: setup.ctx.config.databaseUrl,
          REDIS_URL,
          REDIS_PREFIX: redisPrefix,
          RTMP_PORT: String(await freePort()),
          RTMP_HOST: '127.0.0.1',
          MEDIA_PROCESS: 'inline',
          SECRET_KEY,
          TRUST_PROXY: '127.0.0.1',
        }),
      );
    }
    nginx = await startNginx(servers.map((server) => Number(new URL(server.baseUrl).port)));
    const created = await fetch(`${nginx.baseUrl}/api/activity`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '负载均衡' }),
    });
    expect(created.status).toBe(200);
    activityId = ((await created.json()) as { id: number }).id;
  }, 300_000);
  afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) await server.stop();
    servers = [];
    await setup?.close();
  }, 60_000);

  function viewer(baseUrl: string) {
    const userId = randomBytes(16).toString('base64url');
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/watch/${activityId}/chat`, {
      headers: { cookie: signedViewerCookie({ secretKey: SECRET_KEY }, userId) },
    });
    const texts: string[] = [];
    const listeners = new Set<() => void>();
    ws.on('message', (data) => {
      for (const message of chatFrameMessages(String(data)) as ChatServerMessage[]) {
        if (message.type === 'welcome') texts.push('(welcome)');
        if (message.type === 'comment') texts.push(message.comment.text);
      }
      for (const listener of listeners) listener();
    });
    const heard = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!texts.includes(text)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => reject(new Error(`no "${text}"; got ${JSON.stringify(texts)}`)), 10_000);
        listeners.add(check);
        check();
      });
    const joined = new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'hello', nickname: '观众' }));
        heard('(welcome)').then(resolve, reject);
      });
      ws.once('error', reject);
    });
    return { ws, heard, joined, comment: (text: string) => ws.send(JSON.stringify({ type: 'comment', text })) };
  }

  it('a comment made on one process reaches viewers on the other and through the load balancer', async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const onFirst = viewer(first.baseUrl);
    const onSecond = viewer(second.baseUrl);
    const throughNginx = viewer(nginx.baseUrl);
    try {
      await Promise.all([onFirst.joined, onSecond.joined, throughNginx.joined]);
      onSecond.comment('从第二个进程发出');
      await Promise.all([onFirst.heard('从第二个进程发出'), throughNginx.heard('从第二个进程发出')]);
    } finally {
      for (const socket of [onFirst, onSecond, throughNginx]) socket.ws.close();
    }
  }, 30_000);

  it('a rate limit holds across the processes the calls were spread over', async () => {
    // GET /agent/exists: 20 a minute per address (here nginx's client, 127.0.0.1, as TRUST_PROXY lets it say).
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await fetch(`${nginx.baseUrl}/api/agent/exists?mobile=1390000${String(i).padStart(4, '0')}`)).status,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  }, 30_000);

  it('killing one process under load loses no acknowledged write, and the other keeps serving', async () => {
    const acknowledged: string[] = [];
    let failed = 0;
    let failedOnceSettled = 0;
    let settled = false;
    let stop = false;
    const statuses: unknown[] = [];
    const fail = (status: unknown = 'network') => {
      statuses.push(status);
      failed += 1;
      if (settled) failedOnceSettled += 1;
    };
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const name = `w${n}-${i}`;
        try {
          const response = await fetch(`${nginx.baseUrl}/api/v3/user-tag`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          });
          if (response.status === 200) acknowledged.push(name);
          else fail(response.status);
        } catch {
          fail();
        }
        // Paced to stay within an agent’s 200 tags (AUDIENCE_TAGS_PER_AGENT): two writers for 5 s make 125 at most.
        await new Promise((resolve) => setTimeout(resolve, 80));
      }
    };
    const writers = [0, 1].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    process.kill((servers[1] as RunningServer).pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const before = acknowledged.length;
    settled = true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await Promise.all(writers);
    // The survivor kept answering after the kill.
    expect(acknowledged.length).toBeGreaterThan(before);
    // Writes in flight on the killed process, or sent on nginx's kept connections to it, may fail (none of them was
    // acknowledged); once nginx has marked it down, none does; and nothing acknowledged is missing.
    expect(failed, String(statuses)).toBeLessThanOrEqual(10);
    expect(failedOnceSettled, String(statuses)).toBe(0);
    const stored = await setup.ctx.db.selectFrom('audienceTags').select('name').execute();
    const names = new Set(stored.map((row) => row.name));
    expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
    const health = await fetch(`${nginx.baseUrl}/api/healthz`);
    expect(health.status).toBe(200);
  }, 60_000);
});

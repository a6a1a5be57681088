import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalHub, type RealtimeEvent, type RealtimeHub } from '../../src/platform/realtime/hub.ts';
import { createRedisHub } from '../../src/platform/realtime/redis-hub.ts';

// The Redis hub is tested against a redis-server of its own (scripts/ensure-system-deps.sh installs it), on a free
// port, so the test runs everywhere and can stop and restart Redis under the hub.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts redis-server on the port, without persistence, and waits until it answers PING. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => {}); // refused until the server listens: retried below
  try {
    for (let i = 0; ; i++) {
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return child;
      } catch (error) {
        if (i > 100 || child.exitCode !== null) throw new Error(`redis-server did not start: ${error}`);
        await sleep(50);
      }
    }
  } finally {
    probe.disconnect();
  }
}

async function killRedis(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

/** Waits for an event on the channel; answers it. */
const nextEvent = (hub: RealtimeHub, channel: string, timeoutMs = 2_000) =>
  new Promise<RealtimeEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event')), timeoutMs);
    const off = hub.subscribe(channel, (event) => {
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });

/** Publishes every 100 ms until the listener has heard a message, for at most the timeout. */
async function publishUntilHeard(from: RealtimeHub, channel: string, heard: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!heard() && Date.now() < deadline) {
    from.publish(channel, { type: 'after-restart' });
    await sleep(100);
  }
}

describe('the in-process hub', () => {
  it("delivers to the channel's listeners only, until they unsubscribe", () => {
    const hub = createLocalHub();
    const seen: RealtimeEvent[] = [];
    const off = hub.subscribe('agent:1', (event) => seen.push(event));
    hub.subscribe('agent:2', () => seen.push({ type: 'wrong' }));
    hub.publish('agent:1', { type: 'a' });
    off();
    hub.publish('agent:1', { type: 'b' });
    expect(seen).toEqual([{ type: 'a' }]);
  });
});

describe('the Redis hub', () => {
  let port: number;
  let redis: ChildProcess;
  let first: RealtimeHub;
  let second: RealtimeHub;
  const logged: string[] = [];
  const log = { warn: (line: string) => logged.push(`warn ${line}`), info: (line: string) => logged.push(line) };

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    first = await createRedisHub(`redis://127.0.0.1:${port}`, log);
    second = await createRedisHub(`redis://127.0.0.1:${port}`, log);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (redis) await killRedis(redis);
  });

  it("delivers an event published by one process to another process's listener", async () => {
    const channel = `agent:${Date.now()}`;
    const received = nextEvent(second, channel);
    await sleep(100); // the subscription reaches Redis
    first.publish(channel, { type: 'activity.pushing', activityId: 7, isPushing: true });
    expect(await received).toEqual({ type: 'activity.pushing', activityId: 7, isPushing: true });
  });

  it('survives Redis being killed, drops what is published meanwhile, and resumes when Redis is back', async () => {
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('unhandledRejection', onCrash);
    process.on('uncaughtException', onCrash);
    try {
      const before: RealtimeEvent[] = [];
      second.subscribe('agent:1', (event) => before.push(event));
      await sleep(100);
      first.publish('agent:1', { type: 'before' });
      await expect.poll(() => before.length).toBe(1);

      await killRedis(redis);
      // A console that connects during the outage listens on a channel Redis cannot be told about yet.
      const during: RealtimeEvent[] = [];
      second.subscribe('agent:2', (event) => during.push(event));
      const outageEnds = Date.now() + 5_500;
      let attempted = 0;
      while (Date.now() < outageEnds) {
        first.publish('agent:1', { type: 'lost' });
        attempted += 1;
        await sleep(100);
      }
      expect(attempted).toBeGreaterThan(40);
      expect(crashes).toEqual([]);
      expect(logged.some((line) => line.includes('connection lost'))).toBe(true);

      redis = await startRedis(port);
      // Both subscriptions come back: the one made before the outage and the one made during it.
      await publishUntilHeard(first, 'agent:1', () => before.length > 1, 10_000);
      await publishUntilHeard(first, 'agent:2', () => during.length > 0, 10_000);
      expect(before.slice(1, 2)).toEqual([{ type: 'after-restart' }]);
      expect(during[0]).toEqual({ type: 'after-restart' });
      expect(before.filter((event) => event.type === 'lost')).toEqual([]);
      expect(crashes).toEqual([]);
      await expect.poll(() => logged.some((line) => /Redis is back; \d+ event\(s\) .* dropped/.test(line))).toBe(true);
    } finally {
      process.off('unhandledRejection', onCrash);
      process.off('uncaughtException', onCrash);
    }
  }, 30_000);

  it('starts while Redis is away, and delivers once Redis is up', async () => {
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('unhandledRejection', onCrash);
    const laterPort = await freePort();
    const early = await createRedisHub(`redis://127.0.0.1:${laterPort}`);
    let later: ChildProcess | undefined;
    try {
      const heard: RealtimeEvent[] = [];
      early.subscribe('agent:3', (event) => heard.push(event));
      early.publish('agent:3', { type: 'lost' });
      await sleep(500);
      later = await startRedis(laterPort);
      await publishUntilHeard(early, 'agent:3', () => heard.length > 0, 10_000);
      expect(heard[0]).toEqual({ type: 'after-restart' });
      expect(crashes).toEqual([]);
    } finally {
      process.off('unhandledRejection', onCrash);
      await early.close();
      if (later) await killRedis(later);
    }
  }, 30_000);
});

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { createRelayRunner } from '../../src/features/live-stream/relay-runner.ts';
import { createJobSlots } from '../../src/platform/ffmpeg/job-slots.ts';
import type { Lookup } from '../../src/platform/net/outbound-address.ts';
import { useWorld } from '../activity-world.ts';
import { createAgent, engines, expectError, sessionFor } from '../harness.ts';

// PUT /activity/{id}/live-mode in relay mode (issue 8): the server fetches what the agent typed, so the URL passes the
// outbound-address rule first, and a relay takes one of the agent's and the server's ffmpeg job slots.

/** DNS for the tests (the machine has no outside network): a public-looking name, and one that answers loopback. */
const fakeDns: Lookup = async (host) => {
  const answers: Record<string, string[]> = {
    'live.example.com': ['93.184.215.14'],
    'rebind.example.com': ['127.0.0.1'],
  };
  const found = answers[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

describe.each(engines)('relay sources on %s', (engine) => {
  const w = useWorld(engine);

  /** The activity row and its jobs, to show a refusal wrote nothing. */
  const snapshot = async (activityId: number) => ({
    activity: await w.t.ctx.db
      .selectFrom('activities')
      .select(['meta', 'updatedAt'])
      .where('id', '=', activityId)
      .executeTakeFirstOrThrow(),
    jobs: await w.t.ctx.db.selectFrom('streamJobs').selectAll().where('activityId', '=', activityId).execute(),
  });

  /** An "ffmpeg" that runs until stopped and sends nothing: it holds its job slot without touching the network. */
  const holdingRunner = (slots = createJobSlots({ perAgent: 4, total: 16 })) => {
    const script = path.join(w.t.dataDir, 'idle-ffmpeg.sh');
    writeFileSync(script, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });
    return createRelayRunner({ ffmpegPath: script, outbound: w.t.ctx.outbound, noDataTimeoutMs: 60_000, slots });
  };

  it('refuses loopback, private, metadata and listening sources with 400 naming relayUrl, writing nothing', async () => {
    w.t.ctx.outbound.lookup = fakeDns;
    const id = await w.activity(w.aToken);
    const before = await snapshot(id);
    const refused: [string, string][] = [
      ['http://127.0.0.1:5432', ERROR_CODES.relayUrlRefused],
      ['http://169.254.169.254/latest/meta-data/', ERROR_CODES.relayUrlRefused],
      ['rtmp://rebind.example.com/live/x', ERROR_CODES.relayUrlRefused],
      ['srt://0.0.0.0:9000?mode=listener', ERROR_CODES.relayUrlScheme],
      ['rtmp://[::1]/live/x', ERROR_CODES.relayUrlRefused],
      ['rtmp://10.0.0.1/live/x', ERROR_CODES.relayUrlRefused],
      ['http://100.100.100.200/latest/meta-data/', ERROR_CODES.relayUrlRefused],
      ['srt://live.example.com:9000?mode=rendezvous', ERROR_CODES.relayUrlScheme],
      ['rtmp://nowhere.example.com/live/x', ERROR_CODES.relayUrlUnresolved],
    ];
    const messages: Record<string, string> = {
      [ERROR_CODES.relayUrlRefused]: ERROR_MESSAGES.relayUrlRefused,
      [ERROR_CODES.relayUrlScheme]: ERROR_MESSAGES.relayUrlScheme,
      [ERROR_CODES.relayUrlUnresolved]: ERROR_MESSAGES.relayUrlUnresolved,
    };
    for (const [relayUrl, code] of refused) {
      const response = await w.call('PUT', `/activity/${id}/live-mode`, {
        token: w.aToken,
        body: { liveMode: 'relay', relayUrl },
      });
      expectError(response, 400, messages[code] as string, { code, field: 'relayUrl' });
    }
    // Not even a scheme ffmpeg would open: refused by the contract, naming the field too.
    const file = await w.call('PUT', `/activity/${id}/live-mode`, {
      token: w.aToken,
      body: { liveMode: 'relay', relayUrl: 'file:///etc/passwd' },
    });
    expect({ status: file.status, field: file.body.field }).toEqual({ status: 400, field: 'relayUrl' });
    expect(await snapshot(id)).toEqual(before);
  });

  it('accepts a public source and starts its relay', async () => {
    w.t.ctx.outbound.lookup = fakeDns;
    const relays = w.t.ctx.relays;
    w.t.ctx.relays = holdingRunner();
    try {
      const id = await w.activity(w.aToken);
      const relayUrl = 'rtmp://live.example.com/live/stream?token=abc';
      const response = await w.call('PUT', `/activity/${id}/live-mode`, {
        token: w.aToken,
        body: { liveMode: 'relay', relayUrl },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.meta).toEqual({ liveMode: 'relay', relayUrl });
      const jobs = (await w.call('GET', `/v3/activity/${id}/stream-jobs`, { token: w.aToken })).body.items;
      expect(jobs).toMatchObject([{ kind: 'relay', source: relayUrl, status: 'running' }]);
    } finally {
      await w.t.ctx.relays.stopAll();
      w.t.ctx.relays = relays;
    }
  });

  it('caps relays per agent and in total with 429, writing nothing; a stopped relay gives its slot back', async () => {
    w.t.ctx.outbound.lookup = fakeDns;
    const relays = w.t.ctx.relays;
    const runner = holdingRunner(createJobSlots({ perAgent: 1, total: 2 }));
    w.t.ctx.relays = runner;
    const c = await createAgent(w.t.ctx);
    const cToken = await sessionFor(w.t.ctx, c.id);
    const relay = (token: string, id: number, relayUrl = 'rtmp://live.example.com/live/x') =>
      w.call('PUT', `/activity/${id}/live-mode`, { token, body: { liveMode: 'relay', relayUrl } });
    try {
      const [a1, a2, b1, c1] = [
        await w.activity(w.aToken),
        await w.activity(w.aToken),
        await w.activity(w.bToken),
        await w.activity(cToken),
      ] as [number, number, number, number];
      expect((await relay(w.aToken, a1)).status).toBe(200);
      // The same activity's relay pointed elsewhere replaces its own job: it does not count twice.
      expect((await relay(w.aToken, a1, 'rtmp://live.example.com/live/y')).status).toBe(200);

      const before = await snapshot(a2);
      expectError(await relay(w.aToken, a2), 429, ERROR_MESSAGES.ffmpegJobsAgentLimit, {
        code: ERROR_CODES.ffmpegJobsAgentLimit,
      });
      expect(await snapshot(a2)).toEqual(before);

      expect((await relay(w.bToken, b1)).status).toBe(200);
      const cBefore = await snapshot(c1);
      expectError(await relay(cToken, c1), 429, ERROR_MESSAGES.ffmpegJobsTotalLimit, {
        code: ERROR_CODES.ffmpegJobsTotalLimit,
      });
      expect(await snapshot(c1)).toEqual(cBefore);
      expect(runner.slots.used()).toBe(2);

      // Back to push mode: the relay stops and its slot is free for the next one.
      const pull = await w.call('PUT', `/activity/${a1}/live-mode`, { token: w.aToken, body: { liveMode: 'pull' } });
      expect(pull.status).toBe(200);
      await expect.poll(() => runner.slots.used(w.a.id)).toBe(0);
      expect((await relay(w.aToken, a2)).status).toBe(200);
    } finally {
      await w.t.ctx.relays.stopAll();
      w.t.ctx.relays = relays;
    }
    expect(runner.slots.used()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines } from '../harness.ts';

// Issue 8: the usage card said 拉流转推 after only 直播转码 ran. The usage answer counts each kind of stream job apart.

describe.each(engines)('activity usage by stream job kind on %s', (engine) => {
  const w = useWorld(engine);

  it('counts a live transcode as a transcode, not as a relay', async () => {
    const id = await w.activity(w.aToken);
    const minuteAgo = new Date(Date.now() - 60_000);
    await w.t.ctx.db
      .insertInto('streamJobs')
      .values({
        activityId: id,
        agentId: w.a.id,
        kind: 'transcode',
        source: 'loopback',
        status: 'stopped',
        startedAt: minuteAgo,
        endedAt: new Date(minuteAgo.getTime() + 30_000),
      })
      .execute();
    const onlyTranscode = await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken });
    expect(onlyTranscode.status, onlyTranscode.text).toBe(200);
    expect(onlyTranscode.body.relay).toEqual({ jobs: 0, seconds: 0 });
    expect(onlyTranscode.body.transcode).toEqual({ jobs: 1, seconds: 30 });

    await w.t.ctx.db
      .insertInto('streamJobs')
      .values({ activityId: id, agentId: w.a.id, kind: 'relay', source: 'rtmp://example.com/x', status: 'stopped' })
      .execute();
    const both = await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken });
    expect(both.body.relay.jobs).toBe(1);
    expect(both.body.transcode.jobs).toBe(1);
  });
});

import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context.ts';
import {
  flushViewerRecords,
  onlineViewers,
  recordPush,
  trackFlvViewer,
} from '../../src/features/activities/activity-usage.ts';
import { trackHlsViewer } from '../../src/features/live-stream/hls-viewers.ts';
import { agentChannel, type RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import { createMemoryViewerCounts } from '../../src/platform/realtime/viewer-counts.ts';
import { useWorld } from '../activity-world.ts';
import { engines } from '../harness.ts';

// Issue 8: 1,000 viewers joining together held the API's event loop for seconds, each arrival a lookup and two
// writes. An arrival now costs no query of its own: the stream's activity is looked up once, viewers are counted in
// memory, and the console's online count and the push's peak and bytes go out once per activity per flush.

/** A stand-in for an HTTP-FLV viewer: the promise trackFlvViewer waits on, and its leaving with the bytes sent. */
function fakeViewer() {
  let leave: (bytes: number) => void = () => {};
  const left = new Promise<number>((resolve) => {
    leave = resolve;
  });
  return { left, leave };
}

/** What was waiting on a viewer's leaving has run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe.each(engines)('viewer arrivals on %s', (engine) => {
  const w = useWorld(engine);

  it('1,000 FLV and 1,000 HLS arrivals cost O(1) queries, and the counts, peak and bytes stay right', async () => {
    const id = await w.activity(w.aToken);
    const base = w.t.ctx.db;
    const activity = await base
      .selectFrom('activities')
      .select(['app', 'stream', 'agentId'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await recordPush(base, id, activity.agentId, true);
    const stream = activity.stream as string;

    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery(args) {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = base.withPlugin(counting);
    // An ingest of its own: the in-memory counts are kept per ingest.
    const ctx = {
      db,
      ingest: {} as NonNullable<AppContext['ingest']>,
      realtime: w.t.ctx.realtime,
      viewers: createMemoryViewerCounts(),
    };
    const events: RealtimeEvent[] = [];
    const unsubscribe = w.t.ctx.realtime.subscribe(agentChannel(w.a.id), (event) => {
      if (event.type === 'activity.online' && event.activityId === id) events.push(event);
    });
    try {
      const viewers = Array.from({ length: 1000 }, fakeViewer);
      const started = performance.now();
      await Promise.all(viewers.map((viewer) => trackFlvViewer(ctx, activity.app, stream, viewer.left)));
      await Promise.all(
        Array.from({ length: 1000 }, (_, n) => trackHlsViewer(ctx, activity.app, stream, `hls-${n}`, 2)),
      );
      const arrivalMs = performance.now() - started;
      expect(await onlineViewers(ctx, activity.app, stream)).toBe(2000);
      // One lookup of the stream's activity for all 2,000; nothing written per arrival.
      expect(queries).toBeLessThanOrEqual(2);

      await flushViewerRecords(db, id);
      expect(queries).toBeLessThanOrEqual(3);
      expect(events.at(-1)).toMatchObject({ activityId: id, online: 2000 });
      // Announced per flush, not per viewer.
      expect(events.length).toBeLessThanOrEqual(3);
      const usage = async () => (await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken })).body;
      expect((await usage()).viewersPeak).toBe(2000);

      // The FLV viewers leave, each having received 1,000 bytes.
      for (const viewer of viewers) viewer.leave(1000);
      await settled();
      expect(await onlineViewers(ctx, activity.app, stream)).toBe(1000);
      await flushViewerRecords(db, id);
      expect(queries).toBeLessThanOrEqual(4);
      expect(events.at(-1)).toMatchObject({ activityId: id, online: 1000 });
      const after = await usage();
      expect(after.playbackBytes).toBe(1_000_000);
      expect(after.viewersPeak).toBe(2000);
      // A generous bound only a query per arrival breaks (it took seconds).
      expect(arrivalMs).toBeLessThan(1500);
    } finally {
      unsubscribe();
    }
  });

  it('writes what is pending when the usage is read or the push ends, without waiting for the flush', async () => {
    const id = await w.activity(w.aToken);
    const db = w.t.ctx.db;
    const activity = await db
      .selectFrom('activities')
      .select(['app', 'stream', 'agentId'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await recordPush(db, id, activity.agentId, true);
    const ctx = {
      db,
      ingest: {} as NonNullable<AppContext['ingest']>,
      realtime: w.t.ctx.realtime,
      viewers: createMemoryViewerCounts(),
    };
    const viewer = fakeViewer();
    await trackFlvViewer(ctx, activity.app, activity.stream as string, viewer.left);
    viewer.leave(4321);
    await settled();
    // The push ends at once: the bytes belong to it, not to the next push.
    await recordPush(db, id, activity.agentId, false);
    await recordPush(db, id, activity.agentId, true);
    const sessions = await db
      .selectFrom('ingestSessions')
      .select(['peakViewers', 'playbackBytes'])
      .where('activityId', '=', id)
      .orderBy('id')
      .execute();
    expect(sessions.map((row) => [row.peakViewers, Number(row.playbackBytes)])).toEqual([
      [1, 4321],
      [0, 0],
    ]);
  });
});

import { LIVE_OPS_SAMPLE_SECONDS } from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { agentChannel } from '../../platform/realtime/hub.ts';
import { type ChatPresence, followChatPresence } from '../comments/index.ts';
import { externalStreamHealth } from '../live-stream/index.ts';
import { applyVirtualAudience } from '../robots/index.ts';
import { type Counters, type Health, healthBetween } from './stream-health.ts';

// The live operations screen's sampler (issue 10): every LIVE_OPS_SAMPLE_SECONDS, for each pushing activity, the
// virtual audience's period is applied (its count told to the viewers, robot comments posted), and one sample is kept:
// real viewers (the chat's own presence, robots never among them), virtual viewers, the stream's health where this
// process holds the push, and the median latency the watch pages report. Samples sit on the period's boundary, so
// the processes of a cluster write one row per period between them.

export const SAMPLE_MS = LIVE_OPS_SAMPLE_SECONDS * 1000;
/** Activities one period samples at most (the oldest pushes first). */
const LIVE_MAX = 2_000;
/** Latency reports older than this are from a page that left. */
const LATENCY_FRESH_SECONDS = 90;
/** Only visits that started this recently can still be reporting (bounds the rows read). */
const VISIT_HORIZON_HOURS = 24;

export interface LiveOpsSampler {
  /** Takes one period's sample now (what the timer does; tests call it with their own clock). */
  sample(now?: Date): Promise<void>;
  stop(): void;
}

const samplers = new WeakMap<AppContext['db'], LiveOpsSampler>();

/** The process's sampler for this database (one per app). */
export function liveOpsSampler(ctx: AppContext): LiveOpsSampler {
  let sampler = samplers.get(ctx.db);
  if (!sampler) {
    sampler = createSampler(ctx);
    samplers.set(ctx.db, sampler);
  }
  return sampler;
}

/** Samples every period until the answered function is called. */
export function keepSamplingLiveActivities(ctx: AppContext, warn: (line: string) => void): () => void {
  const sampler = liveOpsSampler(ctx);
  let stopped = false;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sampler
      .sample()
      .catch((error) => {
        if (!stopped) warn(`live ops sample: ${error}`);
      })
      .finally(() => {
        running = false;
      });
  }, SAMPLE_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    sampler.stop();
  };
}

function createSampler(ctx: AppContext): LiveOpsSampler {
  const followers = new Map<number, ChatPresence>();
  const counters = new Map<string, Counters>();

  const healthOf = (app: string, stream: string | null, now: number): Health | null => {
    if (!ctx.ingest || !stream) return null;
    const info = ctx.ingest.streams().find((live) => live.app === app && live.stream === stream);
    const key = `${app}/${stream}`;
    if (!info) {
      counters.delete(key);
      return null;
    }
    const before = counters.get(key);
    const health = healthBetween(info, before && before.at >= info.startedAt.getTime() ? before : undefined, now);
    counters.set(key, { bytes: info.bytesIn, frames: info.videoFrames, at: now });
    return health;
  };

  return {
    async sample(now = new Date()) {
      const live = await ctx.db
        .selectFrom('activities')
        .leftJoin('ingestSessions', (join) =>
          join.onRef('ingestSessions.activityId', '=', 'activities.id').on('ingestSessions.endedAt', 'is', null),
        )
        .select([
          'activities.id',
          'activities.agentId',
          'activities.subagentId',
          'activities.app',
          'activities.stream',
          'ingestSessions.startedAt as pushStartedAt',
        ])
        .where('activities.isPushing', '=', true)
        .where('activities.deletedAt', 'is', null)
        .orderBy('activities.id')
        .limit(LIVE_MAX)
        .execute();
      const liveIds = new Set(live.map((activity) => activity.id));
      for (const [activityId, follower] of followers) {
        if (liveIds.has(activityId)) continue;
        follower.stop();
        followers.delete(activityId);
      }
      for (const activity of live) {
        if (!followers.has(activity.id)) followers.set(activity.id, followChatPresence(ctx, activity.id));
      }
      if (live.length === 0) return;

      const virtual = await applyVirtualAudience(ctx, live, now);
      const latencies = await ctx.db
        .selectFrom('visits')
        .select([
          'activityId',
          sql<number>`percentile_cont(0.5) within group (order by latency_ms)`.as('p50'),
          (eb) => eb.fn.countAll<string>().as('reports'),
        ])
        .where('activityId', 'in', [...liveIds])
        .where('latencyMs', 'is not', null)
        .where('startedAt', '>', sql<Date>`now() - make_interval(hours => ${VISIT_HORIZON_HOURS})`)
        .where('lastSeenAt', '>', sql<Date>`now() - make_interval(secs => ${LATENCY_FRESH_SECONDS})`)
        .groupBy('activityId')
        .execute();
      const latency = new Map(latencies.map((row) => [row.activityId, row]));
      const at = new Date(Math.floor(now.getTime() / SAMPLE_MS) * SAMPLE_MS);
      const rows = live.map((activity) => {
        // With INGEST=external the health is the media server's, where this process reads its statistics.
        const health = ctx.ingest
          ? healthOf(activity.app, activity.stream, now.getTime())
          : externalStreamHealth(ctx.db, activity.app, activity.stream);
        const reported = latency.get(activity.id);
        return {
          activityId: activity.id,
          agentId: activity.agentId,
          at,
          real: followers.get(activity.id)?.count() ?? 0,
          virtual: virtual.get(activity.id) ?? 0,
          bitrateKbps: health?.bitrateKbps ?? null,
          fps: health?.fps ?? null,
          droppedFrames: health?.droppedFrames ?? null,
          viewerLatencyMs: reported ? Math.round(Number(reported.p50)) : null,
          latencyReports: reported ? Number(reported.reports) : 0,
        };
      });
      await ctx.db
        .insertInto('onlineSamples')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['activityId', 'at']).doUpdateSet({
            real: sql`greatest(online_samples.real, excluded.real)`,
            // The process holding the push measured its health; the others leave it as it is.
            bitrateKbps: sql`coalesce(excluded.bitrate_kbps, online_samples.bitrate_kbps)`,
            fps: sql`coalesce(excluded.fps, online_samples.fps)`,
            droppedFrames: sql`coalesce(excluded.dropped_frames, online_samples.dropped_frames)`,
          }),
        )
        .execute();
      for (const [i, activity] of live.entries()) {
        const row = rows[i]!;
        ctx.realtime.publish(agentChannel(activity.agentId), {
          type: 'activity.audience',
          activityId: activity.id,
          subagentId: activity.subagentId,
          real: row.real,
          virtual: row.virtual,
          shown: row.real + row.virtual,
          at: at.toISOString(),
        });
      }
    },
    stop() {
      for (const follower of followers.values()) follower.stop();
      followers.clear();
      counters.clear();
    },
  };
}

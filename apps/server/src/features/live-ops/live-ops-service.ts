import { ERROR_MESSAGES, LIVE_OPS_CURVE_MAX, type LiveOps } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeActivities } from '../../platform/tenancy.ts';
import { SAMPLE_MS } from './live-ops-sampler.ts';

// GET /v3/activity/{id}/live-ops (issue 10): the live operations screen's numbers, read from the samples. Online now
// is the latest sample while it is fresh (two periods) and the activity pushes; otherwise nobody is counted.

const FRESH_MS = SAMPLE_MS * 2 + 1_000;

export async function getLiveOps(db: Db, caller: Caller, activityId: number, now = new Date()): Promise<LiveOps> {
  const activity = await scopeActivities(
    db.selectFrom('activities').select(['activities.id', 'activities.isPushing']),
    caller,
  )
    .where('activities.id', '=', activityId)
    .executeTakeFirst();
  if (!activity) throw notFound(ERROR_MESSAGES.activityNotFound);
  // The current push, or the last one when none is live: its samples make the curve.
  const push = await db
    .selectFrom('ingestSessions')
    .select(['startedAt', 'endedAt'])
    .where('activityId', '=', activity.id)
    .orderBy('startedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rows = push
    ? await db
        .selectFrom('onlineSamples')
        .select(['at', 'real', 'virtual', 'bitrateKbps', 'fps', 'droppedFrames', 'viewerLatencyMs', 'latencyReports'])
        .where('activityId', '=', activity.id)
        .where('at', '>=', new Date(Math.floor(push.startedAt.getTime() / SAMPLE_MS) * SAMPLE_MS))
        .orderBy('at', 'desc')
        .limit(LIVE_OPS_CURVE_MAX)
        .execute()
    : [];
  const latest = rows[0];
  const fresh = activity.isPushing && latest !== undefined && now.getTime() - latest.at.getTime() <= FRESH_MS;
  const real = fresh ? latest.real : 0;
  const virtual = fresh ? latest.virtual : 0;
  return {
    activityId: activity.id,
    isPushing: activity.isPushing,
    pushStartedAt: push && push.endedAt === null ? push.startedAt.toISOString() : null,
    online: { real, virtual, shown: real + virtual },
    curve: rows.map((row) => ({ at: row.at.toISOString(), real: row.real, virtual: row.virtual })).reverse(),
    health: {
      bitrateKbps: fresh ? latest.bitrateKbps : null,
      fps: fresh && latest.fps !== null ? Number(latest.fps) : null,
      droppedFrames: fresh ? latest.droppedFrames : null,
      viewerLatencyMs: fresh ? latest.viewerLatencyMs : null,
      latencyReports: fresh ? latest.latencyReports : 0,
      measuredAt: fresh ? latest.at.toISOString() : null,
    },
  };
}

import type { ActivityDetail, LiveModeBody, StreamJob } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { getActivity } from '../activities/activity-service.ts';
import { streamAddresses } from '../activities/activity-stream.ts';

// meta.liveMode is pull by default (seed 000 §3): the host pushes. In relay mode the server pulls relayUrl into the
// activity's own push address, so playback, isPushing and everything downstream work the same way.

type Row = {
  id: number;
  kind: StreamJob['kind'];
  source: string;
  status: StreamJob['status'];
  error: string;
  startedAt: Date;
  endedAt: Date | null;
};

const toJob = (row: Row): StreamJob => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
});

/** Stops the activity's running jobs of one kind (relays on a live-mode change, the transcode when it must not run). */
export async function stopJobs(ctx: Pick<AppContext, 'db' | 'relays'>, activityId: number, kind: StreamJob['kind']) {
  const running = await ctx.db
    .selectFrom('streamJobs')
    .select('id')
    .where('activityId', '=', activityId)
    .where('kind', '=', kind)
    .where('status', '=', 'running')
    .execute();
  for (const job of running) {
    ctx.relays.stop(job.id);
    await finishJob(ctx, job.id, null);
  }
}

/** A running job ended: stopped, or failed with its reason. */
export async function finishJob(ctx: Pick<AppContext, 'db'>, jobId: number, failure: string | null) {
  await ctx.db
    .updateTable('streamJobs')
    .set({ status: failure ? 'failed' : 'stopped', error: failure ?? '', endedAt: new Date() })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .execute();
}

export async function setLiveMode(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  body: LiveModeBody,
): Promise<ActivityDetail> {
  await ownActivity(ctx.db, caller, activityId);
  const row = await ctx.db.selectFrom('activities').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  const meta = { ...(row.meta ?? {}), liveMode: body.liveMode, relayUrl: body.relayUrl ?? '' };
  await ctx.db
    .updateTable('activities')
    .set({ meta: JSON.stringify(meta), updatedAt: new Date() })
    .where('id', '=', activityId)
    .execute();
  await stopJobs(ctx, activityId, 'relay');
  if (body.liveMode === 'relay' && body.relayUrl) {
    const job = await ctx.db
      .insertInto('streamJobs')
      .values({ activityId, agentId: row.agentId, kind: 'relay', source: body.relayUrl, status: 'running' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const target = streamAddresses(ctx.secretKey, ctx.config, row).pushUrl;
    ctx.relays.start(job.id, body.relayUrl, target, (failure) => void finishJob(ctx, job.id, failure));
  }
  return getActivity(ctx, caller, activityId);
}

export async function listStreamJobs(ctx: AppContext, caller: Caller, activityId: number) {
  await ownActivity(ctx.db, caller, activityId);
  const rows = await ctx.db
    .selectFrom('streamJobs')
    .select(['id', 'kind', 'source', 'status', 'error', 'startedAt', 'endedAt'])
    .where('activityId', '=', activityId)
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return { items: rows.map(toJob) };
}

export async function stopStreamJob(ctx: AppContext, caller: Caller, activityId: number, jobId: number) {
  await ownActivity(ctx.db, caller, activityId);
  const job = await ctx.db
    .selectFrom('streamJobs')
    .select(['id', 'status'])
    .where('id', '=', jobId)
    .where('activityId', '=', activityId)
    .executeTakeFirst();
  if (!job) throw notFound('Stream Job Not Found');
  if (job.status === 'running') {
    ctx.relays.stop(jobId);
    await finishJob(ctx, jobId, null);
  }
  return { ok: true as const };
}

/** Relays belong to the process that ran them; after a restart their rows say so. */
export async function markInterruptedJobs(ctx: Pick<AppContext, 'db'>) {
  await ctx.db
    .updateTable('streamJobs')
    .set({ status: 'failed', error: 'interrupted by a server restart', endedAt: new Date() })
    .where('status', '=', 'running')
    .execute();
}

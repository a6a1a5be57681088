import {
  type ActivityDetail,
  ERROR_CODES,
  ERROR_MESSAGES,
  type LiveModeBody,
  STREAM_JOB_FAILURES,
  type StreamJob,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { badRequest, notFound, tooManyRequests } from '../../platform/errors.ts';
import type { SlotLease } from '../../platform/ffmpeg/job-slots.ts';
import { checkOutboundUrl, OutboundRefusal, type OutboundTarget } from '../../platform/net/outbound-address.ts';
import { stopJobWhereItRuns } from '../../platform/realtime/job-owner.ts';
import { ownerIsDead } from '../../platform/realtime/server-process.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { getActivity, streamAddresses } from '../activities/index.ts';

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

type JobDeps = Pick<AppContext, 'db' | 'relays' | 'realtime' | 'process'>;

/** Stops the activity's running jobs of one kind (relays on a live-mode change, the transcode when it must not run). */
export async function stopJobs(ctx: JobDeps, activityId: number, kind: StreamJob['kind']) {
  const running = await ctx.db
    .selectFrom('streamJobs')
    .select(['id', 'ownerProcess'])
    .where('activityId', '=', activityId)
    .where('kind', '=', kind)
    .where('status', '=', 'running')
    .execute();
  for (const job of running) {
    stopJobWhereItRuns(ctx, job);
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

/** The job key of an activity's relay or transcode slot (one of each per activity). */
export const jobSlotKey = (kind: StreamJob['kind'], activityId: number) => `${kind}:${activityId}`;

/** Takes an ffmpeg job slot for the agent, or refuses with 429 naming which cap was reached. */
export function takeJobSlot(ctx: Pick<AppContext, 'relays'>, agentId: number, key: string): SlotLease {
  const lease = ctx.relays.slots.take(agentId, key);
  if (lease === 'agent') throw tooManyRequests(ERROR_MESSAGES.ffmpegJobsAgentLimit, ERROR_CODES.ffmpegJobsAgentLimit);
  if (lease === 'total') throw tooManyRequests(ERROR_MESSAGES.ffmpegJobsTotalLimit, ERROR_CODES.ffmpegJobsTotalLimit);
  return lease;
}

/** The relay source checked by the outbound-address rule; a refusal is a 400 naming relayUrl. */
async function checkRelayUrl(ctx: Pick<AppContext, 'outbound'>, relayUrl: string): Promise<OutboundTarget> {
  try {
    return await checkOutboundUrl(ctx.outbound, relayUrl, 'relay');
  } catch (error) {
    if (!(error instanceof OutboundRefusal)) throw error;
    if (error.reason === 'address') {
      throw badRequest(ERROR_MESSAGES.relayUrlRefused, ERROR_CODES.relayUrlRefused, 'relayUrl');
    }
    if (error.reason === 'unresolved') {
      throw badRequest(ERROR_MESSAGES.relayUrlUnresolved, ERROR_CODES.relayUrlUnresolved, 'relayUrl');
    }
    throw badRequest(ERROR_MESSAGES.relayUrlScheme, ERROR_CODES.relayUrlScheme, 'relayUrl');
  }
}

export async function setLiveMode(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  body: LiveModeBody,
): Promise<ActivityDetail> {
  await ownActivity(ctx.db, caller, activityId);
  const row = await ctx.db.selectFrom('activities').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  const relaying = body.liveMode === 'relay' && body.relayUrl;
  // Everything that can refuse runs before anything is written: the address rule (400), then the job caps (429);
  // the activity's own running relay gives its slot to the new one.
  const source = relaying ? await checkRelayUrl(ctx, body.relayUrl as string) : null;
  const lease = source ? takeJobSlot(ctx, row.agentId, jobSlotKey('relay', activityId)) : null;
  try {
    const meta = { ...(row.meta ?? {}), liveMode: body.liveMode, relayUrl: body.relayUrl ?? '' };
    await ctx.db
      .updateTable('activities')
      .set({ meta: JSON.stringify(meta), updatedAt: new Date() })
      .where('id', '=', activityId)
      .execute();
    await stopJobs(ctx, activityId, 'relay');
    if (source && lease) {
      const job = await ctx.db
        .insertInto('streamJobs')
        .values({
          activityId,
          agentId: row.agentId,
          kind: 'relay',
          source: body.relayUrl as string,
          status: 'running',
          ownerProcess: ctx.process.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const target = streamAddresses(ctx.secretKey, ctx.config, row).pushUrl;
      ctx.relays.start(job.id, lease, source, target, (failure) => void finishJob(ctx, job.id, failure));
    }
  } catch (error) {
    lease?.release();
    throw error;
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
    .select(['id', 'status', 'ownerProcess'])
    .where('id', '=', jobId)
    .where('activityId', '=', activityId)
    .executeTakeFirst();
  if (!job) throw notFound('Stream Job Not Found');
  if (job.status === 'running') {
    stopJobWhereItRuns(ctx, job);
    await finishJob(ctx, jobId, null);
  }
  return { ok: true as const };
}

/**
 * Jobs belong to the process whose ffmpeg runs them: the running jobs of a process whose heartbeat stopped (or of any
 * other process, on a database only this one can open) say they were interrupted. A living process's jobs are its own.
 */
export async function markInterruptedJobs(ctx: Pick<AppContext, 'db' | 'process'>) {
  await ctx.db
    .updateTable('streamJobs')
    .set({ status: 'failed', error: STREAM_JOB_FAILURES.interrupted, endedAt: new Date() })
    .where('status', '=', 'running')
    .where(ownerIsDead(ctx.process, 'stream_jobs.owner_process'))
    .execute();
}

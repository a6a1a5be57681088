import { ERROR_MESSAGES, type LiveTranscode, liveTranscode, STREAM_JOB_FAILURES } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { hmac, safeEqual } from '../../platform/crypto.ts';
import { conflict } from '../../platform/errors.ts';
import { readActivitySection, writeActivitySection } from '../../platform/settings-store.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { activityOnStream, reportedRtmpUrl, reportedTranscoding, sdStreamOf } from '../activities/index.ts';
import { finishJob, jobSlotKey, stopJobs, takeJobSlot } from './stream-jobs.ts';

// Live transcoding (the 直播方式 toggle): while the activity is enabled and its push is live on the embedded media
// server, an ffmpeg job reads the push and publishes the 标清 rendition as <stream>_sd of the same app: on loopback
// from this process's own ingest, or from the media process whose reports carry the push (its MEDIA_RTMP_URL), run
// by the API process that applied the report in which the push appeared.
// The rendition publishes with an internal credential derived from the server secret, never the activity's key,
// and it is not the activity's push: isPushing, usage and the ingest list follow the host's push only.

const SD_SUFFIX_PATTERN = /^(.+)_sd$/;

/** The activity stream a 标清 rendition belongs to; null for any other stream name. */
export function sourceStreamOf(stream: string): string | null {
  return SD_SUFFIX_PATTERN.exec(stream)?.[1] ?? null;
}

/** The internal credential the transcode publishes app/<stream>_sd with. */
export const transcodeKey = (secretKey: string, app: string, stream: string) =>
  hmac(secretKey, `transcode:${app}/${stream}`);

/** Whether a play of app/<stream> is the transcode reading the push (it carries the same internal credential). */
export function transcodeReadAllowed(secretKey: string, app: string, stream: string, key: string): boolean {
  return key !== '' && safeEqual(transcodeKey(secretKey, app, stream), key);
}

/** Whether a publish of app/<stream>_sd carries the internal credential of the transcode. */
export function transcodePublishAllowed(secretKey: string, app: string, stream: string, key: string): boolean {
  const source = sourceStreamOf(stream);
  return source !== null && key !== '' && safeEqual(transcodeKey(secretKey, app, source), key);
}

type TranscodeDeps = Pick<AppContext, 'db' | 'secretKey' | 'ingest' | 'relays' | 'realtime' | 'process'>;

/** Waits before restarting a transcode that failed while its push went on, by how many failed in a row before. */
export const TRANSCODE_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A transcode that ran this long before failing was healthy: its failure starts the count again. */
const TRANSCODE_HEALTHY_MS = 60_000;

/**
 * How long to wait before restarting a failed transcode, or null to leave it failed (until the next push or toggle):
 * `failedBefore` is how many failed in a row before this one, `ranMs` how long this one ran.
 */
export function transcodeRetryDelay(failedBefore: number, ranMs: number): number | null {
  const inRow = ranMs >= TRANSCODE_HEALTHY_MS ? 0 : failedBefore;
  return TRANSCODE_RETRY_DELAYS_MS[inRow] ?? null;
}

/** Failures in a row per activity, kept for the running server's relay runner. */
const failuresInRow = new WeakMap<object, Map<number, number>>();
function failuresOf(ctx: TranscodeDeps) {
  let failures = failuresInRow.get(ctx.relays);
  if (!failures) {
    failures = new Map();
    failuresInRow.set(ctx.relays, failures);
  }
  return failures;
}

/**
 * Brings the activity's transcode in line with the toggle and the push: runs while enabled and pushing on the
 * embedded ingest, stopped otherwise. Called when the toggle changes and when the push starts or ends; a transcode
 * that fails meanwhile is restarted after a pause, and left failed after several failures in a row.
 */
export async function syncTranscode(ctx: TranscodeDeps, activityId: number): Promise<void> {
  failuresOf(ctx).delete(activityId);
  await reconcile(ctx, activityId);
}

/** The push of app/stream started or ended: its activity's transcode follows (a deleted one's stops). */
export async function syncStreamTranscode(ctx: TranscodeDeps, app: string, stream: string): Promise<void> {
  const activity = await activityOnStream(ctx.db, app, stream, { withDeleted: true }).select('id').executeTakeFirst();
  if (activity) await syncTranscode(ctx, activity.id);
}

/**
 * The RTMP address (rtmp://host:port) the push of app/stream is live on, for the transcode to read it from and publish
 * back to: this process's embedded ingest, or the media process reporting it; null when it is live on neither.
 */
async function liveRtmpBase(ctx: TranscodeDeps, app: string, stream: string): Promise<string | null> {
  if (ctx.ingest) {
    const port = ctx.ingest.rtmpPort();
    return port !== null && ctx.ingest.isLive(app, stream) ? `rtmp://127.0.0.1:${port}` : null;
  }
  return reportedRtmpUrl(ctx.db, app, stream);
}

async function reconcile(ctx: TranscodeDeps, activityId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('activities')
    .select(['agentId', 'app', 'stream', 'deletedAt'])
    .where('id', '=', activityId)
    .executeTakeFirst();
  const toggle = await readActivitySection(ctx.db, activityId, 'liveTranscode', liveTranscode, { enabled: false });
  const base =
    row?.stream && !row.deletedAt && toggle.value.enabled ? await liveRtmpBase(ctx, row.app, row.stream) : null;
  if (!row?.stream || base === null) return stopJobs(ctx, activityId, 'transcode');

  const source = `${base}/${row.app}/${row.stream}`;
  const slot = jobSlotKey('transcode', activityId);
  if (ctx.relays.slots.holds(slot)) return;
  const lease = ctx.relays.slots.take(row.agentId, slot);
  if (typeof lease === 'string') {
    // The job caps are full: the push goes on in 原画 only, and the jobs list says why there is no 标清.
    await ctx.db
      .insertInto('streamJobs')
      .values({
        activityId,
        agentId: row.agentId,
        kind: 'transcode',
        source,
        status: 'failed',
        error: STREAM_JOB_FAILURES.busy,
        endedAt: new Date(),
      })
      .execute();
    return;
  }
  const job = await ctx.db
    .insertInto('streamJobs')
    .values({
      activityId,
      agentId: row.agentId,
      kind: 'transcode',
      source,
      status: 'running',
      ownerProcess: ctx.process.id,
    })
    // One running transcode per activity (a partial unique index): a second start finds it already running.
    .onConflict((oc) =>
      oc.column('activityId').where('kind', '=', 'transcode').where('status', '=', 'running').doNothing(),
    )
    .returning('id')
    .executeTakeFirst()
    .catch((error: unknown) => {
      lease.release();
      throw error;
    });
  if (!job) return lease.release();
  const key = encodeURIComponent(transcodeKey(ctx.secretKey, row.app, row.stream));
  const target = `${base}/${row.app}/${sdStreamOf(row.stream)}?key=${key}`;
  // The job's stored source has no credential; ffmpeg reads with it, so its play is not counted a viewer.
  const startedAt = Date.now();
  ctx.relays.transcode(job.id, lease, `${source}?key=${key}`, target, (failure) => {
    void finishJob(ctx, job.id, failure)
      .then(() => failure && restartLater(ctx, activityId, Date.now() - startedAt))
      .catch(() => {});
  });
}

/** The transcode failed while (perhaps) its push went on: try again after a pause, if it has not failed too often. */
function restartLater(ctx: TranscodeDeps, activityId: number, ranMs: number) {
  const failures = failuresOf(ctx);
  const failedBefore = failures.get(activityId) ?? 0;
  const delay = transcodeRetryDelay(failedBefore, ranMs);
  if (delay === null) return;
  failures.set(activityId, (ranMs >= TRANSCODE_HEALTHY_MS ? 0 : failedBefore) + 1);
  // reconcile checks the toggle and the push again: a push that ended meanwhile restarts nothing.
  setTimeout(() => void reconcile(ctx, activityId).catch(() => {}), delay).unref();
}

/** GET /activity/{id}/liveTranscode: the toggle as stored (off until set). */
export async function getLiveTranscode(ctx: AppContext, caller: Caller, activityId: number): Promise<LiveTranscode> {
  await ownActivity(ctx.db, caller, activityId);
  return (await readActivitySection(ctx.db, activityId, 'liveTranscode', liveTranscode, { enabled: false })).value;
}

/** PUT /activity/{id}/liveTranscode: stores the toggle, then starts or stops the transcode at once. */
export async function updateLiveTranscode(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  enabled: boolean,
): Promise<LiveTranscode> {
  await ownActivity(ctx.db, caller, activityId);
  // An external media server (nginx-rtmp, SRS, a CDN) transcodes by its own configuration, not by this toggle; a
  // media process (npm run media) is the embedded ingest in a process of its own, and its pushes are transcoded.
  if (enabled && !ctx.ingest && !(await reportedTranscoding(ctx.db))) {
    throw conflict(ERROR_MESSAGES.transcodeNeedsEmbeddedIngest);
  }
  if (enabled) {
    // Turning it on during a push starts a transcode now: refuse (429) while the job caps are full, saving nothing.
    const row = await ctx.db
      .selectFrom('activities')
      .select(['agentId', 'app', 'stream'])
      .where('id', '=', activityId)
      .executeTakeFirstOrThrow();
    const slot = jobSlotKey('transcode', activityId);
    const live = row.stream !== null && (await liveRtmpBase(ctx, row.app, row.stream)) !== null;
    if (live && !ctx.relays.slots.holds(slot)) {
      takeJobSlot(ctx, row.agentId, slot).release();
    }
  }
  const saved = await writeActivitySection(ctx.db, caller.agentId, activityId, 'liveTranscode', { enabled });
  await syncTranscode(ctx, activityId);
  return saved;
}

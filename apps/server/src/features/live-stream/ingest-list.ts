import type { IngestList } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { reportedIngest } from './media-reports.ts';

const numberOr = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** What the media server is really receiving for the activity's stream. */
export async function listIngest(ctx: AppContext, caller: Caller, activityId: number): Promise<IngestList> {
  await ownActivity(ctx.db, caller, activityId);
  const row = await ctx.db
    .selectFrom('activities')
    .select(['app', 'stream', 'isPushing'])
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow();
  // Another process receives the push (a media process, or a media server whose statistics are read): its reports.
  if (!ctx.ingest) {
    const items = row.stream ? await reportedIngest(ctx.db, row.app, row.stream) : [];
    return { mode: 'external', isPushing: row.isPushing, items };
  }
  const sessions = new Map(ctx.ingest.sessions().map((session) => [session.id, session]));
  const items = ctx.ingest
    .streams()
    .filter((live) => live.app === row.app && live.stream === row.stream)
    .map((live) => ({
      publisherId: live.publisherId,
      remoteAddress: sessions.get(live.publisherId)?.remoteAddress ?? '',
      startedAt: live.startedAt.toISOString(),
      bytesIn: live.bytesIn,
      viewers: live.viewers,
      hasVideo: live.hasVideo,
      hasAudio: live.hasAudio,
      width: numberOr(live.metadata?.width),
      height: numberOr(live.metadata?.height),
      frameRate: numberOr(live.metadata?.framerate),
    }));
  return { mode: 'embedded', isPushing: row.isPushing, items };
}

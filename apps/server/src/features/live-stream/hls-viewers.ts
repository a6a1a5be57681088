import { HLS_VIEWER_IDLE_TARGETS } from '@yanbo/contracts/watch';
import type { AppContext } from '../../app-context.ts';
import { touchHlsViewer } from '../../platform/ingest/index.ts';
import { noteViewers, reportViewers, streamActivity } from '../activities/index.ts';
import { sourceStreamOf } from './transcode.ts';

type HlsDeps = Pick<AppContext, 'db' | 'ingest' | 'realtime' | 'viewers'>;

/**
 * An HLS player fetched the playlist of app/stream: a new viewer makes the agent's consoles hear the new online
 * count (`activity.online`, FLV and HLS together), and so does one that stops fetching. A 标清 rendition's viewers
 * count with its activity's stream.
 */
export async function trackHlsViewer(ctx: HlsDeps, app: string, stream: string, viewer: string, targetSeconds: number) {
  if (!ctx.ingest) return;
  const activityStream = sourceStreamOf(stream) ?? stream;
  const idleMs = Math.ceil(targetSeconds * HLS_VIEWER_IDLE_TARGETS * 1000);
  const isNew = touchHlsViewer(ctx.ingest, app, activityStream, viewer, idleMs, (app, stream) => {
    void announceStream(ctx, app, stream).catch(() => {});
  });
  if (isNew) await announceStream(ctx, app, activityStream);
}

/**
 * Tells the activity's consoles its online count, and keeps the push's peak: the activity is looked up once per
 * stream and the announcement and write are shared with every other viewer's coming and going (noteViewers).
 */
async function announceStream(ctx: HlsDeps, app: string, stream: string) {
  reportViewers(ctx, app, stream);
  const activity = await streamActivity(ctx.db, app, stream);
  if (activity) noteViewers(ctx, activity, app, stream);
}

/**
 * An HLS segment was sent: its bytes count in the push's playback bytes as a leaving FLV viewer's do, so the flux the
 * finance views show spent (GET /agent/{id}/flux-resource) is what HLS viewers really received too.
 */
export async function countHlsBytes(ctx: HlsDeps, app: string, stream: string, bytes: number) {
  const activity = await streamActivity(ctx.db, app, stream);
  if (activity) noteViewers(ctx, activity, app, stream, bytes);
}

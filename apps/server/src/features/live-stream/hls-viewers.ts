import { HLS_VIEWER_IDLE_TARGETS } from '@yanbo/contracts/watch';
import type { AppContext } from '../../app-context.ts';
import { noteViewers, streamActivity } from '../activities/activity-usage.ts';
import { sourceStreamOf } from './transcode.ts';

// HLS players hold no connection to count: they fetch the playlist again every target duration. A viewer is online
// while it keeps fetching, and gone after HLS_VIEWER_IDLE_TARGETS target durations without a request.

/** Viewers per stream, each kept until its last request's deadline passes. */
export class SlidingViewers {
  private readonly deadlines = new Map<string, Map<string, number>>();

  /** A viewer fetched something of the stream; true when it was not counted before. */
  touch(stream: string, viewer: string, now: number, idleMs: number): boolean {
    const viewers = this.deadlines.get(stream) ?? new Map<string, number>();
    this.deadlines.set(stream, viewers);
    const known = (viewers.get(viewer) ?? 0) > now;
    viewers.set(viewer, now + idleMs);
    return !known;
  }

  /** Viewers of the stream whose deadline has not passed. */
  count(stream: string, now: number): number {
    let count = 0;
    for (const deadline of this.deadlines.get(stream)?.values() ?? []) if (deadline > now) count++;
    return count;
  }

  /** Forgets viewers past their deadline; answers the streams that lost one. */
  sweep(now: number): string[] {
    const changed: string[] = [];
    for (const [stream, viewers] of this.deadlines) {
      const before = viewers.size;
      for (const [viewer, deadline] of viewers) if (deadline <= now) viewers.delete(viewer);
      if (viewers.size !== before) changed.push(stream);
      if (viewers.size === 0) this.deadlines.delete(stream);
    }
    return changed;
  }

  get size(): number {
    return this.deadlines.size;
  }
}

/** The playlist's #EXT-X-TARGETDURATION in seconds (2 when it has none). */
export function targetDurationOf(playlist: Buffer | string): number {
  const match = /#EXT-X-TARGETDURATION:(\d+(?:\.\d+)?)/.exec(playlist.toString());
  const seconds = match ? Number(match[1]) : 2;
  return seconds > 0 ? seconds : 2;
}

type HlsDeps = Pick<AppContext, 'db' | 'ingest' | 'realtime'>;
type Ingest = NonNullable<AppContext['ingest']>;

const SWEEP_MS = 1_000;
const trackers = new WeakMap<Ingest, { viewers: SlidingViewers; timer: NodeJS.Timeout | null }>();

function trackerOf(ingest: Ingest) {
  let tracker = trackers.get(ingest);
  if (!tracker) {
    tracker = { viewers: new SlidingViewers(), timer: null };
    trackers.set(ingest, tracker);
  }
  return tracker;
}

/** HLS viewers of app/stream online now, the 标清 rendition's counted with its activity's. */
export function hlsOnline(ingest: Ingest | null, app: string, stream: string): number {
  if (!ingest) return 0;
  return trackerOf(ingest).viewers.count(`${app}/${stream}`, Date.now());
}

/**
 * An HLS player fetched the playlist of app/stream: a new viewer makes the agent's consoles hear the new online
 * count (`activity.online`, FLV and HLS together), and so does one that stops fetching.
 */
export async function trackHlsViewer(ctx: HlsDeps, app: string, stream: string, viewer: string, targetSeconds: number) {
  const announce = (app: string, stream: string) => announceStream(ctx, app, stream);
  const ingest = ctx.ingest;
  if (!ingest) return;
  const tracker = trackerOf(ingest);
  const activityStream = sourceStreamOf(stream) ?? stream;
  const idleMs = Math.ceil(targetSeconds * HLS_VIEWER_IDLE_TARGETS * 1000);
  const isNew = tracker.viewers.touch(`${app}/${activityStream}`, viewer, Date.now(), idleMs);
  if (!tracker.timer) {
    tracker.timer = setInterval(() => {
      for (const key of tracker.viewers.sweep(Date.now())) {
        const at = key.indexOf('/');
        void announce(key.slice(0, at), key.slice(at + 1)).catch(() => {});
      }
      if (tracker.viewers.size === 0 && tracker.timer) {
        clearInterval(tracker.timer);
        tracker.timer = null;
      }
    }, SWEEP_MS);
    tracker.timer.unref();
  }
  if (isNew) await announce(app, activityStream);
}

/**
 * Tells the activity's consoles its online count, and keeps the push's peak: the activity is looked up once per
 * stream and the announcement and write are shared with every other viewer's coming and going (noteViewers).
 */
async function announceStream(ctx: HlsDeps, app: string, stream: string) {
  const activity = await streamActivity(ctx.db, app, stream);
  if (activity) noteViewers(ctx, activity, app, stream);
}

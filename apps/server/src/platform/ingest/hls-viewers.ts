// HLS players hold no connection to count: they fetch the playlist again every target duration. A viewer is online
// while it keeps fetching, and gone after HLS_VIEWER_IDLE_TARGETS target durations without a request. The count is
// the media server's (one per ingest); what a viewer's coming and going means for an activity is the features'.

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

const SWEEP_MS = 1_000;
const trackers = new WeakMap<object, { viewers: SlidingViewers; timer: NodeJS.Timeout | null }>();

function trackerOf(ingest: object) {
  let tracker = trackers.get(ingest);
  if (!tracker) {
    tracker = { viewers: new SlidingViewers(), timer: null };
    trackers.set(ingest, tracker);
  }
  return tracker;
}

/** HLS viewers of app/stream on this ingest online now. */
export function hlsOnline(ingest: object | null, app: string, stream: string): number {
  if (!ingest) return 0;
  return trackerOf(ingest).viewers.count(`${app}/${stream}`, Date.now());
}

/**
 * A player fetched something of app/stream: answers whether it is a viewer not counted before. Viewers that stop
 * fetching for idleMs are forgotten once a second, and gone(app, stream) hears of each stream that lost one.
 */
export function touchHlsViewer(
  ingest: object,
  app: string,
  stream: string,
  viewer: string,
  idleMs: number,
  gone: (app: string, stream: string) => void,
): boolean {
  const tracker = trackerOf(ingest);
  const isNew = tracker.viewers.touch(`${app}/${stream}`, viewer, Date.now(), idleMs);
  if (!tracker.timer) {
    tracker.timer = setInterval(() => {
      for (const key of tracker.viewers.sweep(Date.now())) {
        const at = key.indexOf('/');
        gone(key.slice(0, at), key.slice(at + 1));
      }
      if (tracker.viewers.size === 0 && tracker.timer) {
        clearInterval(tracker.timer);
        tracker.timer = null;
      }
    }, SWEEP_MS);
    tracker.timer.unref();
  }
  return isNew;
}

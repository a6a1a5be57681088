import { randomUUID } from 'node:crypto';
import {
  MEDIA_REPORT_MAX_STREAMS,
  MEDIA_SIGNATURE_HEADER,
  type MediaReport,
  type MediaReportStream,
} from '@yanbo/contracts/media-report';
import { HLS_VIEWER_IDLE_TARGETS } from '@yanbo/contracts/watch';
import { hlsOnline, type Ingest, touchHlsViewer } from '../../platform/ingest/index.ts';
import { signMediaBody } from '../../platform/ingest/media-signature.ts';
import { sourceStreamOf } from './transcode.ts';

// The media process's side of its link to the API (issue 15, media as its own process; src/media.ts). It has no
// database: a publish is authorised, started and ended through the webhooks nginx-rtmp calls (on_publish and
// on_publish_done, with the publish's arguments as nginx-rtmp passes them), and every intervalMs, or soon after a
// push or viewer comes or goes, a signed report tells the API its streams, their viewers (HTTP-FLV connections and
// HLS players), the bytes those were sent and the push's health. Every call to the API goes out in order, one at a
// time, so a report never overtakes the end of a push it no longer lists (nor the start of one it does).

/** How long one call to the API may take before it counts as failed. */
const CALL_TIMEOUT_MS = 5_000;
/** A report asked for by a change waits this long for the changes that come with it. */
const SOON_MS = 200;

export interface MediaReporterOptions {
  /** The API's base address (the load balancer in front of the API processes). */
  apiUrl: string;
  secretKey: string;
  intervalMs: number;
  ingest: Ingest;
  /** Where the API processes reach this process's RTMP, for live transcodes (asked at each report; none before it listens). */
  rtmpUrl: () => string | undefined;
  log: (line: string) => void;
}

export interface MediaReporter {
  /** This process's id as the API knows it (new at each start). */
  readonly source: string;
  /** on_publish: whether the API lets the push start (and, when it does, the push has started there). */
  authorizePublish(app: string, stream: string, query: Record<string, string>, remoteAddress: string): Promise<boolean>;
  /** on_publish_done: the push ended (sent with the arguments its publish was allowed with, as nginx-rtmp does). */
  publishEnded(app: string, stream: string, remoteAddress: string): void;
  /** An HTTP-FLV viewer of the activity stream app/stream; `left` settles with the bytes it was sent. */
  flvViewer(app: string, stream: string, left: Promise<number>): void;
  /** An HLS player fetched the playlist of app/stream. */
  hlsViewer(app: string, stream: string, viewer: string, targetSeconds: number): void;
  /** An HLS segment of the activity stream app/stream was sent. */
  hlsBytes(app: string, stream: string, bytes: number): void;
  /** Stops reporting after one last report (of the streams still live; none once the ingest has closed). */
  close(): Promise<void>;
}

const keyOf = (app: string, stream: string) => `${app}/${stream}`;

export function createMediaReporter(options: MediaReporterOptions): MediaReporter {
  const source = `media-${randomUUID()}`;
  const { ingest, log } = options;
  const hooks = `${options.apiUrl.replace(/\/+$/, '')}/api/ingest/hooks`;
  const flvViewers = new Map<string, number>();
  /** The arguments each allowed publish came with (its key), for its on_publish_done. */
  const publishQueries = new Map<string, Record<string, string>>();
  /** Playback bytes not yet in a report the API accepted, per activity stream. */
  const unsentBytes = new Map<string, number>();
  /** The previous report's readings per publish, for the bitrate and frame rate between two reports. */
  const readings = new Map<string, { publisherId: number; at: number; bytesIn: number; frames: number }>();
  let chain: Promise<unknown> = Promise.resolve();
  let lastSentAt = 0;
  let soon: NodeJS.Timeout | null = null;
  let closed = false;

  /** Runs calls to the API one after the other, in the order they were asked for. */
  const inOrder = <T>(call: () => Promise<T>): Promise<T> => {
    const next = chain.then(call, call);
    chain = next.catch(() => {});
    return next;
  };

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${hooks}/${path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });

  /** The webhook nginx-rtmp calls, as it calls it: form fields, the publish's arguments among them. */
  const callHook = (
    path: string,
    call: string,
    app: string,
    stream: string,
    query: Record<string, string>,
    addr: string,
  ) =>
    inOrder(async () => {
      const form = new URLSearchParams({ ...query, call, app, name: stream, addr, clientid: source });
      const response = await post(path, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
      await response.body?.cancel();
      return response.ok;
    });

  const add = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };

  const reportSoon = () => {
    if (closed || soon) return;
    soon = setTimeout(() => {
      soon = null;
      void send();
    }, SOON_MS);
    soon.unref();
  };

  const buildReport = (): MediaReport => {
    const now = Date.now();
    const sessions = new Map(ingest.sessions().map((session) => [session.id, session]));
    const streams: MediaReportStream[] = [];
    const live = new Set<string>();
    for (const info of ingest.streams().slice(0, MEDIA_REPORT_MAX_STREAMS)) {
      const key = keyOf(info.app, info.stream);
      live.add(key);
      // A 标清 rendition's viewers are counted with its activity's stream (the playback routes file them so).
      const own = sourceStreamOf(info.stream) === null;
      const before = readings.get(key);
      const reading = { publisherId: info.publisherId, at: now, bytesIn: info.bytesIn, frames: info.videoFrames };
      readings.set(key, reading);
      const span = before && before.publisherId === info.publisherId ? (now - before.at) / 1000 : 0;
      const declaredFps = Number(info.metadata?.framerate);
      const measured = (value: number) => Math.round(Math.max(0, value) * 10) / 10;
      const width = Number(info.metadata?.width);
      const height = Number(info.metadata?.height);
      streams.push({
        app: info.app,
        stream: info.stream,
        viewers: own ? (flvViewers.get(key) ?? 0) + hlsOnline(ingest, info.app, info.stream) : 0,
        playbackBytes: own ? (unsentBytes.get(key) ?? 0) : 0,
        bytesIn: info.bytesIn,
        publisherId: info.publisherId,
        remoteAddress: (sessions.get(info.publisherId)?.remoteAddress ?? '').slice(0, 100),
        hasVideo: info.hasVideo,
        hasAudio: info.hasAudio,
        startedAt: info.startedAt.toISOString(),
        ...(before && span > 0 ? { bitrateKbps: measured(((info.bytesIn - before.bytesIn) * 8) / 1000 / span) } : {}),
        ...(Number.isFinite(declaredFps) && declaredFps > 0
          ? { fps: measured(declaredFps) }
          : before && span > 0
            ? { fps: measured((info.videoFrames - before.frames) / span) }
            : {}),
        ...(Number.isFinite(width) && width > 0 ? { width } : {}),
        ...(Number.isFinite(height) && height > 0 ? { height } : {}),
      });
    }
    for (const key of readings.keys()) if (!live.has(key)) readings.delete(key);
    // Never the same sentAt twice: the API ignores a report not newer than the last one it applied.
    lastSentAt = Math.max(now, lastSentAt + 1);
    const rtmpUrl = options.rtmpUrl();
    return { source, intervalMs: options.intervalMs, sentAt: lastSentAt, streams, ...(rtmpUrl ? { rtmpUrl } : {}) };
  };

  const send = () =>
    inOrder(async () => {
      const report = buildReport();
      const body = JSON.stringify(report);
      try {
        const response = await post('on_report', body, {
          'content-type': 'application/json',
          [MEDIA_SIGNATURE_HEADER]: signMediaBody(options.secretKey, body),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        // The bytes it carried are counted now; those sent since wait for the next report.
        for (const s of report.streams) if (s.playbackBytes) add(unsentBytes, keyOf(s.app, s.stream), -s.playbackBytes);
      } catch (error) {
        log(`media report: ${error instanceof Error ? error.message : error}`);
      }
    });

  const timer = setInterval(() => void send(), options.intervalMs);
  timer.unref();

  return {
    source,
    async authorizePublish(app, stream, query, remoteAddress) {
      try {
        const allowed = await callHook('on_publish', 'publish', app, stream, query, remoteAddress);
        if (allowed) {
          publishQueries.set(keyOf(app, stream), query);
          reportSoon();
        }
        return allowed;
      } catch (error) {
        // The API cannot be asked: nothing is let in that it did not allow.
        log(`on_publish ${app}/${stream}: ${error instanceof Error ? error.message : error}`);
        return false;
      }
    },
    publishEnded(app, stream, remoteAddress) {
      const query = publishQueries.get(keyOf(app, stream)) ?? {};
      publishQueries.delete(keyOf(app, stream));
      // A lost on_publish_done is made good by the next report, which no longer lists the stream.
      callHook('on_publish_done', 'publish_done', app, stream, query, remoteAddress)
        .catch((error) => log(`on_publish_done ${app}/${stream}: ${error instanceof Error ? error.message : error}`))
        .finally(reportSoon);
    },
    flvViewer(app, stream, left) {
      const key = keyOf(app, stream);
      add(flvViewers, key, 1);
      reportSoon();
      void left.then((bytes) => {
        add(flvViewers, key, -1);
        add(unsentBytes, key, Math.max(0, Math.round(bytes)));
        reportSoon();
      });
    },
    hlsViewer(app, stream, viewer, targetSeconds) {
      const activityStream = sourceStreamOf(stream) ?? stream;
      const idleMs = Math.ceil(targetSeconds * HLS_VIEWER_IDLE_TARGETS * 1000);
      if (touchHlsViewer(ingest, app, activityStream, viewer, idleMs, reportSoon)) reportSoon();
    },
    hlsBytes(app, stream, bytes) {
      add(unsentBytes, keyOf(app, stream), Math.max(0, Math.round(bytes)));
    },
    async close() {
      closed = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      await send();
    },
  };
}

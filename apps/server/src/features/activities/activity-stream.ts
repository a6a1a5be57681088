import { type ActivityStream, SD_STREAM_SUFFIX } from '@yanbo/contracts';
import { decrypt, encrypt, randomToken, safeEqual } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { sourcesCarrying } from './reported-streams.ts';

/**
 * The activity streaming as app/stream, for the caller to select from: (app, stream) is unique, so at most one row.
 * A deleted activity keeps its stream and is left out unless `withDeleted`.
 */
export function activityOnStream(db: Db, app: string, stream: string, { withDeleted = false } = {}) {
  const query = db.selectFrom('activities').where('app', '=', app).where('stream', '=', stream);
  return withDeleted ? query : query.where('deletedAt', 'is', null);
}

/** A new activity's stream: a public name for playback addresses and a secret key for pushing. */
export function newStream(secretKey: string) {
  return {
    stream: `s${randomToken(9).replace(/[-_]/g, 'x').toLowerCase()}`,
    streamKeySealed: encrypt(secretKey, randomToken(16)),
  };
}

export interface StreamDomains {
  pushDomain: string;
  pullDomain: string;
}

/**
 * Push and pull addresses built from pushDomain/pullDomain, app and stream (seed 000 §3). The renditions list the
 * original and, only while live transcoding really publishes it, the 标清 stream.
 */
export function streamAddresses(
  secretKey: string,
  domains: StreamDomains,
  row: { app: string; stream: string | null; streamKeySealed: string | null },
  live: { sd: boolean } = { sd: false },
): ActivityStream {
  const stream = row.stream ?? '';
  const key = row.streamKeySealed ? decrypt(secretKey, row.streamKeySealed) : '';
  const pushServer = `rtmp://${domains.pushDomain}/${row.app}`;
  const pushStreamKey = `${stream}?key=${key}`;
  return {
    app: row.app,
    stream,
    pushDomain: domains.pushDomain,
    pullDomain: domains.pullDomain,
    pushServer,
    pushStreamKey,
    pushUrl: `${pushServer}/${pushStreamKey}`,
    pullSource: {
      ...playback(domains.pullDomain, row.app, stream),
      renditions: [
        { name: 'origin', ...playback(domains.pullDomain, row.app, stream) },
        ...(live.sd ? [{ name: 'sd' as const, ...playback(domains.pullDomain, row.app, sdStreamOf(stream)) }] : []),
      ],
    },
  };
}

const playback = (pullDomain: string, app: string, stream: string) => ({
  flv: `http://${pullDomain}/live/${app}/${stream}.flv`,
  hls: `http://${pullDomain}/live/${app}/${stream}/index.m3u8`,
});

/** Whether a publish of app/stream with this key may start (the ingest's and the media-server webhooks' check). */
export function keyMatches(secretKey: string, streamKeySealed: string | null, key: string): boolean {
  if (!streamKeySealed || !key) return false;
  return safeEqual(decrypt(secretKey, streamKeySealed), key);
}

/** The name the 标清 rendition of a stream is published under. */
export const sdStreamOf = (stream: string) => `${stream}${SD_STREAM_SUFFIX}`;

/**
 * Whether the stream's 标清 rendition is received right now: by the embedded media server of this process, or (with
 * media processes) by a living one that reports it.
 */
export async function sdIsLive(
  ctx: { db: Db; ingest: { isLive(app: string, stream: string): boolean } | null },
  row: { app: string; stream: string | null; isPushing?: boolean },
): Promise<{ sd: boolean }> {
  // A rendition is made only of a live push: an activity not pushing has none, and costs no lookup.
  if (!row.stream || row.isPushing === false) return { sd: false };
  if (ctx.ingest) return { sd: ctx.ingest.isLive(row.app, sdStreamOf(row.stream)) };
  const source = await sourcesCarrying(ctx.db, row.app, sdStreamOf(row.stream)).select('source').executeTakeFirst();
  return { sd: source !== undefined };
}

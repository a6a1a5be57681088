/**
 * SRS's HTTP API, GET /api/v1/streams/ (SRS 4 and 5): `{ code, server, streams: [...] }` where each stream, as SRS's
 * HTTP API documentation and its SrsStatisticStream::dumps write it, has
 *   id, name, vhost, app, tcUrl, url, live_ms, clients, frames, send_bytes, recv_bytes,
 *   kbps: { recv_30s, send_30s }, publish: { active, cid },
 *   video: { codec, profile, level, width, height } | null, audio: { codec, sample_rate, channel, profile } | null.
 * `clients` counts every connection to the stream, its publisher among them; `frames` counts the video frames received;
 * `kbps.recv_30s` is the push's bitrate over the last 30 s. SRS lists 10 streams unless asked for more (`count`).
 */
import { countOf, MEDIA_STATS_MAX_STREAMS, MediaStatsError, type MediaStreamStats } from './media-stats.ts';

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const stringOr = (value: unknown, max = 200) =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
const positive = (value: unknown) => {
  const number = countOf(value);
  return number !== undefined && number > 0 ? number : undefined;
};

/** The streams list as SRS answers it, with `count` raised so one answer holds every stream this server reads. */
export function srsStreamsUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('count')) parsed.searchParams.set('count', String(MEDIA_STATS_MAX_STREAMS));
  return parsed.toString();
}

/** The streams in an answer of SRS's /api/v1/streams/, at most MEDIA_STATS_MAX_STREAMS; throws MediaStatsError. */
export function parseSrsStreams(text: string): MediaStreamStats[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new MediaStatsError('SRS API: not JSON');
  }
  const answer = objectOr(body);
  if (answer?.code !== 0 || !Array.isArray(answer.streams))
    throw new MediaStatsError('SRS API: not a streams answer (code 0 with streams[])');
  const streams: MediaStreamStats[] = [];
  for (const entry of answer.streams.slice(0, MEDIA_STATS_MAX_STREAMS)) {
    const stream = objectOr(entry);
    const app = stringOr(stream?.app);
    const name = stringOr(stream?.name);
    if (!stream || !app || !name) continue;
    // SRS 4.0 wrote `active` as a string in some builds.
    const active = objectOr(stream.publish)?.active;
    const publishing = active === true || active === 'true';
    const video = objectOr(stream.video);
    const recvKbps = countOf(objectOr(stream.kbps)?.recv_30s);
    const clients = countOf(stream.clients) ?? 0;
    const id = countOf(stream.id);
    streams.push({
      app,
      stream: name,
      viewers: Math.max(0, Math.floor(clients) - (publishing ? 1 : 0)),
      bitrateKbps: recvKbps === undefined ? undefined : Math.round(recvKbps),
      width: positive(video?.width),
      height: positive(video?.height),
      publishing,
      hasVideo: video !== undefined,
      hasAudio: objectOr(stream.audio) !== undefined,
      bytesIn: countOf(stream.recv_bytes),
      frames: countOf(stream.frames),
      publisherId: id !== undefined && Number.isSafeInteger(id) ? id : undefined,
    });
  }
  return streams;
}

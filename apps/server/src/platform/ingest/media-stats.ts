/**
 * What an external media server (nginx-rtmp, SRS) says of its streams, read from its statistics (issue 15, "media as
 * its own process"): the same numbers the embedded ingest knows of its own streams, for the online counts, the ingest
 * list and the stream's health. Its address is operator configuration (MEDIA_STATS_URL), so a loopback or private
 * address is allowed; what it answers is read within a deadline and a size bound, like anything from outside.
 */

/** One stream as the media server reports it. */
export interface MediaStreamStats {
  app: string;
  stream: string;
  /** Players of the stream (its publisher not among them). */
  viewers: number;
  bitrateKbps?: number;
  fps?: number;
  width?: number;
  height?: number;
  /** When the push began (ISO-8601), where the server tells it. */
  startedAt?: string;
  /** Whether an encoder is pushing it now (a stream entry can outlive its publisher while players wait). */
  publishing: boolean;
  hasVideo: boolean;
  hasAudio: boolean;
  bytesIn?: number;
  /** Video frames received so far (SRS), from which a frame rate is measured between two polls. */
  frames?: number;
  publisherId?: number;
  remoteAddress?: string;
}

export type MediaStatsKind = 'nginx-rtmp' | 'srs';

/** Why a statistics answer was not read: too big, too deep, malformed, or a construct it refuses (DTD, entities). */
export class MediaStatsError extends Error {}

/** An answer over this is refused (a stat page of thousands of streams is well under). */
export const MEDIA_STATS_MAX_BYTES = 4 * 1024 * 1024;
/** Streams read from one answer at most; the rest are ignored. */
export const MEDIA_STATS_MAX_STREAMS = 5_000;
export const MEDIA_STATS_TIMEOUT_MS = 3_000;

/** A non-negative finite number, or undefined. */
export function countOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

/**
 * GETs url and answers its body as text: refused past maxBytes (announced or read), after timeoutMs, on a redirect
 * or a status other than 200.
 */
export async function fetchStatsText(
  url: string,
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<string> {
  const maxBytes = options.maxBytes ?? MEDIA_STATS_MAX_BYTES;
  const response = await fetch(url, {
    redirect: 'error',
    signal: AbortSignal.timeout(options.timeoutMs ?? MEDIA_STATS_TIMEOUT_MS),
  });
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    throw new MediaStatsError(`media server statistics answered ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new MediaStatsError(`media server statistics larger than ${maxBytes} bytes`);
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new MediaStatsError(`media server statistics larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

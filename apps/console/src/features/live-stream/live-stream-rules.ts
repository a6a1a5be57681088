import type { IngestEntry, StreamJob } from '@yanbo/contracts';

// Pure rules of the live stream tab: ingest bitrates between polls, and what live transcoding is doing.

export interface IngestSample {
  at: number;
  bytes: Map<number, number>;
}

/** Each push's incoming bitrate in kbit/s between two polls of the ingest list (null until two samples exist). */
export function ingestBitrates(
  previous: IngestSample | null,
  entries: readonly Pick<IngestEntry, 'publisherId' | 'bytesIn'>[],
  now: number,
): { sample: IngestSample; kbps: Map<number, number | null> } {
  const sample: IngestSample = { at: now, bytes: new Map(entries.map((entry) => [entry.publisherId, entry.bytesIn])) };
  const kbps = new Map<number, number | null>();
  for (const entry of entries) {
    const before = previous?.bytes.get(entry.publisherId);
    const seconds = previous ? (now - previous.at) / 1000 : 0;
    kbps.set(
      entry.publisherId,
      before === undefined || seconds <= 0 || entry.bytesIn < before
        ? null
        : Math.round(((entry.bytesIn - before) * 8) / 1000 / seconds),
    );
  }
  return { sample, kbps };
}

export interface TranscodeState {
  kind: 'off' | 'waiting' | 'starting' | 'running' | 'failed';
  error?: string;
}

/**
 * What live transcoding is doing, from the toggle, the push and the latest transcode job: it runs only while the
 * activity pushes; a job stopped by hand starts again with the next push.
 */
export function transcodeState(
  enabled: boolean,
  isPushing: boolean,
  latest: Pick<StreamJob, 'status' | 'error'> | undefined,
): TranscodeState {
  if (!enabled) return { kind: 'off' };
  if (!isPushing) return { kind: 'waiting' };
  if (latest?.status === 'running') return { kind: 'running' };
  if (latest?.status === 'failed') return { kind: 'failed', error: latest.error };
  if (latest?.status === 'stopped') return { kind: 'waiting' };
  return { kind: 'starting' };
}

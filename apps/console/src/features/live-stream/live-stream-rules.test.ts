import { describe, expect, it } from 'vitest';
import { ingestBitrates, transcodeState } from './live-stream-rules';

describe('ingest bitrate', () => {
  it('is the bytes received between two polls, in kbit/s', () => {
    const first = ingestBitrates(null, [{ publisherId: 1, bytesIn: 1000 }], 10_000);
    expect(first.kbps.get(1)).toBeNull();
    const second = ingestBitrates(first.sample, [{ publisherId: 1, bytesIn: 251_000 }], 12_000);
    expect(second.kbps.get(1)).toBe(1000);
    // A new push (the counter went back) has no rate yet.
    expect(ingestBitrates(second.sample, [{ publisherId: 1, bytesIn: 10 }], 14_000).kbps.get(1)).toBeNull();
  });
});

describe('live transcoding state', () => {
  it('runs only while the activity pushes, and says why it failed', () => {
    expect(transcodeState(false, true, { status: 'running', error: '' })).toEqual({ kind: 'off' });
    expect(transcodeState(true, false, undefined)).toEqual({ kind: 'waiting' });
    expect(transcodeState(true, false, { status: 'running', error: '' })).toEqual({ kind: 'waiting' });
    expect(transcodeState(true, true, undefined)).toEqual({ kind: 'starting' });
    expect(transcodeState(true, true, { status: 'running', error: '' })).toEqual({ kind: 'running' });
    expect(transcodeState(true, true, { status: 'failed', error: 'ffmpeg exited with 1' })).toEqual({
      kind: 'failed',
      error: 'ffmpeg exited with 1',
    });
    expect(transcodeState(true, true, { status: 'stopped', error: '' })).toEqual({ kind: 'waiting' });
  });
});

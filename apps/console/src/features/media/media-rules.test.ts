import { describe, expect, it } from 'vitest';
import {
  editableSlots,
  formatBytes,
  formatDuration,
  ingestBitrates,
  isTranscoding,
  slotOf,
  storageShares,
  toSlotInputs,
  transcodeState,
  withSlot,
} from './live-config-rules';

describe('media slots', () => {
  it('shows exactly 8 (or 20) slots, padding with empty ones and never more', () => {
    const one = [{ mediaId: 1, url: '/files/a.m3u8', name: 'a', status: 'ready' as const }];
    expect(editableSlots(one, 8)).toHaveLength(8);
    expect(editableSlots(one, 8).slice(1)).toEqual(Array(7).fill(null));
    expect(editableSlots(Array(25).fill(null), 20)).toHaveLength(20);
  });

  it('sends a library media by id, an outside address as it is, and empty slots as null', () => {
    const slots = withSlot(
      editableSlots([], 8),
      2,
      slotOf({ id: 7, name: '片头', url: '/files/media/7/index.m3u8', status: 'ready' }),
    );
    const inputs = toSlotInputs(withSlot(slots, 0, { mediaId: null, url: 'https://x/y.mp4', name: 'y', status: null }));
    expect(inputs[0]).toEqual({ mediaId: null, url: 'https://x/y.mp4', name: 'y' });
    expect(inputs[1]).toBeNull();
    expect(inputs[2]).toEqual({ mediaId: 7, url: '', name: '片头' });
    expect(toSlotInputs(withSlot(slots, 2, null))).toEqual(Array(8).fill(null));
  });
});

describe('library', () => {
  it('keeps refreshing while a transcode is pending or running', () => {
    expect(isTranscoding([{ status: 'ready' }, { status: 'pending' }])).toBe(true);
    expect(isTranscoding([{ status: 'transcoding' }])).toBe(true);
    expect(isTranscoding([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
  });

  it('formats sizes and durations', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(2.04)).toBe('00:02');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('splits the storage bar by kind', () => {
    expect(storageShares({ uploads: 1, activities: 1, media: 2 })).toEqual({ uploads: 25, activities: 25, media: 50 });
    expect(storageShares({ uploads: 0, activities: 0, media: 0 }).media).toBe(0);
  });
});

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

import { describe, expect, it } from 'vitest';
import {
  editableSlots,
  formatBytes,
  formatDuration,
  isTranscoding,
  slotOf,
  storageShares,
  toSlotInputs,
  withSlot,
} from './media-rules';

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

import { type Media, type MediaSlot, type MediaSlotInput, padSlots } from '@yanbo/contracts';

// Pure rules of the media screens: slots as edited and as sent, transcodes under way, sizes, durations, storage shares.

/** A slot list as the editor shows it: exactly `size` entries, empty ones null (seed 001 §5: 8 or 20 slots). */
export function editableSlots(slots: readonly MediaSlot[], size: number): MediaSlot[] {
  return padSlots(slots.slice(0, size), size, null);
}

/** A slot as sent: a media by id (the server fills its name and address) or an outside address; empty stays null. */
export function toSlotInputs(slots: readonly MediaSlot[]): MediaSlotInput[] {
  return slots.map((slot) => {
    if (!slot) return null;
    if (slot.mediaId !== null) return { mediaId: slot.mediaId, url: '', name: slot.name };
    return slot.url ? { mediaId: null, url: slot.url, name: slot.name } : null;
  });
}

/** The slot a library media fills. */
export function slotOf(media: Pick<Media, 'id' | 'name' | 'url' | 'status'>): MediaSlot {
  return { mediaId: media.id, name: media.name, url: media.url, status: media.status };
}

/** The slots with one replaced (null clears it). */
export function withSlot(slots: readonly MediaSlot[], index: number, slot: MediaSlot): MediaSlot[] {
  return slots.map((current, i) => (i === index ? slot : current));
}

/** A transcode is under way: the library keeps refreshing until none is. */
export const isTranscoding = (items: readonly Pick<Media, 'status'>[]) =>
  items.some((item) => item.status === 'pending' || item.status === 'transcoding');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '-';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h ? `${h}:${mmss}` : mmss;
}

/** The share of each kind in the storage bar, in percent of the total. */
export function storageShares(byKind: Record<'uploads' | 'activities' | 'media', number>) {
  const total = byKind.uploads + byKind.activities + byKind.media;
  const share = (bytes: number) => (total ? (bytes * 100) / total : 0);
  return { uploads: share(byKind.uploads), activities: share(byKind.activities), media: share(byKind.media) };
}

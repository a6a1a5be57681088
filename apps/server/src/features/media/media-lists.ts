import {
  type DefaultMedia,
  GLOBAL_MEDIA_SLOTS,
  type GlobalMedia,
  LIVE_MEDIA_KEYS,
  LIVE_MEDIA_SLOTS,
  type LiveMedia,
  type LiveMediaLists,
  MEDIA_ERRORS,
  type MediaSlot,
  type MediaSlotInput,
  type Playlist,
  type PlaylistUpdate,
  padSlots,
} from '@yanbo/contracts';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { MediaRow } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import {
  readActivitySection,
  readAgentSection,
  writeActivitySection,
  writeAgentSection,
} from '../../platform/settings-store.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { scopeMedia, toMedia } from './media-service.ts';

// The media lists: an activity's live media (keys '0' and '1', 8 slots each), the agent's default media (what an
// activity without its own lists shows) and its overall media (20 slots), and an activity's playlist. Slots are kept
// as sent (a media id, or an outside address) and answered with each media's current name, address and status.

const storedSlot = z.object({ mediaId: z.number().int().nullable(), url: z.string(), name: z.string() }).nullable();
type StoredSlot = z.infer<typeof storedSlot>;
const storedLists = z.object({ '0': z.array(storedSlot), '1': z.array(storedSlot) });
type StoredLists = z.infer<typeof storedLists>;
const storedLive = z.object({ lists: storedLists });
const storedGlobal = z.object({ items: z.array(storedSlot) });
const storedPlaylist = z.object({
  items: z.array(z.object({ mediaId: z.number().int(), title: z.string() })),
  loop: z.boolean(),
});

const emptyLists = (): StoredLists => ({ '0': [], '1': [] });

/** The agent's media among ids, for showing slots (reads are by agent; writes check the caller's own scope). */
async function mediaOfAgent(db: Db, agentId: number, ids: number[]): Promise<Map<number, MediaRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('media').selectAll().where('agentId', '=', agentId).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Media ids from a body must be the caller's, else 404 Media Not Found. */
async function checkMediaIds(db: Db, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const owned = await scopeMedia(db, caller).select('media.id').where('media.id', 'in', unique).execute();
  if (owned.length !== unique.length) throw notFound(MEDIA_ERRORS.mediaNotFound);
}

/** A slot with neither a media nor an address is an empty slot. */
function toStored(slot: MediaSlotInput): StoredSlot {
  if (!slot || (slot.mediaId === null && !slot.url)) return null;
  return { mediaId: slot.mediaId, url: slot.mediaId === null ? slot.url : '', name: slot.name };
}

const slotIds = (slots: readonly StoredSlot[]) =>
  slots.flatMap((slot) => (slot?.mediaId !== null && slot?.mediaId !== undefined ? [slot.mediaId] : []));

function toSlot(ctx: AppContext, slot: StoredSlot, media: Map<number, MediaRow>): MediaSlot {
  if (!slot) return null;
  if (slot.mediaId === null) return { mediaId: null, url: slot.url, name: slot.name, status: null };
  const row = media.get(slot.mediaId);
  if (!row) return { mediaId: slot.mediaId, url: '', name: slot.name, status: null };
  const view = toMedia(ctx, row);
  return { mediaId: row.id, url: view.url || view.sourceUrl, name: slot.name || row.name, status: row.status };
}

async function showSlots(ctx: AppContext, agentId: number, slots: StoredSlot[], size: number): Promise<MediaSlot[]> {
  const media = await mediaOfAgent(ctx.db, agentId, slotIds(slots));
  return padSlots(slots, size, null).map((slot) => toSlot(ctx, slot, media));
}

async function showLists(ctx: AppContext, agentId: number, lists: StoredLists): Promise<LiveMediaLists> {
  const [first, second] = await Promise.all(
    LIVE_MEDIA_KEYS.map((key) => showSlots(ctx, agentId, lists[key], LIVE_MEDIA_SLOTS)),
  );
  return { '0': first ?? [], '1': second ?? [] };
}

async function storeLists(db: Db, caller: Caller, lists: Record<'0' | '1', MediaSlotInput[]>): Promise<StoredLists> {
  const stored = { '0': lists['0'].map(toStored), '1': lists['1'].map(toStored) };
  await checkMediaIds(db, caller, [...slotIds(stored['0']), ...slotIds(stored['1'])]);
  return stored;
}

// ---------------------------------------------------------------------------------------------------------------

async function readDefaultLists(db: Db, agentId: number): Promise<StoredLists> {
  return (await readAgentSection(db, agentId, 'defaultMedia', storedLive, { lists: emptyLists() })).lists;
}

export async function getLiveMedia(ctx: AppContext, caller: Caller, activityId: number): Promise<LiveMedia> {
  await ownActivity(ctx.db, caller, activityId);
  const own = await readActivitySection(ctx.db, activityId, 'media', storedLive, { lists: emptyLists() });
  const lists = own.stored ? own.value.lists : await readDefaultLists(ctx.db, caller.agentId);
  return { activityId, isDefault: !own.stored, lists: await showLists(ctx, caller.agentId, lists) };
}

export async function updateLiveMedia(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  lists: Record<'0' | '1', MediaSlotInput[]>,
): Promise<LiveMedia> {
  await ownActivity(ctx.db, caller, activityId);
  const stored = await storeLists(ctx.db, caller, lists);
  await writeActivitySection(ctx.db, caller.agentId, activityId, 'media', { lists: stored });
  return { activityId, isDefault: false, lists: await showLists(ctx, caller.agentId, stored) };
}

export async function getDefaultMedia(ctx: AppContext, caller: Caller): Promise<DefaultMedia> {
  return { lists: await showLists(ctx, caller.agentId, await readDefaultLists(ctx.db, caller.agentId)) };
}

export async function updateDefaultMedia(
  ctx: AppContext,
  caller: Caller,
  lists: Record<'0' | '1', MediaSlotInput[]>,
): Promise<DefaultMedia> {
  const stored = await storeLists(ctx.db, caller, lists);
  await writeAgentSection(ctx.db, caller.agentId, 'defaultMedia', { lists: stored });
  return { lists: await showLists(ctx, caller.agentId, stored) };
}

export async function getGlobalMedia(ctx: AppContext, caller: Caller): Promise<GlobalMedia> {
  const stored = await readAgentSection(ctx.db, caller.agentId, 'globalMedia', storedGlobal, { items: [] });
  return { items: await showSlots(ctx, caller.agentId, stored.items, GLOBAL_MEDIA_SLOTS) };
}

export async function updateGlobalMedia(
  ctx: AppContext,
  caller: Caller,
  items: MediaSlotInput[],
): Promise<GlobalMedia> {
  const stored = items.map(toStored);
  await checkMediaIds(ctx.db, caller, slotIds(stored));
  await writeAgentSection(ctx.db, caller.agentId, 'globalMedia', { items: stored });
  return { items: await showSlots(ctx, caller.agentId, stored, GLOBAL_MEDIA_SLOTS) };
}

// ---------------------------------------------------------------------------------------------------------------
// Playlist

async function showPlaylist(
  ctx: AppContext,
  agentId: number,
  stored: z.infer<typeof storedPlaylist>,
): Promise<Playlist> {
  const media = await mediaOfAgent(
    ctx.db,
    agentId,
    stored.items.map((item) => item.mediaId),
  );
  return {
    loop: stored.loop,
    items: stored.items.map((item) => {
      const row = media.get(item.mediaId);
      const view = row ? toMedia(ctx, row) : null;
      return {
        mediaId: item.mediaId,
        title: item.title || row?.name || '',
        name: row?.name ?? '',
        status: view?.status ?? 'missing',
        url: view ? view.url : '',
        durationSeconds: view?.durationSeconds ?? null,
      };
    }),
  };
}

export async function getPlaylist(ctx: AppContext, caller: Caller, activityId: number): Promise<Playlist> {
  await ownActivity(ctx.db, caller, activityId);
  const stored = await readActivitySection(ctx.db, activityId, 'playlist', storedPlaylist, { items: [], loop: false });
  return showPlaylist(ctx, caller.agentId, stored.value);
}

export async function updatePlaylist(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  update: PlaylistUpdate,
): Promise<Playlist> {
  await ownActivity(ctx.db, caller, activityId);
  await checkMediaIds(
    ctx.db,
    caller,
    update.items.map((item) => item.mediaId),
  );
  const stored = await writeActivitySection(ctx.db, caller.agentId, activityId, 'playlist', update);
  return showPlaylist(ctx, caller.agentId, stored);
}

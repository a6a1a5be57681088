import { randomInt } from 'node:crypto';
import {
  type ActivityManager,
  type ActivityManagerUpdate,
  type ActivityMenu,
  activityManager,
  type IntroTab,
  type Invitation,
  invitation,
  invitationDefaults,
  type OfficialUser,
  type ShareCard,
  type SubscriberList,
  shareCard,
  WATCH_CODE_LENGTH,
  type WatchCode,
  type WatchCodeUpdate,
  watchCode,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { readActivitySection, writeActivitySection } from '../../platform/settings-store.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { getImageTemplate } from '../branding/index.ts';
import { getTemplate, saveTemplate } from '../page-template/index.ts';

async function activityRow(db: Db, caller: Caller, activityId: number) {
  await ownActivity(db, caller, activityId);
  return db
    .selectFrom('activities')
    .select(['id', 'name', 'cover'])
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------------------------
// Menu (kept in the page template) and subscribers

/** The viewing page's menu is its intro tab list. */
export async function getMenu(db: Db, caller: Caller, activityId: number): Promise<ActivityMenu> {
  return { items: (await getTemplate(db, caller, activityId)).introTabs };
}

export async function saveMenu(db: Db, caller: Caller, activityId: number, items: IntroTab[]): Promise<ActivityMenu> {
  return { items: (await saveTemplate(db, caller, activityId, { introTabs: items }, 'items')).introTabs };
}

/** GET /v3/activity/{id}/subscribe: the mobiles subscribed on the watch page, newest first, a page at a time. */
export async function listSubscribers(
  db: Db,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number },
): Promise<SubscriberList> {
  await ownActivity(db, caller, activityId);
  const subscribers = db.selectFrom('activitySubscribers').where('activityId', '=', activityId);
  const [rows, count] = await Promise.all([
    subscribers
      .select(['mobile', 'createdAt', 'remindedAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    subscribers.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      mobile: row.mobile,
      subscribedAt: row.createdAt.toISOString(),
      remindedAt: row.remindedAt?.toISOString() ?? null,
    })),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(count.n) },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Watch code

const WATCH_CODE_DEFAULTS: WatchCode = { enabled: false, code: '' };

export const randomWatchCode = () => String(randomInt(0, 10 ** WATCH_CODE_LENGTH)).padStart(WATCH_CODE_LENGTH, '0');

export async function getWatchCode(db: Db, caller: Caller, activityId: number): Promise<WatchCode> {
  await ownActivity(db, caller, activityId);
  return (await readActivitySection(db, activityId, 'watchcode', watchCode, WATCH_CODE_DEFAULTS)).value;
}

/** Enabling without a code (and none stored) makes a random one, so an enabled page always has a code. */
export async function updateWatchCode(
  db: Db,
  caller: Caller,
  activityId: number,
  update: WatchCodeUpdate,
): Promise<WatchCode> {
  const current = await getWatchCode(db, caller, activityId);
  let code = update.code ?? current.code;
  if (update.enabled && !code) code = randomWatchCode();
  return writeActivitySection(db, caller.agentId, activityId, 'watchcode', { enabled: update.enabled, code });
}

export async function refreshWatchCode(db: Db, caller: Caller, activityId: number): Promise<WatchCode> {
  const current = await getWatchCode(db, caller, activityId);
  let code = randomWatchCode();
  while (code === current.code) code = randomWatchCode();
  return writeActivitySection(db, caller.agentId, activityId, 'watchcode', { ...current, code });
}

// ---------------------------------------------------------------------------------------------------------------
// Share card and invitation: their titles (and the card's image) start as the activity's own

export async function getShareCard(db: Db, caller: Caller, activityId: number): Promise<ShareCard> {
  const activity = await activityRow(db, caller, activityId);
  const defaults = { title: activity.name, description: '', image: activity.cover };
  return (await readActivitySection(db, activityId, 'shareCard', shareCard, defaults)).value;
}

export async function updateShareCard(
  db: Db,
  caller: Caller,
  activityId: number,
  update: Partial<ShareCard>,
): Promise<ShareCard> {
  const current = await getShareCard(db, caller, activityId);
  return writeActivitySection(db, caller.agentId, activityId, 'shareCard', { ...current, ...update });
}

export async function getInvitation(db: Db, caller: Caller, activityId: number): Promise<Invitation> {
  const activity = await activityRow(db, caller, activityId);
  return (await readActivitySection(db, activityId, 'invitation', invitation, invitationDefaults(activity))).value;
}

export async function updateInvitation(
  db: Db,
  caller: Caller,
  activityId: number,
  update: Partial<Invitation>,
): Promise<Invitation> {
  const current = await getInvitation(db, caller, activityId);
  return writeActivitySection(db, caller.agentId, activityId, 'invitation', { ...current, ...update });
}

// ---------------------------------------------------------------------------------------------------------------
// Manager and official user

/** The manager shown on the page; until one is set, the nickname is the host's title (seed 001 §3 "Manager info"). */
export async function getManager(db: Db, caller: Caller, activityId: number): Promise<ActivityManager> {
  await ownActivity(db, caller, activityId);
  const host = await getImageTemplate(db, caller);
  const defaults: ActivityManager = { avatar: caller.agent.avatar, nickname: host.title, isDefault: true };
  return (await readActivitySection(db, activityId, 'manager', activityManager, defaults)).value;
}

export async function updateManager(
  db: Db,
  caller: Caller,
  activityId: number,
  update: ActivityManagerUpdate,
): Promise<ActivityManager> {
  const current = await getManager(db, caller, activityId);
  return writeActivitySection(db, caller.agentId, activityId, 'manager', {
    avatar: update.avatar ?? current.avatar,
    nickname: update.nickname,
    isDefault: false,
  });
}

/** Official messages of the activity are posted as its manager. */
export async function getOfficialUser(db: Db, caller: Caller, activityId: number): Promise<OfficialUser> {
  const manager = await getManager(db, caller, activityId);
  const host = await getImageTemplate(db, caller);
  return {
    id: `official-${activityId}`,
    nickname: manager.nickname,
    avatar: manager.avatar || host.logo,
    role: 'official',
  };
}

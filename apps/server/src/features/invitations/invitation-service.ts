import {
  INVITATION_ERRORS,
  type InvitationCard,
  type InvitationCardInput,
  type InviteeList,
  invitation,
  invitationDefaults,
  TOP_SHARE_LIMIT,
  TOP_SHARE_RANKS,
  type TopPromotionList,
  type TopShareEntry,
  type TopShareList,
  type TopShareRanks,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { readActivitySection } from '../../platform/settings-store.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { publicActivity } from '../watch/index.ts';

// Invitation cards and the top-share ranking (issue 10). The watch feature records who invited whom as a visit
// arrives (its transaction); this feature opens a viewer's card and reads the rankings from the inviters' counts.

/**
 * POST /api/watch/{id}/invitation/card: the viewer's card. Only a real viewer of the activity (one whose visit is
 * counted here) gets one, and only while the organiser has the card switched on; opening it makes the viewer an
 * inviter its link can name, under the nickname given (the latest one is kept).
 */
export async function openInvitationCard(
  db: Db,
  activityId: number,
  viewerId: string | undefined,
  input: InvitationCardInput,
): Promise<InvitationCard> {
  const activity = await publicActivity(db, activityId);
  const card = (await readActivitySection(db, activityId, 'invitation', invitation, invitationDefaults(activity)))
    .value;
  if (!card.isEnabled) throw notFound(INVITATION_ERRORS.invitationDisabled);
  const visited =
    viewerId &&
    (await db
      .selectFrom('visits')
      .select('id')
      .where('activityId', '=', activityId)
      .where('viewerId', '=', viewerId)
      .limit(1)
      .executeTakeFirst());
  if (!viewerId || !visited) throw notFound(INVITATION_ERRORS.viewerNotFound);
  const inviter = await db
    .insertInto('activityInviters')
    .values({ activityId, viewerId, agentId: activity.agentId, nickname: input.nickname })
    .onConflict((oc) => oc.columns(['activityId', 'viewerId']).doUpdateSet({ nickname: input.nickname }))
    .returning(['invitees'])
    .executeTakeFirstOrThrow();
  return {
    title: card.title,
    description: card.description,
    backgroundImg: card.backgroundImg,
    cover: card.cover,
    inviterName: card.showInviter ? input.nickname : '',
    inviterId: viewerId,
    invitees: inviter.invitees,
  };
}

/** The ranking (the talent list): most guests first (seed 001 §7 guestCount descending), then who got there first. */
function rankingOf(db: Db, activityId: number) {
  return db
    .selectFrom('activityInviters')
    .select(['viewerId', 'nickname', 'invitees', 'lastInvitedAt'])
    .where('activityId', '=', activityId)
    .where('invitees', '>', 0)
    .orderBy('invitees', 'desc')
    .orderBy('lastInvitedAt', 'asc')
    .orderBy('viewerId', 'asc');
}

type RankRow = { viewerId: string; nickname: string; invitees: number; lastInvitedAt: Date | null };
const toEntry = (row: RankRow, index: number, offset = 0): TopShareEntry => ({
  rank: offset + index + 1,
  inviterId: row.viewerId,
  nickname: row.nickname,
  guestCount: row.invitees,
  lastInvitedAt: row.lastInvitedAt?.toISOString() ?? null,
});

async function topShare(db: Db, activityId: number): Promise<TopShareList> {
  const rows = await rankingOf(db, activityId).limit(TOP_SHARE_LIMIT).execute();
  return { items: rows.map((row, index) => toEntry(row, index)) };
}

/** GET /v3/activity/{id}/top-share */
export async function listTopShare(db: Db, caller: Caller, activityId: number): Promise<TopShareList> {
  return topShare(db, await ownActivity(db, caller, activityId));
}

/** GET /v3/activity/{id}/top-share/guest: the same ten, for the watch page, of an activity its audience may see. */
export async function listGuestTopShare(db: Db, activityId: number): Promise<TopShareList> {
  await publicActivity(db, activityId);
  return topShare(db, activityId);
}

/** GET /activity/{id}/stats/top/share */
export async function listTopShareRanks(
  db: Db,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number },
): Promise<TopShareRanks> {
  await ownActivity(db, caller, activityId);
  const offset = (query.page - 1) * query.pageSize;
  // Seed 001 §9: the ranks go to 100; a page past them is empty.
  const limit = Math.max(0, Math.min(query.pageSize, TOP_SHARE_RANKS - offset));
  const [rows, total] = await Promise.all([
    limit > 0 ? rankingOf(db, activityId).limit(limit).offset(offset).execute() : Promise.resolve([]),
    db
      .selectFrom('activityInviters')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('activityId', '=', activityId)
      .where('invitees', '>', 0)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row, index) => toEntry(row, index, offset)),
    pager: { page: query.page, pageSize: query.pageSize, total: Math.min(Number(total.count), TOP_SHARE_RANKS) },
  };
}

/** GET /v3/activity/{id}/invitee */
export async function listInvitees(
  db: Db,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number; invitedBy?: string | undefined },
): Promise<InviteeList> {
  await ownActivity(db, caller, activityId);
  let base = db.selectFrom('activityInvitees').where('activityInvitees.activityId', '=', activityId);
  if (query.invitedBy) base = base.where('activityInvitees.inviterId', '=', query.invitedBy);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('activityInviters', (join) =>
        join
          .onRef('activityInviters.activityId', '=', 'activityInvitees.activityId')
          .onRef('activityInviters.viewerId', '=', 'activityInvitees.inviterId'),
      )
      .select([
        'activityInvitees.inviteeId',
        'activityInvitees.inviterId',
        'activityInvitees.invitedAt',
        'activityInviters.nickname',
      ])
      .orderBy('activityInvitees.invitedAt', 'desc')
      .orderBy('activityInvitees.inviteeId', 'asc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      inviteeId: row.inviteeId,
      inviterId: row.inviterId,
      inviterNickname: row.nickname,
      invitedAt: row.invitedAt.toISOString(),
    })),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(total.count) },
  };
}

/** GET /v3/activity/{id}/top-promotion: from the ditches' visit counts kept as visits arrive. */
export async function listTopPromotion(db: Db, caller: Caller, activityId: number): Promise<TopPromotionList> {
  await ownActivity(db, caller, activityId);
  const rows = await db
    .selectFrom('activityDitchVisits')
    .innerJoin('promotionChannels', 'promotionChannels.id', 'activityDitchVisits.ditchId')
    .select(['promotionChannels.sign', 'promotionChannels.name', 'activityDitchVisits.visits'])
    .where('activityDitchVisits.activityId', '=', activityId)
    .where('promotionChannels.agentId', '=', caller.agentId)
    .orderBy('activityDitchVisits.visits', 'desc')
    .orderBy('promotionChannels.id', 'asc')
    .limit(TOP_SHARE_LIMIT)
    .execute();
  return {
    items: rows.map((row, index) => ({ rank: index + 1, sign: row.sign, name: row.name, visits: Number(row.visits) })),
  };
}

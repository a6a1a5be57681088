import {
  ERROR_CODES,
  ERROR_MESSAGES,
  FREE_GIFT_RATE,
  GIFT_ERRORS,
  GIFT_ORDER_RATE,
  GIFT_ORDER_TTL_MINUTES,
  type GiftOrderStatus,
  type GiftSendResult,
  type giftSendInput,
  type SentGift,
  type SentGiftList,
  type sentGiftQuery,
  TOP_GIFT_LIMIT,
  TOP_GIFT_RANKS,
  type TopGiftList,
  type WatchGiftList,
  type WatchTopGiftList,
} from '@yanbo/contracts';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../platform/errors.ts';
import { take } from '../../platform/rate-limit.ts';
import { agentChannel } from '../../platform/realtime/hub.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { publishChat, restrictionsOf } from '../comments/index.ts';
import {
  audienceFeeRate,
  followPayOrder,
  giftPaymentEntries,
  type PaidOrderKind,
  placePayOrder,
  postTxn,
} from '../price/index.ts';

// Gifts viewers send on the watch page (issue 10). A free gift is stored and heard at once; a paid one is a gift order
// paid on the pay provider's page, and is sent in the transaction that applies the provider's notification, with its
// ledger txn (the gateway's money, the agent's audience income). Every gift sent is appended to gift_sends and adds
// to the viewer's row of the activity's top-gift rank in the same transaction; once committed it goes to the chat as a
// `gift` message and to the agent's console.

interface WatchActivity {
  id: number;
  agentId: number;
  subagentId: number | null;
}

/** The activity as the audience reaches it: any activity that exists. */
async function watchedActivity(db: Db, activityId: number): Promise<WatchActivity> {
  const row = await db
    .selectFrom('activities')
    .select(['id', 'agentId', 'subagentId'])
    .where('id', '=', activityId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

const offered = (db: Db, agentId: number) =>
  db.selectFrom('gifts').where('agentId', '=', agentId).where('deletedAt', 'is', null).where('enabled', '=', true);

/** GET /watch/{id}/gift: the activity's agent's enabled gifts, in the agent's order. */
export async function listWatchGifts(db: Db, activityId: number): Promise<WatchGiftList> {
  const activity = await watchedActivity(db, activityId);
  const items = await offered(db, activity.agentId)
    .select(['id', 'name', 'icon', 'price'])
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .limit(200)
    .execute();
  return { items };
}

const SENT_COLUMNS = [
  'id',
  'giftId',
  'giftName',
  'giftIcon',
  'price',
  'count',
  'amount',
  'nickname',
  'viewerId',
  'createdAt',
] as const;
type SentRow = {
  id: string | number;
  giftId: number;
  giftName: string;
  giftIcon: string;
  price: number;
  count: number;
  amount: number;
  nickname: string;
  viewerId: string;
  createdAt: Date;
};
const toSentGift = (row: SentRow): SentGift => ({
  id: Number(row.id),
  giftId: row.giftId,
  name: row.giftName,
  icon: row.giftIcon,
  price: row.price,
  count: row.count,
  amount: row.amount,
  nickname: row.nickname,
  userId: row.viewerId,
  createdAt: row.createdAt.toISOString(),
});

interface GiftSend {
  agentId: number;
  activityId: number;
  viewerId: string;
  nickname: string;
  giftId: number;
  giftName: string;
  giftIcon: string;
  price: number;
  count: number;
  giftOrderId: number | null;
}

/** Appends the gift and adds it to the sender's rank row, inside the caller's transaction. */
async function recordSend(trx: Transaction<DB>, send: GiftSend): Promise<SentGift> {
  const amount = send.price * send.count;
  const row = await trx
    .insertInto('giftSends')
    .values({ ...send, amount })
    .returning(SENT_COLUMNS)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('giftRanks')
    .values({
      activityId: send.activityId,
      viewerId: send.viewerId,
      agentId: send.agentId,
      nickname: send.nickname,
      amount,
      count: send.count,
      lastSentAt: row.createdAt,
    })
    .onConflict((oc) =>
      oc.columns(['activityId', 'viewerId']).doUpdateSet({
        nickname: send.nickname,
        amount: sql`gift_ranks.amount + ${amount}`,
        count: sql`gift_ranks.count + ${send.count}`,
        lastSentAt: row.createdAt,
      }),
    )
    .execute();
  return toSentGift(row);
}

/** Once stored: every viewer of the activity hears it, and the agent's console (a sub-account's, for its own). */
function announce(ctx: AppContext, activity: WatchActivity, gift: SentGift) {
  publishChat(ctx, activity.id, { type: 'chat.message', message: { type: 'gift', gift } });
  ctx.realtime.publish(agentChannel(activity.agentId), {
    type: 'gift',
    activityId: activity.id,
    subagentId: activity.subagentId,
    gift,
  });
}

const giftNotFound = () => notFound(GIFT_ERRORS.giftNotFound);

/**
 * POST /watch/{id}/gift: a viewer (its watch-page cookie) sends one of the agent's enabled gifts. Another agent's gift,
 * a disabled or deleted one answers 404; a viewer on the activity's blacklist is refused.
 */
export async function sendWatchGift(
  ctx: AppContext,
  activityId: number,
  viewerId: string | undefined,
  body: z.output<typeof giftSendInput>,
): Promise<GiftSendResult> {
  if (!viewerId) throw badRequest(GIFT_ERRORS.viewerRequired);
  const activity = await watchedActivity(ctx.db, activityId);
  const gift = await offered(ctx.db, activity.agentId)
    .select(['id', 'name', 'icon', 'price'])
    .where('id', '=', body.giftId)
    .executeTakeFirst();
  if (!gift) throw giftNotFound();
  // The activity's blacklist, and a person the agent blocked in the CRM (on every activity's blacklist).
  const blacklisted = (await restrictionsOf(ctx.db, activity.id, viewerId)).has('blacklist');
  if (blacklisted) throw new HttpError(403, 'You are on this activity’s blacklist');
  const nickname = body.nickname || `观众${viewerId.slice(0, 4)}`;
  // What is sent: at once for a free gift, kept on its order until paid for a paid one.
  const send: Omit<GiftSend, 'giftOrderId'> = {
    agentId: activity.agentId,
    activityId: activity.id,
    viewerId,
    nickname,
    giftId: gift.id,
    giftName: gift.name,
    giftIcon: gift.icon,
    price: gift.price,
    count: body.count,
  };

  if (gift.price === 0) {
    const wait = await take(ctx.limits, FREE_GIFT_RATE, `free-gift:${activity.id}:${viewerId}`);
    if (wait !== null) throw tooManyRequests(GIFT_ERRORS.rateLimited, ERROR_CODES.rateLimited, wait);
    const sent = await ctx.db.transaction().execute((trx) => recordSend(trx, { ...send, giftOrderId: null }));
    announce(ctx, activity, sent);
    return { status: 'sent', gift: sent };
  }

  const wait = await take(ctx.limits, GIFT_ORDER_RATE, `gift-order:${activity.id}:${viewerId}`);
  if (wait !== null) throw tooManyRequests(GIFT_ERRORS.rateLimited, ERROR_CODES.rateLimited, wait);
  const order = await placePayOrder(
    ctx,
    giftOrderPayments(ctx),
    { ...send, amount: gift.price * body.count },
    (id) => ({
      subject: body.count > 1 ? `${gift.name} × ${body.count}` : gift.name,
      returnPath: `/watch/${activity.id}?giftOrder=${id}`,
    }),
  );
  return { status: 'pay', orderId: order.id, url: order.url };
}

/**
 * GET /watch/{id}/gift/order/{orderId}: the viewer's own gift order (under its id or its browser's, so signing in while
 * paying loses nothing); anyone else's answers 404.
 */
export async function watchGiftOrder(
  ctx: AppContext,
  activityId: number,
  viewerIds: (string | undefined)[],
  orderId: number,
): Promise<GiftOrderStatus> {
  const mine = viewerIds.filter((id): id is string => !!id);
  const order = await followPayOrder(ctx, giftOrderPayments(ctx), orderId, { activityId, viewerId: mine });
  if (!order) throw notFound(GIFT_ERRORS.giftOrderNotFound);
  return { orderId: order.id, status: order.status, amount: order.amount };
}

/**
 * A gift order as a kind of paid order, its notifications kept in pay_notifications. Paid: the gift is sent and its
 * ledger txn written in the same transaction, and heard once committed.
 */
export function giftOrderPayments(ctx: AppContext): PaidOrderKind<'giftOrders'> {
  return {
    table: 'giftOrders',
    ttlMinutes: GIFT_ORDER_TTL_MINUTES,
    closedAt: true,
    notifications: 'giftOrderId',
    async settle(trx, order) {
      const sent = await recordSend(trx, {
        agentId: order.agentId,
        activityId: order.activityId,
        viewerId: order.viewerId,
        nickname: order.nickname,
        giftId: order.giftId,
        giftName: order.giftName,
        giftIcon: order.giftIcon,
        price: order.price,
        count: order.count,
        giftOrderId: order.id,
      });
      // Issue 13: the platform's fee on the gift is taken as on a paid view (price/ledger.ts, one place).
      await postTxn(trx, giftPaymentEntries(order, await audienceFeeRate(trx, order.agentId)));
      const activity = await trx
        .selectFrom('activities')
        .select(['id', 'agentId', 'subagentId'])
        .where('id', '=', order.activityId)
        .executeTakeFirstOrThrow();
      return { afterCommit: () => announce(ctx, activity, sent) };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The console: the gifts sent in an activity, and its top-gift rank.

/** GET /v3/activity/{id}/gift: newest first, 10 a page. */
export async function listSentGifts(
  db: Db,
  caller: Caller,
  activityId: number,
  query: z.output<typeof sentGiftQuery>,
): Promise<SentGiftList> {
  const id = await ownActivity(db, caller, activityId);
  const sent = db.selectFrom('giftSends').where('activityId', '=', id);
  const [rows, total] = await Promise.all([
    sent
      .select(SENT_COLUMNS)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    sent.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toSentGift), pager: { page: query.page, pageSize: query.pageSize, total: Number(total.n) } };
}

/**
 * GET /v3/activity/{id}/top-gift: the viewers who gave the most, by the value of their gifts, then how many, then who
 * reached it first. Read from the rank rows kept as gifts arrive.
 */
export async function topGifts(db: Db, caller: Caller, activityId: number, limit: number): Promise<TopGiftList> {
  return rankOf(db, await ownActivity(db, caller, activityId), limit);
}

/** GET /watch/{id}/top-gift: the top 10 for the watch page's rank tab, without the viewers' ids. */
export async function watchTopGifts(db: Db, activityId: number): Promise<WatchTopGiftList> {
  const activity = await watchedActivity(db, activityId);
  const { items } = await rankOf(db, activity.id, TOP_GIFT_LIMIT);
  return { items: items.map(({ rank, nickname, amount, count }) => ({ rank, nickname, amount, count })) };
}

async function rankOf(db: Db, id: number, limit: number): Promise<TopGiftList> {
  const rows = await db
    .selectFrom('giftRanks')
    .select(['viewerId', 'nickname', 'amount', 'count', 'lastSentAt'])
    .where('activityId', '=', id)
    .orderBy('amount', 'desc')
    .orderBy('count', 'desc')
    .orderBy('lastSentAt', 'asc')
    .orderBy('viewerId', 'asc')
    .limit(Math.min(limit, TOP_GIFT_RANKS))
    .execute();
  return {
    items: rows.map((row, index) => ({
      rank: index + 1,
      userId: row.viewerId,
      nickname: row.nickname,
      amount: Number(row.amount),
      count: Number(row.count),
      lastSentAt: row.lastSentAt.toISOString(),
    })),
  };
}

import {
  ERROR_MESSAGES,
  RED_PACKET_TTL_HOURS,
  REWARD_ERRORS,
  type RedPacket,
  type redPacketInput,
  type WatchRedPacket,
} from '@yanbo/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { conflict, HttpError, notFound } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { publishChat, restrictionsOf } from '../comments/index.ts';
import { postTxn, redPackBalance, redPacketEntries } from '../price/index.ts';
import { hasVisited } from '../watch/index.ts';
import { nicknamesOf, viewerNickname } from './lottery-service.ts';
import { nextShare } from './red-packet-split.ts';

// Red packets (issue 10): sending one moves its total from the agent's red-packet balance into red_pack_held in one
// ledger txn with the packet row; each grab takes the packet row's lock, draws the next share (red-packet-split.ts)
// and moves it to the viewer's audience_balance, so two grabs of the last share cannot both win and a viewer grabs
// once (the grab row is unique per packet and viewer). After RED_PACKET_TTL_HOURS what is left goes back to the
// balance: when the packets are listed, and when a viewer tries to grab an expired one.

type PacketRow = Selectable<DB['redPackets']>;

const toPacket = (row: PacketRow): RedPacket => ({
  id: row.id,
  activityId: row.activityId,
  mode: row.mode,
  greeting: row.greeting,
  totalAmount: row.totalAmount,
  count: row.count,
  remainingAmount: row.remainingAmount,
  remainingCount: row.remainingCount,
  status: row.status,
  refundedAmount: row.refundedAmount,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

export async function getBalance(db: Db, caller: Caller) {
  return { balance: await redPackBalance(db, caller.agentId) };
}

export async function sendRedPacket(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  input: z.output<typeof redPacketInput>,
): Promise<RedPacket> {
  await ownActivity(ctx.db, caller, activityId);
  const packet = await ctx.db.transaction().execute(async (trx) => {
    // The agent row is the lock: two packets sent at once cannot both spend the same balance.
    await trx.selectFrom('agents').select('id').where('id', '=', caller.agentId).forUpdate().execute();
    const balance = await redPackBalance(trx, caller.agentId);
    if (balance < input.totalAmount) throw conflict(REWARD_ERRORS.insufficientBalance, undefined, 'totalAmount');
    const row = await trx
      .insertInto('redPackets')
      .values({
        agentId: caller.agentId,
        activityId,
        mode: input.mode,
        greeting: input.greeting || '恭喜发财，大吉大利',
        totalAmount: input.totalAmount,
        count: input.count,
        remainingAmount: input.totalAmount,
        remainingCount: input.count,
        expiresAt: new Date(Date.now() + RED_PACKET_TTL_HOURS * 3_600_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await postTxn(trx, redPacketEntries('send', row, row.totalAmount));
    return row;
  });
  publishChat(ctx, activityId, {
    type: 'chat.message',
    message: {
      type: 'redPacket',
      redPacket: {
        id: packet.id,
        greeting: packet.greeting,
        count: packet.count,
        mode: packet.mode,
        expiresAt: packet.expiresAt.toISOString(),
      },
    },
  });
  return toPacket(packet);
}

/** Returns what is left of an expired packet to the red-packet balance, once (the row lock and its status). */
async function refundIfExpired(db: Db, packetId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('redPackets')
      .selectAll()
      .where('id', '=', packetId)
      .where('status', '=', 'active')
      .where('expiresAt', '<=', new Date())
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    if (row.remainingAmount > 0) await postTxn(trx, redPacketEntries('refund', row, row.remainingAmount));
    await trx
      .updateTable('redPackets')
      .set({ status: 'expired', refundedAmount: row.remainingAmount, remainingAmount: 0, remainingCount: 0 })
      .where('id', '=', row.id)
      .execute();
  });
}

/** Refunds the agent's expired packets (a bounded batch each time). */
async function refundExpired(db: Db, agentId: number): Promise<void> {
  const expired = await db
    .selectFrom('redPackets')
    .select('id')
    .where('agentId', '=', agentId)
    .where('status', '=', 'active')
    .where('expiresAt', '<=', new Date())
    .limit(100)
    .execute();
  for (const { id } of expired) await refundIfExpired(db, id);
}

export async function listRedPackets(
  db: Db,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number },
) {
  await ownActivity(db, caller, activityId);
  await refundExpired(db, caller.agentId);
  const base = db.selectFrom('redPackets').where('activityId', '=', activityId).where('agentId', '=', caller.agentId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toPacket),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) },
  };
}

export async function listRedPacketGrabs(db: Db, caller: Caller, activityId: number, packetId: number) {
  await ownActivity(db, caller, activityId);
  const packet = await db
    .selectFrom('redPackets')
    .select('id')
    .where('id', '=', packetId)
    .where('activityId', '=', activityId)
    .where('agentId', '=', caller.agentId)
    .executeTakeFirst();
  if (!packet) throw notFound(REWARD_ERRORS.redPacketNotFound);
  const rows = await db
    .selectFrom('redPacketGrabs')
    .selectAll()
    .where('packetId', '=', packetId)
    .orderBy('id')
    .limit(1_000)
    .execute();
  return {
    items: rows.map((row) => ({
      packetId: row.packetId,
      userId: row.viewerId,
      nickname: row.nickname,
      amount: row.amount,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The activity as the audience reaches it, or 404. */
async function watchActivity(db: Db, activityId: number) {
  const row = await db
    .selectFrom('activities')
    .select(['id', 'agentId'])
    .where('id', '=', activityId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

/**
 * A viewer the activity has seen (a visit): only real viewers grab, and none the organiser blacklisted (a signed-in
 * viewer's id is its mobile's, so that holds in every browser it signs in from).
 */
async function knownViewer(db: Db, activityId: number, viewerId: string | undefined): Promise<string> {
  if (!viewerId) throw new HttpError(403, REWARD_ERRORS.viewerUnknown);
  if (!(await hasVisited(db, activityId, viewerId))) throw new HttpError(403, REWARD_ERRORS.viewerUnknown);
  if ((await restrictionsOf(db, activityId, viewerId)).has('blacklist')) {
    throw new HttpError(403, REWARD_ERRORS.blacklisted);
  }
  return viewerId;
}

export async function grabRedPacket(
  db: Db,
  activityId: number,
  packetId: number,
  viewerIdOrNone: string | undefined,
  browserId?: string,
): Promise<{ packetId: number; amount: number }> {
  await watchActivity(db, activityId);
  const viewerId = await knownViewer(db, activityId, viewerIdOrNone);
  const outcome = await db.transaction().execute(async (trx) => {
    const packet = await trx
      .selectFrom('redPackets')
      .selectAll()
      .where('id', '=', packetId)
      .where('activityId', '=', activityId)
      .forUpdate()
      .executeTakeFirst();
    if (!packet) throw notFound(REWARD_ERRORS.redPacketNotFound);
    // One share per viewer; a browser that grabbed before its viewer signed in has grabbed the person's share.
    const earlier = await trx
      .selectFrom('redPacketGrabs')
      .select('amount')
      .where('packetId', '=', packetId)
      .where('viewerId', 'in', browserId ? [viewerId, browserId] : [viewerId])
      .executeTakeFirst();
    if (earlier) throw conflict(REWARD_ERRORS.alreadyGrabbed);
    if (packet.status === 'expired' || (packet.status === 'active' && packet.expiresAt <= new Date())) {
      return 'expired' as const;
    }
    if (packet.remainingCount === 0) throw conflict(REWARD_ERRORS.redPacketEmpty);
    const amount = nextShare(packet.mode, packet.remainingAmount, packet.remainingCount);
    const nickname = (await nicknamesOf(trx, activityId, [viewerId])).get(viewerId) ?? viewerNickname(viewerId);
    await trx
      .insertInto('redPacketGrabs')
      .values({ packetId, agentId: packet.agentId, activityId, viewerId, nickname, amount })
      .execute();
    const remainingCount = packet.remainingCount - 1;
    await trx
      .updateTable('redPackets')
      .set({
        remainingAmount: packet.remainingAmount - amount,
        remainingCount,
        status: remainingCount === 0 ? 'finished' : 'active',
      })
      .where('id', '=', packetId)
      .execute();
    await postTxn(trx, redPacketEntries('grab', packet, amount, viewerId));
    return { packetId, amount };
  });
  if (outcome === 'expired') {
    await refundIfExpired(db, packetId);
    throw conflict(REWARD_ERRORS.redPacketExpired);
  }
  return outcome;
}

/** The activity's packets a viewer may still grab or has grabbed, newest first. */
export async function listWatchRedPackets(
  db: Db,
  activityId: number,
  viewerId: string | undefined,
): Promise<{ items: WatchRedPacket[] }> {
  await watchActivity(db, activityId);
  const rows = await db
    .selectFrom('redPackets')
    .selectAll()
    .where('activityId', '=', activityId)
    .where('status', '=', 'active')
    .where('expiresAt', '>', new Date())
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const grabs =
    viewerId && rows.length > 0
      ? await db
          .selectFrom('redPacketGrabs')
          .select(['packetId', 'amount'])
          .where('viewerId', '=', viewerId)
          .where(
            'packetId',
            'in',
            rows.map((row) => row.id),
          )
          .execute()
      : [];
  const grabbed = new Map(grabs.map((grab) => [grab.packetId, grab.amount]));
  return {
    items: rows.map((row) => ({
      id: row.id,
      greeting: row.greeting,
      count: row.count,
      mode: row.mode,
      expiresAt: row.expiresAt.toISOString(),
      grabbed: grabbed.get(row.id) ?? null,
      open: row.remainingCount > 0,
    })),
  };
}

import {
  GIFT_ERRORS,
  type Gift,
  type GiftList,
  type giftInput,
  type giftListQuery,
  type giftUpdate,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import { unlessTaken } from '../../platform/db/unique-violation.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { ownRows, updateOwnRows } from '../../platform/tenancy.ts';

// An agent's global gifts (seed 000 §7): every account of the agent reads them, the main account edits them. A gift
// is deleted by marking it, so what viewers already sent still names it; ids from the URL are the caller's agent's
// live gifts or answer 404.

const nameTaken = () => conflict(GIFT_ERRORS.nameTaken, undefined, 'name');
const giftNotFound = () => notFound(GIFT_ERRORS.giftNotFound);

type Row = Omit<Gift, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const COLUMNS = ['id', 'name', 'icon', 'price', 'enabled', 'sort', 'createdAt', 'updatedAt'] as const;
const toGift = (row: Row): Gift => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function liveGifts(db: Db, caller: Caller) {
  return ownRows(db, 'gifts', caller).where('deletedAt', 'is', null);
}

export async function listGifts(db: Db, caller: Caller, query: z.output<typeof giftListQuery>): Promise<GiftList> {
  const { items, pager } = await page(
    liveGifts(db, caller).select(COLUMNS).orderBy('sort', 'asc').orderBy('id', 'asc'),
    query,
  );
  return { items: items.map(toGift), pager };
}

export async function createGift(db: Db, caller: Caller, body: z.output<typeof giftInput>): Promise<Gift> {
  const row = await unlessTaken(
    db
      .insertInto('gifts')
      .values({ agentId: caller.agentId, ...body })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow(),
    nameTaken,
  );
  return toGift(row);
}

export async function updateGift(
  db: Db,
  caller: Caller,
  giftId: number,
  body: z.output<typeof giftUpdate>,
): Promise<Gift> {
  const row = await unlessTaken(
    updateOwnRows(db, 'gifts', caller)
      .set({ ...body, updatedAt: sql<Date>`clock_timestamp()` })
      .where('id', '=', giftId)
      .where('deletedAt', 'is', null)
      .returning(COLUMNS)
      .executeTakeFirst(),
    nameTaken,
  );
  if (!row) throw giftNotFound();
  return toGift(row);
}

export async function deleteGift(db: Db, caller: Caller, giftId: number): Promise<{ ok: true }> {
  const deleted = await updateOwnRows(db, 'gifts', caller)
    .set({ deletedAt: sql<Date>`now()`, enabled: false })
    .where('id', '=', giftId)
    .where('deletedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw giftNotFound();
  return { ok: true };
}

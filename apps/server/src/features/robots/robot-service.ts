import {
  ROBOT_ERRORS,
  ROBOTS_PER_AGENT,
  type Robot,
  type RobotList,
  type robotIds,
  type robotListQuery,
  type robotsInput,
} from '@yanbo/contracts';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { deleteOwnRows, ownRows } from '../../platform/tenancy.ts';

// An agent's robots (seed 000 §7): every account of the agent reads them, the main account adds and deletes them.
// A batch is all or nothing: an id not the agent's deletes nothing and answers 404, and a batch past the agent's
// limit adds nothing.

type Row = { id: number; nickname: string; avatar: string; createdAt: Date };
const COLUMNS = ['id', 'nickname', 'avatar', 'createdAt'] as const;
const toRobot = (row: Row): Robot => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listRobots(db: Db, caller: Caller, query: z.output<typeof robotListQuery>): Promise<RobotList> {
  let base = ownRows(db, 'robots', caller);
  if (query.nickname) base = base.where('nickname', 'like', containing(query.nickname));
  const { items, pager } = await page(base.select(COLUMNS).orderBy('id', 'desc'), query);
  return { items: items.map(toRobot), pager };
}

export async function createRobots(
  db: Db,
  caller: Caller,
  body: z.output<typeof robotsInput>,
): Promise<{ items: Robot[] }> {
  return db.transaction().execute(async (tx) => {
    // One agent's batches queue behind each other, so two at once cannot pass the limit together.
    await tx.selectFrom('agents').select('id').where('id', '=', caller.agentId).forUpdate().execute();
    const held = await ownRows(tx, 'robots', caller)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(held.n) + body.robots.length > ROBOTS_PER_AGENT)
      throw badRequest(ROBOT_ERRORS.tooMany, undefined, 'robots');
    const rows = await tx
      .insertInto('robots')
      .values(body.robots.map((robot) => ({ agentId: caller.agentId, ...robot })))
      .returning(COLUMNS)
      .execute();
    return { items: rows.map(toRobot) };
  });
}

export async function deleteRobots(db: Db, caller: Caller, body: z.output<typeof robotIds>): Promise<{ ok: true }> {
  const ids = [...new Set(body.ids)];
  await db.transaction().execute(async (tx) => {
    const deleted = await deleteOwnRows(tx, 'robots', caller).where('id', 'in', ids).returning('id').execute();
    if (deleted.length !== ids.length) throw notFound(ROBOT_ERRORS.robotNotFound);
  });
  return { ok: true };
}

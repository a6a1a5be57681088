import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Caller } from '../../src/platform/auth.ts';
import type { HttpError } from '../../src/platform/errors.ts';
import { deleteOwnRows, ownRow, ownRows, updateOwnRows } from '../../src/platform/tenancy.ts';
import { createAgent, engines, startApp, type TestApp } from '../harness.ts';

// The scope helpers start every query on an agent's rows already narrowed to the caller's agent: another agent's
// rows are never read, changed or deleted through them, and an id of another agent's row answers the same 404 as a
// missing one.

describe.each(engines)('tenancy scope helpers (%s)', (engine) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  const ids = { aGift: 0, aDeletedGift: 0, bGift: 0, aRobot: 0, bRobot: 0 };

  async function callerFor(agentId: number): Promise<Caller> {
    const agent = await t.ctx.db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
    return { agentId, subagentId: null, sessionId: 0, impersonatedBy: null, agent, subagent: null };
  }
  const gift = async (agentId: number, name: string, deleted = false) =>
    (
      await t.ctx.db
        .insertInto('gifts')
        .values({ agentId, name, icon: '', price: 100, deletedAt: deleted ? new Date() : null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const robot = async (agentId: number, nickname: string) =>
    (
      await t.ctx.db
        .insertInto('robots')
        .values({ agentId, nickname, avatar: '' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: HttpError) => ({ status: error.statusCode, message: error.message }),
    );

  beforeAll(async () => {
    t = await startApp(engine);
    a = await callerFor((await createAgent(t.ctx)).id);
    b = await callerFor((await createAgent(t.ctx)).id);
    ids.aGift = await gift(a.agentId, 'A rose');
    ids.aDeletedGift = await gift(a.agentId, 'A old rose', true);
    ids.bGift = await gift(b.agentId, 'B rose');
    ids.aRobot = await robot(a.agentId, 'A bot');
    ids.bRobot = await robot(b.agentId, 'B bot');
  });
  afterAll(() => t?.close());

  test('ownRows reads the caller’s agent’s rows only, and chains like any select', async () => {
    const names = await ownRows(t.ctx.db, 'gifts', a).select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['A old rose', 'A rose']);
    expect(await ownRows(t.ctx.db, 'gifts', a).select('id').where('id', '=', ids.bGift).execute()).toEqual([]);
    // Qualified by its table, the filter still holds when another agent table is joined.
    const joined = await ownRows(t.ctx.db, 'gifts', b)
      .innerJoin('robots', 'robots.agentId', 'gifts.agentId')
      .select(['gifts.name', 'robots.nickname'])
      .execute();
    expect(joined).toEqual([{ name: 'B rose', nickname: 'B bot' }]);
  });

  test('updateOwnRows changes the caller’s rows and never another agent’s', async () => {
    const missed = await updateOwnRows(t.ctx.db, 'robots', a)
      .set({ nickname: 'taken' })
      .where('id', '=', ids.bRobot)
      .returning('id')
      .execute();
    expect(missed).toEqual([]);
    const changed = await updateOwnRows(t.ctx.db, 'robots', a).set({ nickname: 'A bot 2' }).returning('id').execute();
    expect(changed).toEqual([{ id: ids.aRobot }]);
    const robots = await t.ctx.db.selectFrom('robots').select(['id', 'nickname']).orderBy('id').execute();
    expect(robots).toEqual([
      { id: ids.aRobot, nickname: 'A bot 2' },
      { id: ids.bRobot, nickname: 'B bot' },
    ]);
  });

  test('deleteOwnRows deletes the caller’s rows and never another agent’s', async () => {
    const extra = await robot(a.agentId, 'A extra');
    expect(
      await deleteOwnRows(t.ctx.db, 'robots', a).where('id', 'in', [extra, ids.bRobot]).returning('id').execute(),
    ).toEqual([{ id: extra }]);
    expect(await t.ctx.db.selectFrom('robots').select('id').where('id', '=', ids.bRobot).execute()).toHaveLength(1);
  });

  test('ownRow answers the caller’s row', async () => {
    const row = await ownRow(t.ctx.db, 'gifts', a, ids.aGift, 'Gift not found');
    expect(row).toMatchObject({ id: ids.aGift, agentId: a.agentId, name: 'A rose' });
  });

  test('ownRow answers 404 with the given message for another agent’s id, a missing id and a deleted row', async () => {
    const notFound = { status: 404, message: 'Gift not found' };
    expect(await rejection(ownRow(t.ctx.db, 'gifts', a, ids.bGift, 'Gift not found'))).toEqual(notFound);
    expect(await rejection(ownRow(t.ctx.db, 'gifts', a, 2_000_000_000, 'Gift not found'))).toEqual(notFound);
    expect(await rejection(ownRow(t.ctx.db, 'gifts', a, ids.aDeletedGift, 'Gift not found'))).toEqual(notFound);
    // The other agent still reaches its own row.
    expect(await ownRow(t.ctx.db, 'gifts', b, ids.bGift, 'Gift not found')).toMatchObject({ name: 'B rose' });
    // A table without deletions answers the same way.
    expect(await rejection(ownRow(t.ctx.db, 'robots', b, ids.aRobot, 'Robot not found'))).toEqual({
      status: 404,
      message: 'Robot not found',
    });
  });

  test('only tables that belong to an agent are accepted', () => {
    // Checked by the type checker (npm run typecheck); the calls are never made.
    const typeOnly = () => {
      // @ts-expect-error categories are global: no agentId column
      ownRows(t.ctx.db, 'categories', a);
      // @ts-expect-error agents are the tenants themselves, not their rows
      updateOwnRows(t.ctx.db, 'agents', a);
      // @ts-expect-error an activity id goes through ownActivity, which knows a sub-account's share
      ownRow(t.ctx.db, 'activities', a, 1, 'x');
      // @ts-expect-error agent branding has no id of its own
      ownRow(t.ctx.db, 'agentBranding', a, 1, 'x');
    };
    expect(typeof typeOnly).toBe('function');
  });
});

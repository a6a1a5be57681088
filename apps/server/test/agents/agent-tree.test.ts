import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CallResult,
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  startApp,
  type TestAgent,
  type TestApp,
} from '../harness.ts';

// The tenancy rule for the agent tree: an agent reaches the agents below it, at any depth, and no other: not another
// tree, not its own upper agents, not its siblings, not itself. Outside its subtree every call answers 404 Agent Not
// Found and changes nothing. Sub-accounts do not administer agents at all.

describe.each(engines)('agent tree tenancy (%s)', (engine) => {
  let t: TestApp;
  let a: TestAgent;
  let aChild: TestAgent;
  let aSibling: TestAgent;
  let aGrandchild: TestAgent;
  let b: TestAgent;
  let bChild: TestAgent;
  let aToken: string;
  let aChildToken: string;

  beforeAll(async () => {
    t = await startApp(engine);
    a = await createAgent(t.ctx, { coopLevel: 3, contact: 'A' });
    aChild = await createAgent(t.ctx, { parentId: a.id, coopLevel: 2, contact: 'A1' });
    aSibling = await createAgent(t.ctx, { parentId: a.id, coopLevel: 2, contact: 'A2' });
    aGrandchild = await createAgent(t.ctx, { parentId: aChild.id, coopLevel: 1, contact: 'A11' });
    b = await createAgent(t.ctx, { coopLevel: 3, contact: 'B' });
    bChild = await createAgent(t.ctx, { parentId: b.id, coopLevel: 1, contact: 'B1' });
    aToken = await sessionFor(t.ctx, a.id);
    aChildToken = await sessionFor(t.ctx, aChild.id);
  });
  afterAll(() => t?.close());

  const row = (id: number) => t.ctx.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const credit = { fluxGb: 1, storageGb: 1, smsCount: 1 };

  /** Every call of the agent area that takes an agent id, aimed at `id`. */
  function everyIdCall(token: string, id: number): Promise<CallResult>[] {
    return [
      call(t.app, 'GET', `/agent/agent/${id}`, { token }),
      call(t.app, 'PUT', `/agent/agent/${id}`, { token, body: { contact: 'hacked', password: 'hacked-pass-1' } }),
      call(t.app, 'PUT', `/agent/agent/${id}/coop/`, { token, body: { coopLevel: 0 } }),
      call(t.app, 'PUT', `/agent/agent/${id}/status`, { token, body: { status: 'disabled' } }),
      call(t.app, 'PUT', '/agent/agentcredit/', { token, body: { agentId: id, credit } }),
      call(t.app, 'GET', `/agent/agentusage?agentId=${id}`, { token }),
      call(t.app, 'GET', `/agent/login/token?agentId=${id}`, { token }),
      call(t.app, 'GET', `/agent/agent/${id}/impersonations`, { token }),
    ];
  }

  async function expectUntouched(targets: TestAgent[], attempt: () => Promise<CallResult[]>) {
    const before = await Promise.all(targets.map((target) => row(target.id)));
    const tickets = await t.ctx.db.selectFrom('loginTickets').selectAll().execute();
    for (const response of await attempt()) expectError(response, 404, ERROR_MESSAGES.agentNotFound);
    expect(await Promise.all(targets.map((target) => row(target.id)))).toEqual(before);
    expect(await t.ctx.db.selectFrom('agentCredits').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('loginTickets').selectAll().execute()).toEqual(tickets);
  }

  test('agent A cannot see, change, disable, credit or impersonate an agent of another tree', async () => {
    await expectUntouched([b, bChild], async () => [
      ...(await Promise.all(everyIdCall(aToken, bChild.id))),
      ...(await Promise.all(everyIdCall(aToken, b.id))),
    ]);
    const list = await call(t.app, 'GET', '/agent/agent', { token: aToken });
    expect(list.body.items.map((item: { id: number }) => item.id).sort()).toEqual(
      [aChild.id, aSibling.id, aGrandchild.id].sort(),
    );
    const agency = await call(t.app, 'GET', '/v2/agency/agent?searchType=contact&content=B', { token: aToken });
    expect(agency.body.pager.total).toBe(0);
    const byId = await call(t.app, 'GET', `/agent/agent?searchType=id&content=${bChild.id}`, { token: aToken });
    expect(byId.body.pager.total).toBe(0);
  });

  test('a middle agent cannot reach its upper agent, its sibling or itself', async () => {
    await expectUntouched([a, aSibling, aChild], async () => [
      ...(await Promise.all(everyIdCall(aChildToken, a.id))),
      ...(await Promise.all(everyIdCall(aChildToken, aSibling.id))),
      // Its own usage is the one call it may make about itself.
      ...(await Promise.all(everyIdCall(aChildToken, aChild.id).filter((_, index) => index !== 5))),
    ]);
    const list = await call(t.app, 'GET', '/agent/agent', { token: aChildToken });
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([aGrandchild.id]);
  });

  test('a missing agent answers exactly as another tree’s', async () => {
    for (const response of await Promise.all(everyIdCall(aToken, 999_999))) {
      expectError(response, 404, ERROR_MESSAGES.agentNotFound);
    }
  });

  test('down its own tree the same calls work, impersonation included', async () => {
    const ticket = await call(t.app, 'GET', `/agent/login/token?agentId=${aGrandchild.id}`, { token: aToken });
    expect(ticket.status).toBe(200);
    const session = await call(t.app, 'POST', '/agent/login/token', { body: { token: ticket.body.token } });
    expect(session.status).toBe(200);
    expect(session.body.me).toMatchObject({ id: aGrandchild.id, impersonatedBy: a.id });
    expect((await call(t.app, 'GET', `/agent/agent/${aGrandchild.id}`, { token: aToken })).body.depth).toBe(2);
    const credited = await call(t.app, 'PUT', '/agent/agentcredit/', {
      token: aChildToken,
      body: { agentId: aGrandchild.id, credit },
    });
    expect(credited.body).toEqual({ agentId: aGrandchild.id, credit });
    await t.ctx.db.deleteFrom('agentCredits').execute();
  });

  test('a sub-account administers no agent: 403 SUBAGENT_FORBIDDEN, and nothing changes', async () => {
    const sub = await createSubagent(t.ctx, { agentId: a.id });
    const subToken = await sessionFor(t.ctx, a.id, sub.id);
    const before = await row(aChild.id);
    const responses = await Promise.all([
      call(t.app, 'GET', '/agent/agent', { token: subToken }),
      call(t.app, 'POST', '/agent/agent/', {
        token: subToken,
        body: { mobile: '13912345678', password: 'child-pass-1' },
      }),
      call(t.app, 'GET', '/v2/agency/agent', { token: subToken }),
      call(t.app, 'GET', '/agent/agentusage', { token: subToken }),
      ...everyIdCall(subToken, aChild.id),
    ]);
    for (const response of responses) {
      expectError(response, 403, 'Sub-account is not allowed to do this', { code: ERROR_CODES.subAgentForbidden });
    }
    expect(await row(aChild.id)).toEqual(before);
    expect(await t.ctx.db.selectFrom('agents').select('id').where('mobile', '=', '13912345678').execute()).toEqual([]);
    // The field list is reference data, open to every signed-in caller.
    expect((await call(t.app, 'GET', '/agent/field', { token: subToken })).status).toBe(200);
  });

  test('every call needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/agent/field'],
      ['GET', '/agent/agent'],
      ['POST', '/agent/agent/'],
      ['GET', `/agent/agent/${aChild.id}`],
      ['PUT', `/agent/agent/${aChild.id}/status`],
      ['PUT', '/agent/agentcredit/'],
      ['GET', '/agent/agentusage'],
      ['GET', '/v2/agency/agent'],
      ['GET', '/agent/area'],
      ['GET', `/agent/agent/${aChild.id}/impersonations`],
    ] as const) {
      expectError(await call(t.app, method, url, { body: {} }), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
    }
  });
});

import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePlan as readFreePlan } from '../../src/features/price/package-service.ts';
import {
  call,
  createAgent,
  DEFAULT_PASSWORD,
  engines,
  expectError,
  sessionFor,
  startApp,
  type TestApp,
} from '../harness.ts';
import { payAtSandbox, placeOrder } from './pay-helpers.ts';

// A package's grants last until its expires_at and not a moment longer: the activity cap, the sub-account quota it
// raised and hasContract are decided at each request, so an expired package lets the agent do no more than the free
// plan allows (its activity and sub-account caps, no contract).

describe.each(engines)('package expiry on %s', (engine) => {
  let t: TestApp;
  /** The free plan's sub-account quota: what an agent holds with no current package (the packages table's). */
  let FREE_SUBACCOUNTS: number;
  beforeAll(async () => {
    t = await startApp(engine);
    FREE_SUBACCOUNTS = (await readFreePlan(t.ctx.db)).subagentQuota;
  });
  afterAll(() => t?.close());

  let counter = 0;
  async function agentWithToken(parentId?: number) {
    counter += 1;
    const agent = await createAgent(t.ctx, { company: `过期公司${counter}`, parentId });
    return { agent, token: await sessionFor(t.ctx, agent.id) };
  }
  async function buy(token: string, packageId: number) {
    const order = await placeOrder(t.app, token, { packageId });
    await payAtSandbox(t.app, order.url);
  }
  /** The package ran out a second ago: set through the database, as time would. */
  async function expire(agentId: number, at = new Date(Date.now() - 1000)) {
    await t.ctx.db.updateTable('agentPackages').set({ expiresAt: at }).where('agentId', '=', agentId).execute();
  }
  const newActivity = (token: string) => {
    counter += 1;
    return call(t.app, 'POST', '/activity', { token, body: { name: `过期测试活动 ${counter}` } });
  };
  const newSub = (token: string) => {
    counter += 1;
    return call(t.app, 'POST', '/agent/subagent', {
      token,
      body: { username: `expiry-sub-${engine}-${counter}`, password: 'pass-1234' },
    });
  };

  it('an expired package’s activity quota stops: the agent is back on the free plan’s caps', async () => {
    const { agent, token } = await agentWithToken();
    await buy(token, 100001);
    const { freePlan } = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body;
    // The trial allows more than the free plan: one past the free plan's cap is accepted while it runs.
    for (let i = 0; i <= freePlan.activityQuota; i++) expect((await newActivity(token)).status).toBe(200);
    await expire(agent.id);
    expectError(await newActivity(token), 403, ERROR_MESSAGES.activityQuotaExceeded, {
      code: ERROR_CODES.activityQuotaExceeded,
    });
    const config = await call(t.app, 'GET', '/agent/packageConfig', { token });
    expect(config.body.current).toMatchObject({
      packageId: 100001,
      packageName: '试用套餐',
      expired: true,
      activityQuota: freePlan.activityQuota,
      subagentQuota: freePlan.subagentQuota,
      fluxGb: freePlan.fluxGb,
      storageGb: freePlan.storageGb,
      hasContract: false,
    });
  });

  it('an expired package’s sub-account quota and hasContract stop at once, without any sweep', async () => {
    const { agent, token } = await agentWithToken();
    await buy(token, 100004);
    expect((await call(t.app, 'GET', '/agent/me', { token })).body.hasContract).toBe(true);
    for (let i = 0; i < FREE_SUBACCOUNTS + 1; i++) expect((await newSub(token)).status).toBe(200);
    expect((await call(t.app, 'GET', '/agent/subagent', { token })).body).toMatchObject({
      count: FREE_SUBACCOUNTS + 1,
      quota: 100,
    });

    await expire(agent.id);
    // The same session: its next request already sees the lapse.
    expect((await call(t.app, 'GET', '/agent/me', { token })).body.hasContract).toBe(false);
    expect((await call(t.app, 'GET', '/agent/subagent', { token })).body).toMatchObject({
      count: FREE_SUBACCOUNTS + 1,
      quota: FREE_SUBACCOUNTS,
      remainingCount: 0,
    });
    expectError(await newSub(token), 403, ERROR_MESSAGES.subaccountQuotaExceeded, {
      code: ERROR_CODES.subaccountQuotaExceeded,
    });
    // A fresh sign-in answers the same.
    const fresh = await call(t.app, 'POST', '/agent/login', {
      body: { username: agent.mobile, password: DEFAULT_PASSWORD },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.me.hasContract).toBe(false);
    const current = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current;
    expect(current).toMatchObject({
      packageId: 100004,
      expired: true,
      subagentQuota: FREE_SUBACCOUNTS,
      hasContract: false,
    });
    // Its existing sub-accounts are kept; they simply cannot grow beyond the base.
    expect((await call(t.app, 'GET', '/agent/subagent', { token })).body.items).toHaveLength(FREE_SUBACCOUNTS + 1);
  });

  it('the upper agent sees the lapsed quota in the agent’s info and usage', async () => {
    const { agent: parent, token: parentToken } = await agentWithToken();
    const { agent: child, token: childToken } = await agentWithToken(parent.id);
    await buy(childToken, 100002);
    const info = () => call(t.app, 'GET', `/agent/agent/${child.id}`, { token: parentToken });
    const usage = () => call(t.app, 'GET', `/agent/agentusage?agentId=${child.id}`, { token: parentToken });
    expect((await info()).body.subagentQuota).toBe(10);
    expect((await usage()).body.subagentQuota).toBe(10);
    await expire(child.id);
    expect((await info()).body.subagentQuota).toBe(FREE_SUBACCOUNTS);
    expect((await usage()).body.subagentQuota).toBe(FREE_SUBACCOUNTS);
  });

  it('renewing after expiry starts afresh: nothing of the lapsed package carries over', async () => {
    const { agent, token } = await agentWithToken();
    await buy(token, 100004);
    await expire(agent.id);
    await buy(token, 100001);
    const current = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current;
    expect(current).toMatchObject({
      packageId: 100001,
      expired: false,
      activityQuota: 30,
      subagentQuota: 5,
      fluxGb: 20,
      storageGb: 5,
      hasContract: false,
    });
    const days = (Date.parse(current.expiresAt) - Date.parse(current.startedAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(Date.parse(current.startedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('renewing while current extends the validity from the current end', async () => {
    const { agent, token } = await agentWithToken();
    await buy(token, 100001);
    const end = new Date(Date.now() + 3 * 86_400_000);
    await expire(agent.id, end);
    await buy(token, 100001);
    const current = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current;
    expect(Date.parse(current.expiresAt)).toBe(end.getTime() + 7 * 86_400_000);
    expect(current).toMatchObject({ expired: false, fluxGb: 40, activityQuota: 30 });
  });
});

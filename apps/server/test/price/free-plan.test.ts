import { FREE_PACKAGE_ID, type PricePackage } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, engines, signedInAgent, startApp, type TestApp } from '../harness.ts';
import { payAtSandbox, placeOrder } from './pay-helpers.ts';

// One package table drives the /price card, the confirmation and the enforcement (issue 8: the trial's card said
// 2 个子账号, the confirmation 5, and the quota stayed 5); an agent without a package is on a finite free plan.

describe.each(engines)('the free plan and one package table on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  const agentToken = () => signedInAgent(t.ctx);

  it('an agent without a package holds the free plan’s finite caps, shown by packageConfig and enforced', async () => {
    const { token } = await agentToken();
    const config = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body;
    expect(config.freePlan).toMatchObject({ id: FREE_PACKAGE_ID, name: '免费版', type: 'free', price: 0 });
    for (const cap of ['activityQuota', 'subagentQuota', 'storageGb', 'fluxGb'] as const) {
      expect(config.freePlan[cap], cap).toBeGreaterThan(0);
      expect(config.current[cap], cap).toBe(config.freePlan[cap]);
    }
    expect(config.current).toMatchObject({ packageId: null, expired: false });
    // The free plan is not for sale.
    const catalogue = (await call(t.app, 'GET', '/agent/package', { token })).body.items as PricePackage[];
    expect(catalogue.map((item) => item.id)).not.toContain(FREE_PACKAGE_ID);
    expect((await call(t.app, 'POST', '/agent/order', { token, body: { packageId: FREE_PACKAGE_ID } })).status).toBe(
      404,
    );
    // The sub-account page counts against the same figure.
    expect((await call(t.app, 'GET', '/v3/subagent/count', { token })).body.quota).toBe(config.freePlan.subagentQuota);
  });

  it('every package on sale grants at least the free plan, so buying one never lowers a cap', async () => {
    const { token } = await agentToken();
    const { freePlan } = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body;
    const catalogue = (await call(t.app, 'GET', '/agent/package', { token })).body.items as PricePackage[];
    for (const item of catalogue.filter((entry) => !entry.forActivity)) {
      for (const cap of ['activityQuota', 'subagentQuota', 'storageGb', 'fluxGb'] as const) {
        expect(item[cap], `${item.name} ${cap}`).toBeGreaterThanOrEqual(freePlan[cap]);
      }
    }
  });

  it('after buying the trial, what the card said is what applies: the quota page and creation agree', async () => {
    const { token } = await agentToken();
    const catalogue = (await call(t.app, 'GET', '/agent/package', { token })).body.items as PricePackage[];
    const trial = catalogue.find((item) => item.id === 100001) as PricePackage;
    const order = await placeOrder(t.app, token, { packageId: trial.id });
    await payAtSandbox(t.app, order.url);
    const current = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current;
    expect(current).toMatchObject({
      packageId: trial.id,
      activityQuota: trial.activityQuota,
      subagentQuota: trial.subagentQuota,
      storageGb: trial.storageGb,
      fluxGb: trial.fluxGb,
    });
    const count = (await call(t.app, 'GET', '/v3/subagent/count', { token })).body;
    expect(count.quota).toBe(trial.subagentQuota);
    for (let i = 0; i < trial.subagentQuota; i++) {
      const made = await call(t.app, 'POST', '/agent/subagent', {
        token,
        body: { username: `tr${engine.slice(0, 2)}${Date.now() % 1e8}${i}`, password: 'pass-1234' },
      });
      expect(made.status, made.text).toBe(200);
    }
    const past = await call(t.app, 'POST', '/agent/subagent', {
      token,
      body: { username: `tr${engine.slice(0, 2)}${Date.now() % 1e8}x`, password: 'pass-1234' },
    });
    expect(past.status, past.text).toBe(403);
  });
});

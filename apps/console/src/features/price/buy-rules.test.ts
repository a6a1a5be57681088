import type { CurrentPackage, PricePackage } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  BUY_STEP,
  currentBuyStep,
  isSettled,
  orderBody,
  orderIdFromSearch,
  packagesOfType,
  packageTypeFromSearch,
  purchaseOutcome,
  statusPollInterval,
} from './buy-rules';

const pkg = (id: number, type: PricePackage['type'], forActivity = false): PricePackage => ({
  id,
  name: `p${id}`,
  type,
  description: '',
  price: 100,
  activityQuota: 1,
  subagentQuota: 1,
  fluxGb: 1,
  storageGb: 1,
  validityDays: 7,
  isUltimatePackage: false,
  forActivity,
  audienceFeeRate: 500,
});

describe('buy flow rules', () => {
  it('starts at step 0 and shows the result step for an order in the address', () => {
    expect(BUY_STEP.choose).toBe(0);
    expect(currentBuyStep(BUY_STEP.choose, null)).toBe(0);
    expect(currentBuyStep(BUY_STEP.confirm, null)).toBe(1);
    expect(currentBuyStep(BUY_STEP.choose, 700001)).toBe(3);
  });

  it('reads the order id from the address, refusing anything but a positive integer', () => {
    expect(orderIdFromSearch(new URLSearchParams('orderId=700001'))).toBe(700001);
    for (const bad of ['', 'orderId=', 'orderId=0', 'orderId=-1', 'orderId=1e3', 'orderId=99999999999', 'orderId=x']) {
      expect(orderIdFromSearch(new URLSearchParams(bad))).toBeNull();
    }
  });

  it('polls while init (or not yet known) and stops once paid or failed', () => {
    expect(statusPollInterval(undefined, 2000)).toBe(2000);
    expect(statusPollInterval('init', 2000)).toBe(2000);
    expect(statusPollInterval('paid', 2000)).toBe(false);
    expect(statusPollInterval('failed', 2000)).toBe(false);
    expect(isSettled('init')).toBe(false);
  });

  it('defaults the package type tab to trail', () => {
    expect(packageTypeFromSearch(new URLSearchParams())).toBe('trail');
    expect(packageTypeFromSearch(new URLSearchParams('type=annual'))).toBe('annual');
    expect(packageTypeFromSearch(new URLSearchParams('type=bogus'))).toBe('trail');
    expect(packagesOfType([pkg(1, 'trail'), pkg(2, 'annual'), pkg(3, 'trail')], 'trail').map((p) => p.id)).toEqual([
      1, 3,
    ]);
  });

  it('sends an activity only for the package bought for one', () => {
    expect(orderBody(pkg(100002, 'annual'), { promotionCode: ' WELCOME10 ', activityId: 5 })).toEqual({
      packageId: 100002,
      promotionCode: 'WELCOME10',
    });
    expect(orderBody(pkg(100005, 'activity', true), { activityId: 5 })).toEqual({
      packageId: 100005,
      promotionCode: '',
      activityId: 5,
    });
    expect(orderBody(pkg(100005, 'activity', true), {})).toEqual({
      packageId: 100005,
      promotionCode: '',
      activityId: null,
    });
  });
});

describe('purchaseOutcome: what paying will do, said before paying', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const DAY = 86_400_000;
  const standard: PricePackage = {
    ...pkg(100002, 'annual'),
    name: '标准版',
    activityQuota: 50,
    subagentQuota: 10,
    fluxGb: 1000,
    storageGb: 100,
    validityDays: 365,
  };
  const held = (expiresAt: string, expired: boolean): CurrentPackage => ({
    packageId: 100003,
    packageName: '专业版',
    startedAt: '2026-01-01T00:00:00.000Z',
    expiresAt,
    expired,
    activityQuota: expired ? 20 : 200,
    subagentQuota: expired ? 5 : 30,
    fluxGb: expired ? 0 : 5000,
    storageGb: expired ? 0 : 500,
    hasContract: false,
  });

  it('renewing or upgrading while current extends the validity from its end and keeps the larger quotas', () => {
    const outcome = purchaseOutcome(held('2026-06-01T00:00:00.000Z', false), standard, now);
    expect(outcome).toEqual({
      kind: 'stack',
      previousName: '专业版',
      previousExpiresAt: new Date('2026-06-01T00:00:00.000Z'),
      expiresAt: new Date(Date.parse('2026-06-01T00:00:00.000Z') + 365 * DAY),
      activityQuota: 200,
      subagentQuota: 30,
      fluxGb: 6000,
      storageGb: 500,
    });
  });

  it('after expiry, or with no package, the new one starts today with exactly its own grants, as its card says', () => {
    const afterExpiry = purchaseOutcome(held('2026-02-01T00:00:00.000Z', true), standard, now);
    expect(afterExpiry).toMatchObject({
      kind: 'fresh',
      previousName: '专业版',
      expiresAt: new Date(now.getTime() + 365 * DAY),
      activityQuota: 50,
      subagentQuota: 10,
      fluxGb: 1000,
      storageGb: 100,
    });
    const first = purchaseOutcome(undefined, { ...standard, subagentQuota: 2 }, now);
    expect(first).toMatchObject({ kind: 'fresh', previousName: null, subagentQuota: 2 });
  });

  it('the package for one activity leaves the agent’s package as it is', () => {
    expect(purchaseOutcome(held('2026-06-01T00:00:00.000Z', false), pkg(100005, 'activity', true), now)).toEqual({
      kind: 'activity',
    });
  });
});

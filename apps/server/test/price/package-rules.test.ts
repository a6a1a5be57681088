import { describe, expect, it } from 'vitest';
import { discountedPrice, type Grant, grantPackage, type Holding } from '../../src/features/price/package-rules.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-01T00:00:00Z');
const none: Holding = {
  packageId: null,
  activityQuota: 0,
  subagentQuota: 0,
  fluxGb: 0,
  storageGb: 0,
  startedAt: null,
  expiresAt: null,
  hasContract: false,
};
const trial: Grant = {
  id: 100001,
  activityQuota: 3,
  subagentQuota: 2,
  fluxGb: 10,
  storageGb: 5,
  validityDays: 7,
  isUltimatePackage: false,
};
const ultimate: Grant = {
  ...trial,
  id: 100004,
  activityQuota: 1000,
  subagentQuota: 100,
  fluxGb: 20000,
  storageGb: 2000,
  validityDays: 365,
  isUltimatePackage: true,
};

describe('discountedPrice', () => {
  it('takes percentOff, then amountOff, and never goes below one fen', () => {
    expect(discountedPrice(1980000, null)).toBe(1980000);
    expect(discountedPrice(1980000, { percentOff: 10, amountOff: null })).toBe(1782000);
    expect(discountedPrice(99900, { percentOff: null, amountOff: 10000 })).toBe(89900);
    expect(discountedPrice(1000, { percentOff: 50, amountOff: 100 })).toBe(400);
    expect(discountedPrice(100, { percentOff: null, amountOff: 10000 })).toBe(1);
    expect(discountedPrice(3, { percentOff: 33, amountOff: null })).toBe(2);
  });
});

describe('grantPackage', () => {
  it('starts a first package today with its own grants', () => {
    expect(grantPackage(none, trial, now)).toEqual({
      packageId: 100001,
      activityQuota: 3,
      subagentQuota: 2,
      fluxGb: 10,
      storageGb: 5,
      startedAt: now,
      expiresAt: new Date(now.getTime() + 7 * DAY),
      hasContract: false,
    });
  });

  it('stacks on a running package: larger quotas, flux added, validity extended from its end', () => {
    const running = grantPackage(none, trial, now);
    const later = new Date(now.getTime() + 2 * DAY);
    const next = grantPackage(running, ultimate, later);
    expect(next).toMatchObject({
      packageId: 100004,
      activityQuota: 1000,
      subagentQuota: 100,
      fluxGb: 20010,
      storageGb: 2000,
    });
    expect(next.startedAt).toEqual(now);
    expect(next.expiresAt).toEqual(new Date(now.getTime() + (7 + 365) * DAY));
    // A lesser package bought on top keeps the larger quotas and the contract.
    const again = grantPackage(next, trial, later);
    expect(again).toMatchObject({ activityQuota: 1000, subagentQuota: 100, storageGb: 2000, hasContract: true });
  });

  it('copies isUltimatePackage to hasContract, and starts afresh once the running package has expired', () => {
    const held = grantPackage(none, ultimate, now);
    expect(held.hasContract).toBe(true);
    const expired = new Date(now.getTime() + 400 * DAY);
    const renewed = grantPackage(held, trial, expired);
    // Nothing of the lapsed package carries over: quotas, flux and the contract are the new package's own.
    expect(renewed).toEqual({
      packageId: 100001,
      activityQuota: 3,
      subagentQuota: 2,
      fluxGb: 10,
      storageGb: 5,
      startedAt: expired,
      expiresAt: new Date(expired.getTime() + 7 * DAY),
      hasContract: false,
    });
  });

  it('treats a package as running until the very moment it expires', () => {
    const held = grantPackage(none, trial, now);
    const atEnd = held.expiresAt as Date;
    const justBefore = new Date(atEnd.getTime() - 1);
    expect(grantPackage(held, trial, justBefore).expiresAt).toEqual(new Date(atEnd.getTime() + 7 * DAY));
    expect(grantPackage(held, trial, atEnd).expiresAt).toEqual(new Date(atEnd.getTime() + 7 * DAY));
    expect(grantPackage(held, trial, atEnd).fluxGb).toBe(10);
    expect(grantPackage(held, trial, justBefore).fluxGb).toBe(20);
  });
});

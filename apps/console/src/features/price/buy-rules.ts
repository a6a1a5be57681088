import {
  type BuyStep,
  type CurrentPackage,
  DEFAULT_PACKAGE_TYPE,
  grantPackage,
  type OrderStatus,
  PACKAGE_TYPES,
  type PackageType,
  type PricePackage,
} from '@yanbo/contracts';

// The buy flow's rules (seed 000 §4): buyStep starts at 0 (choose), then confirm, pay and result; the order starts
// init and its status is polled at an interval until it is paid or failed.

export const BUY_STEP = { choose: 0, confirm: 1, pay: 2, result: 3 } as const satisfies Record<string, BuyStep>;

/** A returning payer lands on /price?orderId=…: the flow shows that order's result. */
export function orderIdFromSearch(params: URLSearchParams): number | null {
  const raw = params.get('orderId');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function isSettled(status: OrderStatus | undefined): boolean {
  return status === 'paid' || status === 'failed';
}

/** How long until the next status poll: none once the order is settled. */
export function statusPollInterval(status: OrderStatus | undefined, pollMs: number): number | false {
  return isSettled(status) ? false : pollMs;
}

/** The step shown: an order in the address is the result step, whatever the local state says. */
export function currentBuyStep(localStep: BuyStep, orderIdInAddress: number | null): BuyStep {
  return orderIdInAddress === null ? localStep : BUY_STEP.result;
}

/** The package type tab from the address, defaulting to trail (seed 001 §4). */
export function packageTypeFromSearch(params: URLSearchParams): PackageType {
  const raw = params.get('type');
  return (PACKAGE_TYPES as readonly string[]).includes(raw ?? '') ? (raw as PackageType) : DEFAULT_PACKAGE_TYPE;
}

export function packagesOfType(items: PricePackage[], type: PackageType): PricePackage[] {
  return items.filter((item) => item.type === type);
}

/** What is sent for the confirm step's form: an activity only for the package bought for one. */
export function orderBody(pkg: PricePackage, form: { promotionCode?: string; activityId?: number | null }) {
  const promotionCode = form.promotionCode?.trim() ?? '';
  return {
    packageId: pkg.id,
    promotionCode,
    ...(pkg.forActivity ? { activityId: form.activityId ?? null } : {}),
  };
}

/** What paying for a package will do, said before the agent pays (the same rule the server applies when paid). */
export type PurchaseOutcome =
  | { kind: 'activity' }
  | {
      /** stack: renews or upgrades the current package; fresh: starts today (none held, or the last one expired). */
      kind: 'stack' | 'fresh';
      previousName: string | null;
      previousExpiresAt: Date | null;
      expiresAt: Date;
      activityQuota: number;
      subagentQuota: number;
      fluxGb: number;
      storageGb: number;
    };

export function purchaseOutcome(current: CurrentPackage | undefined, pkg: PricePackage, now: Date): PurchaseOutcome {
  if (pkg.forActivity) return { kind: 'activity' };
  const running = current !== undefined && current.packageId !== null && !current.expired;
  const held = grantPackage(
    {
      packageId: running ? current.packageId : null,
      activityQuota: running ? current.activityQuota : 0,
      subagentQuota: running ? current.subagentQuota : 0,
      fluxGb: running ? current.fluxGb : 0,
      storageGb: running ? current.storageGb : 0,
      startedAt: running && current.startedAt ? new Date(current.startedAt) : null,
      expiresAt: running && current.expiresAt ? new Date(current.expiresAt) : null,
      hasContract: running ? current.hasContract : false,
    },
    pkg,
    now,
  );
  return {
    kind: running ? 'stack' : 'fresh',
    previousName: current?.packageName ?? null,
    previousExpiresAt: current?.expiresAt ? new Date(current.expiresAt) : null,
    expiresAt: held.expiresAt as Date,
    activityQuota: held.activityQuota,
    // The package table's own figure, as its card says and the server enforces (issue 8: the card said 2, this 5).
    subagentQuota: held.subagentQuota,
    fluxGb: held.fluxGb,
    storageGb: held.storageGb,
  };
}

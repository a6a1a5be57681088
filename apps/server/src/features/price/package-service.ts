import {
  ACTIVITY_PACKAGE_ID,
  type CurrentPackage,
  DEFAULT_PACKAGE_TYPE,
  FREE_PACKAGE_ID,
  ORDER_STATUS_POLL_MS,
  ORDER_TTL_MINUTES,
  PACKAGE_TYPES,
  type PackageConfig,
  type PackageList,
  type PricePackage,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PackageRow } from '../../platform/db/schema.ts';
import type { Holding } from './package-rules.ts';

// The package catalogue (seed 000 §7 GET /agent/package, GET /agent/packageConfig), seeded by migrations 009 and 024.
// It is the one source of what a package grants: the /price card, the confirmation and every cap the server enforces
// (activities, sub-accounts, storage) read it, the free plan (FREE_PACKAGE_ID, not on sale) included.

export function toPricePackage(row: PackageRow): PricePackage {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    price: row.price,
    activityQuota: row.activityQuota,
    subagentQuota: row.subagentQuota,
    fluxGb: Number(row.fluxGb),
    storageGb: Number(row.storageGb),
    validityDays: row.validityDays,
    isUltimatePackage: row.isUltimatePackage,
    forActivity: row.forActivity,
    audienceFeeRate: row.audienceFeeRate,
  };
}

/** The free plan: what an agent holds while no package is current. */
export async function freePlan(db: Db): Promise<PricePackage> {
  return toPricePackage(
    await db.selectFrom('packages').selectAll().where('id', '=', FREE_PACKAGE_ID).executeTakeFirstOrThrow(),
  );
}

/** GET /agent/package: the packages on sale, in catalogue order. */
export async function listPackages(db: Db): Promise<PackageList> {
  const rows = await db.selectFrom('packages').selectAll().where('enabled', '=', true).orderBy('sort').execute();
  return { items: rows.map(toPricePackage) };
}

/** The agent's package row: its last package paid and that package's own grants, current or not. */
export async function readHolding(db: Db, agentId: number): Promise<Holding> {
  const row = await db.selectFrom('agentPackages').selectAll().where('agentId', '=', agentId).executeTakeFirst();
  if (!row) {
    return {
      packageId: null,
      activityQuota: 0,
      subagentQuota: 0,
      fluxGb: 0,
      storageGb: 0,
      startedAt: null,
      expiresAt: null,
      hasContract: false,
    };
  }
  return {
    packageId: row.packageId,
    activityQuota: row.activityQuota,
    subagentQuota: row.subagentQuota,
    fluxGb: Number(row.fluxGb),
    storageGb: Number(row.storageGb),
    startedAt: row.startedAt,
    expiresAt: row.expiresAt,
    hasContract: row.hasContract,
  };
}

/**
 * The /price card: the last package and what applies now. Whether it is current is decided in the query
 * (agent_entitlements), so an expired package's grants are gone at the moment it expires and the free plan's apply.
 */
export async function currentPackage(db: Db, agentId: number): Promise<CurrentPackage> {
  const row = await db
    .selectFrom('agentEntitlements')
    .leftJoin('agentPackages', 'agentPackages.agentId', 'agentEntitlements.agentId')
    .leftJoin('packages', 'packages.id', 'agentPackages.packageId')
    .select([
      'agentEntitlements.packageCurrent',
      'agentEntitlements.activityQuota',
      'agentEntitlements.subagentQuota',
      'agentEntitlements.hasContract',
      'agentEntitlements.fluxGb',
      'agentEntitlements.storageGb',
      'agentPackages.packageId',
      'agentPackages.startedAt',
      'agentPackages.expiresAt',
      'packages.name as packageName',
    ])
    .where('agentEntitlements.agentId', '=', agentId)
    .executeTakeFirstOrThrow();
  const current = row.packageCurrent;
  return {
    packageId: row.packageId,
    packageName: row.packageName,
    startedAt: row.startedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.packageId !== null && !current,
    activityQuota: row.activityQuota,
    subagentQuota: row.subagentQuota,
    fluxGb: Number(row.fluxGb),
    storageGb: Number(row.storageGb),
    hasContract: row.hasContract,
  };
}

/**
 * The platform's fee rate (basis points) on the audience's payments to an agent: its current package's, else the free
 * plan's (migration 049), read at the moment of the payment.
 */
export async function audienceFeeRate(db: Db, agentId: number): Promise<number> {
  const row = await db
    .selectFrom('agentEntitlements')
    .leftJoin('agentPackages', 'agentPackages.agentId', 'agentEntitlements.agentId')
    .leftJoin('packages', 'packages.id', 'agentPackages.packageId')
    .select(['agentEntitlements.packageCurrent', 'packages.audienceFeeRate'])
    .where('agentEntitlements.agentId', '=', agentId)
    .executeTakeFirst();
  if (row?.packageCurrent && row.audienceFeeRate !== null) return row.audienceFeeRate;
  const free = await db
    .selectFrom('packages')
    .select('audienceFeeRate')
    .where('id', '=', FREE_PACKAGE_ID)
    .executeTakeFirstOrThrow();
  return free.audienceFeeRate;
}

/** GET /agent/packageConfig: the buy flow's settings and the caller's current package. */
export async function packageConfig(ctx: AppContext, caller: Caller): Promise<PackageConfig> {
  return {
    types: [...PACKAGE_TYPES],
    defaultType: DEFAULT_PACKAGE_TYPE,
    activityPackageId: ACTIVITY_PACKAGE_ID,
    statusPollMs: ORDER_STATUS_POLL_MS,
    orderTtlMinutes: ORDER_TTL_MINUTES,
    payProvider: ctx.pay.name,
    current: await currentPackage(ctx.db, caller.agentId),
    freePlan: await freePlan(ctx.db),
  };
}

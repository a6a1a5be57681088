import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { storageUsage } from '../media/index.ts';

const GB = 1024 ** 3;

/** The bytes the agent may store now: its current package's storage, or the free plan's (agent_entitlements). */
export async function storageQuotaBytes(ctx: AppContext, agentId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('agentEntitlements')
    .select('storageGb')
    .where('agentId', '=', agentId)
    .executeTakeFirst();
  return Math.floor(Number(row?.storageGb ?? 0) * GB);
}

/**
 * Storage per agent from its package (issue 8), measured as GET /agent/storageUsage measures it. Called before an
 * upload is read (refused at once when already full) and after it is stored with its key (removed when it went past).
 */
export async function assertStorageQuota(ctx: AppContext, agentId: number, storedKey?: string): Promise<void> {
  const [quota, usage] = await Promise.all([
    storageQuotaBytes(ctx, agentId),
    storageUsage(ctx.db, { agentId } as Caller, ctx.files),
  ]);
  const full = storedKey === undefined ? usage.bytes >= quota : usage.bytes > quota;
  if (!full) return;
  if (storedKey !== undefined) await ctx.files.remove(storedKey);
  throw forbidden(ERROR_MESSAGES.storageQuotaExceeded, ERROR_CODES.storageQuotaExceeded);
}

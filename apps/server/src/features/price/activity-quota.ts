import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * The activity quota of the agent's current package, or of the free plan when none is current (issue 8: with no
 * package activities were not capped at all): the agent's live (not deleted) activities, archived ones included, stay
 * within it. agent_entitlements decides "current" from expires_at at the moment of the query.
 */
export async function assertActivityQuota(db: Db, agentId: number, adding = 1): Promise<void> {
  // Inside the creating transaction the agent row is the lock (as for sub-accounts): parallel creations take turns.
  if (db.isTransaction) await db.selectFrom('agents').select('id').where('id', '=', agentId).forUpdate().execute();
  const row = await db
    .selectFrom('agentEntitlements')
    .select((eb) => [
      'agentEntitlements.activityQuota',
      eb
        .selectFrom('agentActivityCounts')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<string>('count'), inner.lit(0)).as('n'))
        .whereRef('agentActivityCounts.agentId', '=', 'agentEntitlements.agentId')
        .as('count'),
    ])
    .where('agentEntitlements.agentId', '=', agentId)
    .executeTakeFirst();
  if (row && Number(row.count ?? 0) + adding > row.activityQuota) {
    throw forbidden(ERROR_MESSAGES.activityQuotaExceeded, ERROR_CODES.activityQuotaExceeded);
  }
}

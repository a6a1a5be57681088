import type { AgentUsage } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { agentInTree } from '../../platform/tenancy.ts';
import { toCredit } from './agent-views.ts';

/** GET /agent/agentusage: what an agent (the caller, or one below it) really uses, next to its credit. */
export async function getAgentUsage(ctx: AppContext, caller: Caller, agentId?: number): Promise<AgentUsage> {
  const { db } = ctx;
  const agent =
    agentId === undefined || agentId === caller.agentId ? caller.agent : await agentInTree(db, caller, agentId);
  const [activities, subagents, sms, credit, quota, activityIds] = await Promise.all([
    db
      .selectFrom('agentActivityCounts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('count'), eb.lit(0)).as('n'))
      .where('agentId', '=', agent.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('subagents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('agentId', '=', agent.id)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('smsCodes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('mobile', '=', agent.mobile)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('agentCredits')
      .select(['fluxGb', 'storageGb', 'smsCount'])
      .where('agentId', '=', agent.id)
      .executeTakeFirst(),
    db
      .selectFrom('agentEntitlements')
      .select('subagentQuota')
      .where('agentId', '=', agent.id)
      .executeTakeFirstOrThrow(),
    // Deleted activities too: their files stay until they are purged.
    db.selectFrom('activities').select('id').where('agentId', '=', agent.id).execute(),
  ]);
  return {
    agentId: agent.id,
    activityCount: Number(activities.n),
    subagentCount: Number(subagents.n),
    subagentQuota: quota.subagentQuota,
    storageBytes: await storageBytes(
      ctx.files,
      agent.id,
      activityIds.map((row) => row.id),
    ),
    smsCount: Number(sms.n),
    credit: toCredit(credit),
  };
}

/** Bytes under agent/<id>/ and activity/<activityId>/ of the file storage, on disk or in the bucket (0 where nothing is). */
async function storageBytes(files: FileStorage, agentId: number, activityIds: number[]): Promise<number> {
  const prefixes = [`agent/${agentId}/`, ...activityIds.map((id) => `activity/${id}/`)];
  let total = 0;
  // A few listings at a time: each is a request when the files are in a bucket.
  for (let at = 0; at < prefixes.length; at += 8) {
    const listed = await Promise.all(prefixes.slice(at, at + 8).map((prefix) => files.list(prefix)));
    for (const file of listed.flat()) total += file.size;
  }
  return total;
}

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AgentUsage } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
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
      path.join(ctx.config.dataDir, 'files'),
      agent.id,
      activityIds.map((row) => row.id),
    ),
    smsCount: Number(sms.n),
    credit: toCredit(credit),
  };
}

/** Bytes under files/agent/<id> and files/activity/<activityId> of the local file storage (0 where nothing is). */
async function storageBytes(filesRoot: string, agentId: number, activityIds: number[]): Promise<number> {
  const owned = new Set(activityIds.map(String));
  const activityFolders = (await entries(path.join(filesRoot, 'activity')))
    .filter((entry) => entry.isDirectory() && owned.has(entry.name))
    .map((entry) => path.join(filesRoot, 'activity', entry.name));
  const sizes = await Promise.all(
    [path.join(filesRoot, 'agent', String(agentId)), ...activityFolders].map((folder) => folderSize(folder)),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function entries(folder: string) {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function folderSize(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await entries(folder)) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderSize(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
}

import { type AgentCredit, DEFAULT_AGENT_AREA, DEFAULT_AGENT_MARGIN, type ManagedAgent } from '@yanbo/contracts';
import type { Db } from '../../platform/db/database.ts';

export const NO_CREDIT: AgentCredit = { fluxGb: 0, storageGb: 0, smsCount: 0 };

/** The administration view of agents already known to be in the caller's tree, in the order given. */
export async function loadManagedAgents(db: Db, agents: { id: number; depth: number }[]): Promise<ManagedAgent[]> {
  if (agents.length === 0) return [];
  const rows = await db
    .selectFrom('agents')
    .leftJoin('subagents as manager', (join) =>
      join.onRef('manager.id', '=', 'agents.managerId').on('manager.deletedAt', 'is', null),
    )
    .leftJoin('agentCredits', 'agentCredits.agentId', 'agents.id')
    .innerJoin('agentEntitlements', 'agentEntitlements.agentId', 'agents.id')
    .selectAll('agents')
    .select([
      // What applies now: a lapsed package no longer raises the sub-account quota.
      'agentEntitlements.subagentQuota as currentSubagentQuota',
      'manager.id as managerRowId',
      'manager.username as managerUsername',
      'manager.remark as managerRemark',
      'agentCredits.fluxGb',
      'agentCredits.storageGb',
      'agentCredits.smsCount',
    ])
    .where(
      'agents.id',
      'in',
      agents.map((agent) => agent.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return agents.flatMap(({ id, depth }) => {
    const row = byId.get(id);
    if (!row) return [];
    const extra = row.extra ?? { area: DEFAULT_AGENT_AREA, address: '', margin: DEFAULT_AGENT_MARGIN };
    return [
      {
        id: row.id,
        parentId: row.parentId,
        depth,
        mobile: row.mobile,
        contact: row.contact,
        company: row.company,
        email: row.email,
        status: row.status,
        coopLevel: row.coopLevel,
        extra: {
          area: extra.area ?? DEFAULT_AGENT_AREA,
          address: extra.address ?? '',
          margin: extra.margin ?? DEFAULT_AGENT_MARGIN,
        },
        fieldId: row.fieldId,
        contractStartedAt: row.contractStartedAt?.toISOString() ?? null,
        contractEndedAt: row.contractEndedAt?.toISOString() ?? null,
        managerId: row.managerRowId === null ? null : row.managerId,
        manager:
          row.managerRowId === null
            ? null
            : { id: row.managerRowId, username: row.managerUsername ?? '', remark: row.managerRemark ?? '' },
        subagentQuota: row.currentSubagentQuota,
        credit: toCredit(row),
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

export function toCredit(
  row: { fluxGb: string | null; storageGb: string | null; smsCount: number | null } | undefined,
): AgentCredit {
  if (!row || row.fluxGb === null) return { ...NO_CREDIT };
  return { fluxGb: Number(row.fluxGb), storageGb: Number(row.storageGb), smsCount: Number(row.smsCount) };
}

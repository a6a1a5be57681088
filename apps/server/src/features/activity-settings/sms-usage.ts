import { SMS_RESOURCE_ALLOWANCE, type SmsUsage } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { ownAgent } from '../../platform/tenancy.ts';

const masked = (mobile: string) => (mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile);

/** GET /agent/{id}/sms: the messages sent to the agent's mobile, by purpose and a page at a time, and what is left. */
export async function getSmsUsage(
  db: Db,
  caller: Caller,
  agentId: number,
  query: { page: number; pageSize: number },
): Promise<SmsUsage> {
  ownAgent(caller, agentId);
  const mobile = caller.agent.mobile;
  const [byPurpose, rows] = await Promise.all([
    db
      .selectFrom('smsCodes')
      .select((eb) => ['purpose', eb.fn.countAll<string>().as('n')])
      .where('mobile', '=', mobile)
      .groupBy('purpose')
      .execute(),
    db
      .selectFrom('smsCodes')
      .select(['id', 'mobile', 'purpose', 'createdAt', 'expiresAt', 'consumedAt'])
      .where('mobile', '=', mobile)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const used = byPurpose.reduce((sum, row) => sum + Number(row.n), 0);
  const now = new Date();
  return {
    resource: { total: SMS_RESOURCE_ALLOWANCE, used, remaining: Math.max(0, SMS_RESOURCE_ALLOWANCE - used) },
    byPurpose: Object.fromEntries(byPurpose.map((row) => [row.purpose, Number(row.n)])),
    items: rows.map((row) => ({
      id: row.id,
      mobile: masked(row.mobile),
      purpose: row.purpose,
      status: row.consumedAt ? 'used' : row.expiresAt <= now ? 'expired' : 'sent',
      createdAt: row.createdAt.toISOString(),
    })),
    pager: { page: query.page, pageSize: query.pageSize, total: used },
  };
}

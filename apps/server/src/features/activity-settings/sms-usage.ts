import { maskMobile, SMS_RESOURCE_ALLOWANCE, type SmsUsage } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { ownAgent } from '../../platform/tenancy.ts';

/**
 * GET /agent/{id}/sms: the messages sent to the agent's mobile and for its activities (its viewers' subscribe codes and
 * start reminders), by purpose and a page at a time, and what is left.
 */
export async function getSmsUsage(
  db: Db,
  caller: Caller,
  agentId: number,
  query: { page: number; pageSize: number },
): Promise<SmsUsage> {
  ownAgent(caller, agentId);
  const mobile = caller.agent.mobile;
  const messages = db
    .selectFrom('smsCodes')
    .where((eb) => eb.or([eb('mobile', '=', mobile), eb('agentId', '=', agentId)]));
  const [byPurpose, rows] = await Promise.all([
    messages
      .select((eb) => ['purpose', eb.fn.countAll<string>().as('n')])
      .groupBy('purpose')
      .execute(),
    messages
      .select(['id', 'mobile', 'purpose', 'createdAt', 'expiresAt', 'consumedAt'])
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
      mobile: maskMobile(row.mobile),
      purpose: row.purpose,
      // A reminder is not a code: once sent, it is sent.
      status: row.purpose === 'reminder' ? 'sent' : row.consumedAt ? 'used' : row.expiresAt <= now ? 'expired' : 'sent',
      createdAt: row.createdAt.toISOString(),
    })),
    pager: { page: query.page, pageSize: query.pageSize, total: used },
  };
}

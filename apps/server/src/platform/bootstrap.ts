import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { hashPassword } from './crypto.ts';

/** The top-level agent that may create lower-level agents, created from ADMIN_MOBILE / ADMIN_PASSWORD on first start. */
export const ADMIN_COOP_LEVEL = 3;

export async function ensureAdminAgent(ctx: AppContext, log: FastifyBaseLogger) {
  const { adminMobile, adminPassword } = ctx.config;
  if (!adminMobile || !adminPassword) return;
  const any = await ctx.db.selectFrom('agents').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await ctx.db
    .insertInto('agents')
    .values({
      mobile: adminMobile,
      passwordHash: await hashPassword(adminPassword),
      contact: '管理员',
      coopLevel: ADMIN_COOP_LEVEL,
    })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .execute();
  log.info(`created the top-level agent ${adminMobile}`);
}

import type { z } from 'zod';
import type { Db } from './db/database.ts';

// Sections of settings kept as JSON per activity (template, watch code, share card, ...) and per agent (default and
// overall media). Each section's contract checks what is written; what is read is merged over the section's defaults
// and checked again, so a field added to a contract later gets its default instead of breaking old rows.

export type ActivitySection =
  | 'template'
  | 'playlist'
  | 'watchcode'
  | 'shareCard'
  | 'invitation'
  | 'liveTranscode'
  | 'manager'
  | 'media'
  | 'commentFilter'
  // The per-view price (issue 13, features/finance/paid-view.ts).
  | 'payConfig';
export type AgentSection = 'globalMedia' | 'defaultMedia';

function merged<T>(schema: z.ZodType<T>, defaults: T, stored: unknown): T {
  if (stored === undefined || stored === null || typeof stored !== 'object' || Array.isArray(stored)) return defaults;
  const parsed = schema.safeParse({ ...defaults, ...(stored as object) });
  return parsed.success ? parsed.data : defaults;
}

export async function readActivitySection<T>(
  db: Db,
  activityId: number,
  section: ActivitySection,
  schema: z.ZodType<T>,
  defaults: T,
): Promise<{ value: T; stored: boolean }> {
  const row = await db
    .selectFrom('activitySettings')
    .select('data')
    .where('activityId', '=', activityId)
    .where('section', '=', section)
    .executeTakeFirst();
  return { value: merged(schema, defaults, row?.data), stored: row !== undefined };
}

export async function writeActivitySection<T>(
  db: Db,
  agentId: number,
  activityId: number,
  section: ActivitySection,
  value: T,
): Promise<T> {
  const data = JSON.stringify(value);
  await db
    .insertInto('activitySettings')
    .values({ activityId, section, agentId, data })
    .onConflict((oc) => oc.columns(['activityId', 'section']).doUpdateSet({ data, updatedAt: new Date() }))
    .execute();
  return value;
}

export async function readAgentSection<T>(
  db: Db,
  agentId: number,
  section: AgentSection,
  schema: z.ZodType<T>,
  defaults: T,
): Promise<T> {
  const row = await db
    .selectFrom('agentSettings')
    .select('data')
    .where('agentId', '=', agentId)
    .where('section', '=', section)
    .executeTakeFirst();
  return merged(schema, defaults, row?.data);
}

export async function writeAgentSection<T>(db: Db, agentId: number, section: AgentSection, value: T): Promise<T> {
  const data = JSON.stringify(value);
  await db
    .insertInto('agentSettings')
    .values({ agentId, section, data })
    .onConflict((oc) => oc.columns(['agentId', 'section']).doUpdateSet({ data, updatedAt: new Date() }))
    .execute();
  return value;
}

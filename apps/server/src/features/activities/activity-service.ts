import {
  type ActivityDetail,
  type ActivityInput,
  type ActivitySubagent,
  type ActivityUpdate,
  ERROR_MESSAGES,
  FAR_FUTURE_ENDED_AT,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ActivityRow, NewActivity } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, invalidField, notFound } from '../../platform/errors.ts';
import { ownActivity, ownRow, ownRows, scopeActivities } from '../../platform/tenancy.ts';
import { assertActivityQuota } from '../price/index.ts';
import { passwordForOwner } from '../subaccounts/index.ts';
import { progressOf, toEndedAt } from './activity-list.ts';
import { newStream, sdIsLive, streamAddresses } from './activity-stream.ts';

const nameExists = () => badRequest(ERROR_MESSAGES.activityNameExists, undefined, 'name');
const isNameExists = (error: unknown) => (error as { message?: string })?.message === ERROR_MESSAGES.activityNameExists;

/** Group, category and sub-account ids from a body must be the caller's own (or global, for categories). */
async function checkReferences(db: Db, caller: Caller, input: ActivityUpdate) {
  if (input.groupId) {
    await ownRow(db, 'activityGroups', caller, input.groupId, ERROR_MESSAGES.activityGroupNotFound);
  }
  if (input.categoryId) {
    const category = await db
      .selectFrom('categories')
      .select('id')
      .where('id', '=', input.categoryId)
      .executeTakeFirst();
    if (!category) throw invalidField('categoryId', 'Unknown category');
  }
  if (input.subagentId) {
    const subagent = await ownRows(db, 'subagents', caller)
      .select('id')
      .where('id', '=', input.subagentId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!subagent) throw invalidField('subagentId', 'Unknown sub-account');
  }
  if (input.startedAt && input.endedAt && new Date(input.endedAt) <= new Date(input.startedAt)) {
    throw invalidField('endedAt', 'The end must come after the start');
  }
}

/** The sub-account an activity belongs to, as a list row carries it (the password for the main account only). */
async function activitySubagentOf(ctx: AppContext, caller: Caller, row: ActivityRow): Promise<ActivitySubagent | null> {
  if (row.subagentId === null) return null;
  const subagent = await ctx.db
    .selectFrom('subagents')
    .select(['id', 'username', 'passwordSealed'])
    .where('id', '=', row.subagentId)
    .where('agentId', '=', row.agentId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!subagent) return null;
  return {
    id: subagent.id,
    username: subagent.username,
    cleartextPassword: passwordForOwner(ctx.secretKey, caller, subagent.passwordSealed),
  };
}

export async function toActivityDetail(ctx: AppContext, caller: Caller, row: ActivityRow): Promise<ActivityDetail> {
  return {
    id: row.id,
    agentId: row.agentId,
    subagent: await activitySubagentOf(ctx, caller, row),
    name: row.name,
    type: row.type,
    status: row.status,
    progress: progressOf(row.startedAt, row.endedAt),
    isPushing: row.isPushing,
    isArchived: row.isArchived,
    groupId: row.groupId,
    subagentId: row.subagentId,
    catalogId: row.catalogId,
    categoryId: row.categoryId,
    cover: row.cover,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: toEndedAt(row.endedAt),
    createdAt: row.createdAt.toISOString(),
    meta: { liveMode: row.meta?.liveMode ?? 'pull', relayUrl: row.meta?.relayUrl ?? '' },
    spend: Number(row.spend),
    stream: streamAddresses(ctx.secretKey, ctx.config, row, await sdIsLive(ctx, row)),
  };
}

export async function getActivity(ctx: AppContext, caller: Caller, activityId: number): Promise<ActivityDetail> {
  const row = await scopeActivities(ctx.db.selectFrom('activities').selectAll('activities'), caller)
    .where('activities.id', '=', activityId)
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return toActivityDetail(ctx, caller, row);
}

function newActivityValues(caller: Caller, input: ActivityInput): NewActivity {
  return {
    agentId: caller.agentId,
    // A sub-account's activities are its own.
    subagentId: caller.subagentId ?? input.subagentId,
    name: input.name,
    type: input.type,
    startedAt: input.startedAt,
    endedAt: input.endedAt ?? FAR_FUTURE_ENDED_AT,
    categoryId: input.categoryId,
    groupId: input.groupId,
    cover: input.cover,
  };
}

/** Inserts with a fresh stream; a taken name answers the seed's message. */
async function insertActivity(
  ctx: AppContext,
  db: Db,
  values: Omit<NewActivity, 'stream' | 'streamKeySealed'>,
): Promise<ActivityRow> {
  // The quota check and the insert share a transaction holding the agent row, so parallel creations cannot pass
  // the package's activity cap together.
  if (!db.isTransaction) return db.transaction().execute((trx) => insertActivity(ctx, trx, values));
  await assertActivityQuota(db, values.agentId);
  try {
    return await db
      .insertInto('activities')
      .values({ ...values, ...newStream(ctx.secretKey) })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'activities_agent_name_idx')) throw nameExists();
    throw error;
  }
}

export async function createActivity(ctx: AppContext, caller: Caller, input: ActivityInput): Promise<ActivityDetail> {
  const values = newActivityValues(caller, input);
  await checkReferences(ctx.db, caller, { ...input, subagentId: values.subagentId });
  return toActivityDetail(ctx, caller, await insertActivity(ctx, ctx.db, values));
}

export async function updateActivity(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  input: ActivityUpdate,
): Promise<ActivityDetail> {
  await ownActivity(ctx.db, caller, activityId);
  const changes = { ...input };
  if (caller.subagentId !== null) delete changes.subagentId;
  await checkReferences(ctx.db, caller, changes);
  const { endedAt, ...rest } = changes;
  try {
    const row = await ctx.db
      .updateTable('activities')
      .set({
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...(endedAt !== undefined ? { endedAt: endedAt ?? FAR_FUTURE_ENDED_AT } : {}),
        updatedAt: new Date(),
      })
      .where('id', '=', activityId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toActivityDetail(ctx, caller, row);
  } catch (error) {
    if (isUniqueViolation(error, 'activities_agent_name_idx')) throw nameExists();
    throw error;
  }
}

/** Deletes one or many of the caller's activities; ids that are not the caller's make the whole call 404. */
export async function deleteActivities(ctx: AppContext, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const owned = await scopeActivities(ctx.db.selectFrom('activities').select('activities.id'), caller)
    .where('activities.id', 'in', unique)
    .execute();
  if (owned.length !== unique.length) throw notFound(ERROR_MESSAGES.activityNotFound);
  await ctx.db.updateTable('activities').set({ deletedAt: new Date() }).where('id', 'in', unique).execute();
  return { ok: true as const };
}

export async function archiveActivity(ctx: AppContext, caller: Caller, activityId: number, isArchived: boolean) {
  await ownActivity(ctx.db, caller, activityId);
  const row = await ctx.db
    .updateTable('activities')
    .set({ isArchived, updatedAt: new Date() })
    .where('id', '=', activityId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toActivityDetail(ctx, caller, row);
}

/**
 * A copy with a new stream, under the given name or the first free "<name> (副本 n)": the activity's schedule and
 * channel settings, and its configuration (page template, menu, playlist, share card, invitation, manager, media
 * lists, watch code, extension settings), all in one transaction.
 */
export async function copyActivity(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  name?: string,
): Promise<ActivityDetail> {
  await ownActivity(ctx.db, caller, activityId);
  const source = await ctx.db
    .selectFrom('activities')
    .selectAll()
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow();
  const copyName = name ?? (await freeCopyName(ctx.db, caller, source.name));
  const row = await ctx.db.transaction().execute(async (trx) => {
    const copy = await insertActivity(ctx, trx, {
      agentId: source.agentId,
      subagentId: source.subagentId,
      groupId: source.groupId,
      // A copy is in no catalog: an activity is in one catalog at most (seed 001 §8), and only through a chapter.
      catalogId: null,
      categoryId: source.categoryId,
      name: copyName,
      type: source.type,
      status: source.status,
      cover: source.cover,
      startedAt: source.startedAt,
      endedAt: source.endedAt,
      meta: JSON.stringify(source.meta ?? { liveMode: 'pull' }),
    });
    await trx
      .insertInto('activitySettings')
      .columns(['activityId', 'section', 'agentId', 'data'])
      .expression((eb) =>
        eb
          .selectFrom('activitySettings')
          .select([eb.val(copy.id).as('activityId'), 'section', 'agentId', 'data'])
          .where('activityId', '=', activityId),
      )
      .execute();
    await trx
      .insertInto('activityExtensions')
      .columns(['activityId', 'identity', 'agentId', 'enabled', 'settings'])
      .expression((eb) =>
        eb
          .selectFrom('activityExtensions')
          .select([eb.val(copy.id).as('activityId'), 'identity', 'agentId', 'enabled', 'settings'])
          .where('activityId', '=', activityId),
      )
      .execute();
    return copy;
  });
  return toActivityDetail(ctx, caller, row);
}

/**
 * Copy channel: a new activity with the channel's settings only (type, category, group, cover, live mode) and its own
 * stream, without the original's schedule; copy (above) keeps the schedule too.
 */
export async function copyChannel(ctx: AppContext, caller: Caller, activityId: number): Promise<ActivityDetail> {
  await ownActivity(ctx.db, caller, activityId);
  const source = await ctx.db
    .selectFrom('activities')
    .selectAll()
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow();
  const row = await insertActivity(ctx, ctx.db, {
    agentId: source.agentId,
    subagentId: source.subagentId,
    groupId: source.groupId,
    categoryId: source.categoryId,
    name: await freeCopyName(ctx.db, caller, source.name),
    type: source.type,
    cover: source.cover,
    endedAt: FAR_FUTURE_ENDED_AT,
    meta: JSON.stringify({ liveMode: source.meta?.liveMode ?? 'pull', relayUrl: source.meta?.relayUrl ?? '' }),
  });
  return toActivityDetail(ctx, caller, row);
}

async function freeCopyName(db: Db, caller: Caller, sourceName: string): Promise<string> {
  const prefix = `${sourceName} (副本 `;
  const taken = await ownRows(db, 'activities', caller)
    .select('name')
    .where('deletedAt', 'is', null)
    .where(sql<boolean>`starts_with(name, ${prefix})`)
    .execute();
  const names = new Set(taken.map((row) => row.name));
  let n = 1;
  while (names.has(`${prefix}${n})`)) n++;
  return `${prefix}${n})`.slice(0, 60);
}

/** Several activities in one transaction: one bad or duplicate name and none is created. */
export async function createActivities(ctx: AppContext, caller: Caller, inputs: ActivityInput[]) {
  const names = inputs.map((input) => input.name);
  const repeated = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (repeated >= 0) throw badRequest(ERROR_MESSAGES.activityNameExists, undefined, `activities.${repeated}.name`);
  for (const input of inputs) {
    await checkReferences(ctx.db, caller, { ...input, subagentId: caller.subagentId ?? input.subagentId });
  }
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const created: ActivityRow[] = [];
    for (const [index, input] of inputs.entries()) {
      try {
        created.push(await insertActivity(ctx, trx, newActivityValues(caller, input)));
      } catch (error) {
        // A name another activity already has: say which of the batch it is.
        if (isUniqueViolation(error, 'activities_agent_name_idx') || isNameExists(error)) {
          throw badRequest(ERROR_MESSAGES.activityNameExists, undefined, `activities.${index}.name`);
        }
        throw error;
      }
    }
    return created;
  });
  return { items: await Promise.all(rows.map((row) => toActivityDetail(ctx, caller, row))) };
}

/** The sub-accounts of the caller's agent, for the list's sub-account filter (a sub-account sees itself). */
export async function listActivitySubagents(db: Db, caller: Caller) {
  let query = ownRows(db, 'subagents', caller).select(['id', 'remark', 'username']).where('deletedAt', 'is', null);
  if (caller.subagentId !== null) query = query.where('id', '=', caller.subagentId);
  const rows = await query.orderBy('id').execute();
  return { items: rows.map((row) => ({ id: row.id, remark: row.remark || row.username })) };
}

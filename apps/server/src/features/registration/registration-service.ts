import {
  type ActivityRegistration,
  type BindingList,
  ERROR_MESSAGES,
  REGISTRATION_ERRORS,
  type RecordList,
  type Registration,
  type RegistrationConfig,
  type RegistrationField,
  type RegistrationKind,
  type RegistrationRecord,
  type ReviewStatus,
  registrationConfig,
  registrationField,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { ownRows, scopeActivities } from '../../platform/tenancy.ts';

// Registration forms and their bindings (issue 12). Forms belong to the agent; a sub-account sees only the forms it
// made, and binds only its own activities (its scope of activities, ARCHITECTURE.md "Tenancy"); the main account sees
// every form of the agent.

type RegistrationRow = {
  id: number;
  kind: RegistrationKind;
  name: string;
  fields: unknown;
  config: unknown;
  subagentId: number | null;
  createdAt: Date;
  updatedAt: Date;
};

const storedFields = z.array(registrationField);
/** Stored jsonb read back through the contract: a set that no longer parses (a later rule) answers its defaults. */
export const fieldsOf = (row: { fields: unknown }): RegistrationField[] => {
  const parsed = storedFields.safeParse(row.fields);
  return parsed.success ? parsed.data : [];
};
export const configOf = (row: { config: unknown }): RegistrationConfig => {
  const parsed = registrationConfig.safeParse(row.config ?? {});
  return parsed.success ? parsed.data : registrationConfig.parse({});
};

function scopeRegistrations(db: Db, caller: Caller) {
  const base = ownRows(db, 'registrations', caller);
  return caller.subagentId === null ? base : base.where('registrations.subagentId', '=', caller.subagentId);
}

const ROW_COLUMNS = [
  'registrations.id',
  'registrations.kind',
  'registrations.name',
  'registrations.fields',
  'registrations.config',
  'registrations.subagentId',
  'registrations.createdAt',
  'registrations.updatedAt',
] as const;

/** A form id from a URL: the caller's (a sub-account's own), or 404 Registration Not Found. */
export async function ownRegistration(db: Db, caller: Caller, registrationId: number): Promise<RegistrationRow> {
  const row = await scopeRegistrations(db, caller)
    .select(ROW_COLUMNS)
    .where('registrations.id', '=', registrationId)
    .executeTakeFirst();
  if (!row) throw notFound(REGISTRATION_ERRORS.registrationNotFound);
  return row;
}

async function countsOf(db: Db, ids: number[]) {
  const counts = new Map<number, { bindings: number; records: number; pending: number }>();
  for (const id of ids) counts.set(id, { bindings: 0, records: 0, pending: 0 });
  if (ids.length === 0) return counts;
  const [bindings, records] = await Promise.all([
    db
      .selectFrom('registrationActivities')
      .innerJoin('activities', 'activities.id', 'registrationActivities.activityId')
      .select(['registrationActivities.registrationId as id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('registrationActivities.registrationId', 'in', ids)
      .where('activities.deletedAt', 'is', null)
      .groupBy('registrationActivities.registrationId')
      .execute(),
    db
      .selectFrom('registrationRecords')
      .select([
        'registrationId as id',
        (eb) => eb.fn.countAll<string>().as('count'),
        sql<string>`count(*) filter (where status = 'pending')`.as('pending'),
      ])
      .where('registrationId', 'in', ids)
      .groupBy('registrationId')
      .execute(),
  ]);
  for (const row of bindings) (counts.get(row.id) as { bindings: number }).bindings = Number(row.count);
  for (const row of records) {
    const entry = counts.get(row.id) as { records: number; pending: number };
    entry.records = Number(row.count);
    entry.pending = Number(row.pending);
  }
  return counts;
}

function toRegistration(
  row: RegistrationRow,
  counts: { bindings: number; records: number; pending: number },
): Registration {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    fields: fieldsOf(row),
    config: configOf(row),
    ...counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function answer(db: Db, row: RegistrationRow): Promise<Registration> {
  const counts = await countsOf(db, [row.id]);
  return toRegistration(row, counts.get(row.id) as { bindings: number; records: number; pending: number });
}

/** GET /v3/registration */
export async function listRegistrations(
  db: Db,
  caller: Caller,
  query: { page: number; pageSize: number; kind: RegistrationKind; name?: string | undefined },
) {
  let base = scopeRegistrations(db, caller).where('registrations.kind', '=', query.kind);
  if (query.name) base = base.where('registrations.name', 'ilike', containing(query.name));
  const listed = await page(base.select(ROW_COLUMNS).orderBy('registrations.id', 'desc'), query);
  const counts = await countsOf(
    db,
    listed.items.map((row) => row.id),
  );
  return {
    items: listed.items.map((row) =>
      toRegistration(row, counts.get(row.id) as { bindings: number; records: number; pending: number }),
    ),
    pager: listed.pager,
  };
}

/** GET /v3/registration/{id} */
export async function getRegistration(db: Db, caller: Caller, registrationId: number): Promise<Registration> {
  return answer(db, await ownRegistration(db, caller, registrationId));
}

/** POST /v3/registration */
export async function createRegistration(
  db: Db,
  caller: Caller,
  input: { kind: RegistrationKind; name: string; fields: RegistrationField[]; config: RegistrationConfig },
): Promise<Registration> {
  const row = await db
    .insertInto('registrations')
    .values({
      agentId: caller.agentId,
      subagentId: caller.subagentId,
      kind: input.kind,
      name: input.name,
      fields: JSON.stringify(input.fields),
      config: JSON.stringify(input.config),
    })
    .returning(['id', 'kind', 'name', 'fields', 'config', 'subagentId', 'createdAt', 'updatedAt'])
    .executeTakeFirstOrThrow();
  return answer(db, row);
}

/** PATCH /v3/registration/{id}: records already in keep their answers (a removed field's answer stays, unshown). */
export async function updateRegistration(
  db: Db,
  caller: Caller,
  registrationId: number,
  input: {
    name?: string | undefined;
    fields?: RegistrationField[] | undefined;
    config?: RegistrationConfig | undefined;
  },
): Promise<Registration> {
  await ownRegistration(db, caller, registrationId);
  await db
    .updateTable('registrations')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.fields !== undefined ? { fields: JSON.stringify(input.fields) } : {}),
      ...(input.config !== undefined ? { config: JSON.stringify(input.config) } : {}),
      updatedAt: new Date(),
    })
    .where('id', '=', registrationId)
    .where('agentId', '=', caller.agentId)
    .execute();
  return answer(db, await ownRegistration(db, caller, registrationId));
}

/** DELETE /v3/registration/{id}: its bindings and records go with it (the activities play ungated again). */
export async function deleteRegistration(db: Db, caller: Caller, registrationId: number) {
  await ownRegistration(db, caller, registrationId);
  await db.deleteFrom('registrations').where('id', '=', registrationId).where('agentId', '=', caller.agentId).execute();
  return { ok: true as const };
}

/** POST /v3/registration/{id}/duplicate: the fields and page, named as a copy; no bindings, no records. */
export async function duplicateRegistration(db: Db, caller: Caller, registrationId: number): Promise<Registration> {
  const source = await ownRegistration(db, caller, registrationId);
  const name = [...`${source.name} 副本`].slice(0, 60).join('');
  return createRegistration(db, caller, {
    kind: source.kind,
    name,
    fields: fieldsOf(source),
    config: configOf(source),
  });
}

/** GET|PUT /v3/registration/{id}/hash/0: the page config on its own. */
export async function getRegistrationConfig(db: Db, caller: Caller, registrationId: number) {
  return configOf(await ownRegistration(db, caller, registrationId));
}
export async function saveRegistrationConfig(
  db: Db,
  caller: Caller,
  registrationId: number,
  config: RegistrationConfig,
): Promise<RegistrationConfig> {
  await updateRegistration(db, caller, registrationId, { config });
  return config;
}

/** The activities given, each the caller's (a sub-account's own), or 404 Activity Not Found for the lot. */
async function ownActivities(db: Db, caller: Caller, activityIds: number[]): Promise<number[]> {
  const unique = [...new Set(activityIds)];
  const rows = await scopeActivities(db.selectFrom('activities').select('activities.id'), caller)
    .where('activities.id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) throw notFound(ERROR_MESSAGES.activityNotFound);
  return unique;
}

/**
 * POST /v3/registration/{id}/bind. Seed 001 §8: one registration per activity; an activity bound to another
 * registration (of the same kind) refuses the whole call with 添加失败，活动已被应用在其它报名表下, nothing written.
 * Binding again to the same one changes nothing.
 */
export async function bindRegistration(
  db: Db,
  caller: Caller,
  registrationId: number,
  activityIds: number[],
): Promise<Registration> {
  const registration = await ownRegistration(db, caller, registrationId);
  const ids = await ownActivities(db, caller, activityIds);
  try {
    await db.transaction().execute(async (trx) => {
      const held = await trx
        .selectFrom('registrationActivities')
        .select(['activityId', 'registrationId'])
        .where('activityId', 'in', ids)
        .where('kind', '=', registration.kind)
        .execute();
      if (held.some((row) => row.registrationId !== registrationId)) {
        throw badRequest(REGISTRATION_ERRORS.activityInOtherRegistration, undefined, 'activityIds');
      }
      await trx
        .insertInto('registrationActivities')
        .values(
          ids.map((activityId) => ({ activityId, registrationId, kind: registration.kind, agentId: caller.agentId })),
        )
        .onConflict((oc) => oc.columns(['activityId', 'kind']).doNothing())
        .execute();
      // A binding another request made meanwhile is the other registration's: the rule still holds.
      const after = await trx
        .selectFrom('registrationActivities')
        .select('registrationId')
        .where('activityId', 'in', ids)
        .where('kind', '=', registration.kind)
        .execute();
      if (after.some((row) => row.registrationId !== registrationId)) {
        throw badRequest(REGISTRATION_ERRORS.activityInOtherRegistration, undefined, 'activityIds');
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw badRequest(REGISTRATION_ERRORS.activityInOtherRegistration, undefined, 'activityIds');
    }
    throw error;
  }
  return answer(db, registration);
}

/** POST /v3/registration/{id}/unbind: an activity not bound to this form is refused, nothing written. */
export async function unbindRegistration(
  db: Db,
  caller: Caller,
  registrationId: number,
  activityIds: number[],
): Promise<Registration> {
  const registration = await ownRegistration(db, caller, registrationId);
  const ids = await ownActivities(db, caller, activityIds);
  const bound = await db
    .selectFrom('registrationActivities')
    .select('activityId')
    .where('registrationId', '=', registrationId)
    .where('activityId', 'in', ids)
    .execute();
  if (bound.length !== ids.length) throw badRequest(REGISTRATION_ERRORS.notBound, undefined, 'activityIds');
  await db
    .deleteFrom('registrationActivities')
    .where('registrationId', '=', registrationId)
    .where('activityId', 'in', ids)
    .execute();
  return answer(db, registration);
}

/** GET /v3/registration/{id}/bindings: a sub-account sees its own activities among them. */
export async function listBindings(
  db: Db,
  caller: Caller,
  registrationId: number,
  query: { page: number; pageSize: number },
): Promise<BindingList> {
  await ownRegistration(db, caller, registrationId);
  let base = db
    .selectFrom('registrationActivities')
    .innerJoin('activities', 'activities.id', 'registrationActivities.activityId')
    .where('registrationActivities.registrationId', '=', registrationId)
    .where('activities.agentId', '=', caller.agentId)
    .where('activities.deletedAt', 'is', null);
  if (caller.subagentId !== null) base = base.where('activities.subagentId', '=', caller.subagentId);
  const listed = await page(
    base
      .select([
        'activities.id',
        'activities.name',
        'activities.status',
        'activities.startedAt',
        'registrationActivities.createdAt',
      ])
      .orderBy('registrationActivities.createdAt', 'desc')
      .orderBy('activities.id', 'desc'),
    query,
  );
  return {
    items: listed.items.map((row) => ({
      activityId: row.id,
      name: row.name,
      status: row.status,
      startedAt: row.startedAt?.toISOString() ?? null,
      boundAt: row.createdAt.toISOString(),
    })),
    pager: listed.pager,
  };
}

/** The enrol form bound to an activity (by id, already checked), or undefined. */
export async function boundRegistration(db: Db, activityId: number, kind: RegistrationKind = 'enroll') {
  return db
    .selectFrom('registrationActivities')
    .innerJoin('registrations', 'registrations.id', 'registrationActivities.registrationId')
    .select(ROW_COLUMNS)
    .where('registrationActivities.activityId', '=', activityId)
    .where('registrationActivities.kind', '=', kind)
    .executeTakeFirst();
}

/**
 * The registration each of these activities is bound to (seed 001 §8: a catalog's chapter refuses an activity bound to
 * a registration, 添加失败，活动已被应用在其它报名表下), for the features that apply the rule.
 */
export async function registrationsOfActivities(db: Db, activityIds: readonly number[]): Promise<Map<number, number>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('registrationActivities')
    .select(['activityId', 'registrationId'])
    .where('activityId', 'in', [...activityIds])
    .where('kind', '=', 'enroll')
    .execute();
  return new Map(rows.map((row) => [row.activityId, row.registrationId]));
}

/** GET /v3/activity/{id}/registration */
export async function getActivityRegistration(
  db: Db,
  caller: Caller,
  activityId: number,
): Promise<ActivityRegistration> {
  const [checked] = await ownActivities(db, caller, [activityId]);
  const row = await boundRegistration(db, checked as number);
  return { registration: row ? await answer(db, row) : null };
}

// ---------------------------------------------------------------------------------------------------------------
// Records

type RecordRow = {
  id: number;
  registrationId: number;
  activityId: number | null;
  mobile: string | null;
  answers: unknown;
  status: ReviewStatus;
  reason: string;
  source: 'form' | 'whitelist';
  createdAt: Date;
  reviewedAt: Date | null;
};
export const RECORD_COLUMNS = [
  'registrationRecords.id',
  'registrationRecords.registrationId',
  'registrationRecords.activityId',
  'registrationRecords.mobile',
  'registrationRecords.answers',
  'registrationRecords.status',
  'registrationRecords.reason',
  'registrationRecords.source',
  'registrationRecords.createdAt',
  'registrationRecords.reviewedAt',
] as const;

const storedAnswers = z.record(z.string(), z.unknown());
export function toRecord(row: RecordRow): RegistrationRecord {
  const parsed = storedAnswers.safeParse(row.answers);
  return {
    id: row.id,
    registrationId: row.registrationId,
    activityId: row.activityId,
    mobile: row.mobile,
    answers: (parsed.success ? parsed.data : {}) as RegistrationRecord['answers'],
    status: row.status,
    reason: row.reason,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** GET /v3/registration/record */
export async function listRecords(
  db: Db,
  caller: Caller,
  query: {
    page: number;
    pageSize: number;
    registrationId: number;
    activityId?: number | undefined;
    status?: ReviewStatus | undefined;
    mobile?: string | undefined;
  },
): Promise<RecordList> {
  await ownRegistration(db, caller, query.registrationId);
  let base = db
    .selectFrom('registrationRecords')
    .where('registrationRecords.registrationId', '=', query.registrationId);
  if (query.activityId !== undefined) base = base.where('registrationRecords.activityId', '=', query.activityId);
  if (query.status) base = base.where('registrationRecords.status', '=', query.status);
  if (query.mobile) base = base.where('registrationRecords.mobile', 'like', `${query.mobile}%`);
  const listed = await page(base.select(RECORD_COLUMNS).orderBy('registrationRecords.id', 'desc'), query);
  return { items: listed.items.map(toRecord), pager: listed.pager };
}

/** A record id from a URL: one of the caller's forms' (a sub-account's own forms), or 404. */
export async function ownRecord(db: Db, caller: Caller, recordId: number) {
  let query = db
    .selectFrom('registrationRecords')
    .innerJoin('registrations', 'registrations.id', 'registrationRecords.registrationId')
    .select(['registrationRecords.id', 'registrationRecords.registrationId'])
    .where('registrationRecords.id', '=', recordId)
    .where('registrations.agentId', '=', caller.agentId);
  if (caller.subagentId !== null) query = query.where('registrations.subagentId', '=', caller.subagentId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(REGISTRATION_ERRORS.recordNotFound);
  return row;
}

/** DELETE /v3/registration/record/{id}: the person fills the form again next time (a whitelist person is let go). */
export async function deleteRecord(db: Db, caller: Caller, recordId: number) {
  const record = await ownRecord(db, caller, recordId);
  await db
    .deleteFrom('registrationRecords')
    .where('id', '=', record.id)
    .where('agentId', '=', caller.agentId)
    .execute();
  return { ok: true as const };
}

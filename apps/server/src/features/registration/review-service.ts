import { REGISTRATION_ERRORS, type ReviewStatus } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { ownRegistration, RECORD_COLUMNS, toRecord } from './registration-service.ts';

// Review per registered person (seed 001 §4 "Registration review"; issue 12): a record is set to pending, approved or
// rejected with a reason, and the person is told by SMS of an approval or a rejection. Whitelist mobiles are people
// the agent lets in without the form: approved records of their own, found by the mobile they sign in with.

/** The outcome as the review SMS words it. */
const RESULT_TEXT: Partial<Record<ReviewStatus, string>> = { approved: '已通过', rejected: '未通过' };

export interface ReviewDeps {
  db: Db;
  sms: SmsProvider;
  log: (line: string) => void;
}

/** POST /v3/registration/{id}/review */
export async function reviewRegistration(
  deps: ReviewDeps,
  caller: Caller,
  registrationId: number,
  input: { recordIds?: number[] | undefined; mobiles?: string[] | undefined; status: ReviewStatus; reason: string },
) {
  const { db } = deps;
  const registration = await ownRegistration(db, caller, registrationId);
  const now = new Date();
  if (input.mobiles) {
    const mobiles = [...new Set(input.mobiles)];
    const rows = await db
      .insertInto('registrationRecords')
      .values(
        mobiles.map((mobile) => ({
          registrationId,
          agentId: caller.agentId,
          personKey: `m:${mobile}`,
          mobile,
          status: 'approved' as const,
          source: 'whitelist' as const,
          reviewedAt: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['registrationId', 'personKey']).doUpdateSet({ status: 'approved', reason: '', reviewedAt: now }),
      )
      .returning([
        'id',
        'registrationId',
        'activityId',
        'mobile',
        'answers',
        'status',
        'reason',
        'source',
        'createdAt',
        'reviewedAt',
      ])
      .execute();
    return { items: rows.map(toRecord) };
  }
  const ids = [...new Set(input.recordIds ?? [])];
  const reason = input.status === 'rejected' ? input.reason : '';
  const changed = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('registrationRecords')
      .select(['id', 'status', 'mobile'])
      .where('registrationId', '=', registrationId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    if (before.length !== ids.length) throw notFound(REGISTRATION_ERRORS.recordNotFound);
    await trx
      .updateTable('registrationRecords')
      .set({ status: input.status, reason, reviewedAt: input.status === 'pending' ? null : now, updatedAt: now })
      .where('registrationId', '=', registrationId)
      .where('id', 'in', ids)
      .execute();
    return before.filter((row) => row.status !== input.status && row.mobile !== null);
  });
  const result = RESULT_TEXT[input.status];
  if (result) await tellPeople(deps, caller.agentId, registration.name, result, changed);
  const rows = await db
    .selectFrom('registrationRecords')
    .select(RECORD_COLUMNS)
    .where('registrationId', '=', registrationId)
    .where('id', 'in', ids)
    .orderBy('id', 'desc')
    .execute();
  return { items: rows.map(toRecord) };
}

/**
 * The review SMS, once per changed record: a refusal is logged (the review stands; the console shows the status), and
 * each sent message counts in the agent's SMS usage, as reminders do.
 */
async function tellPeople(
  deps: ReviewDeps,
  agentId: number,
  form: string,
  result: string,
  people: { id: number; mobile: string | null }[],
) {
  const sent = await Promise.allSettled(
    people.map((person) => deps.sms.send({ mobile: person.mobile as string, purpose: 'review', form, result })),
  );
  const now = new Date();
  const delivered = people.filter((_, index) => sent[index]?.status === 'fulfilled');
  for (const [index, outcome] of sent.entries()) {
    if (outcome.status === 'rejected') {
      const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      deps.log(`review SMS for record ${people[index]?.id} refused: ${reason}`);
    }
  }
  if (delivered.length > 0) {
    await deps.db
      .insertInto('smsCodes')
      .values(
        delivered.map((person) => ({
          mobile: person.mobile as string,
          purpose: 'review',
          codeHash: '',
          agentId,
          expiresAt: now,
        })),
      )
      .execute();
  }
}

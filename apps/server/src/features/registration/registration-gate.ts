import { areaList } from '@vant/area-data';
import {
  ERROR_CODES,
  FILES_URL_PREFIX,
  REGISTRATION_ERRORS,
  type RegistrationGate,
  type RegistrationKind,
  type ReviewStatus,
  validateAnswers,
  type WatchRegistration,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, invalidField, notFound, tooManyRequests } from '../../platform/errors.ts';
import { type RateLimitStore, secondsUntil } from '../../platform/rate-limit.ts';
import { readExtraFields, recordPersonExtra } from '../audience/index.ts';
import { type AudienceViewer, publicActivity } from '../watch/index.ts';
import { registrationFileFolder } from './registration-file.ts';
import { boundRegistration, configOf, fieldsOf } from './registration-service.ts';

// The watch page's registration gate (issue 12): an activity bound to a registration asks for the form before it
// plays; a form that needs review holds the person at 等待审核 until the console approves, a rejection shows its
// reason, and an approved person goes straight in next time, known by the mobile it signed in with on any device, or
// by its browser's signed viewer id when the form asks no mobile.

const regionCodes = new Set(
  [areaList.province_list, areaList.city_list, areaList.county_list].flatMap((list) => Object.keys(list).map(Number)),
);
const isKnownRegion = (code: number) => regionCodes.has(code);

/** Submissions one address may send per window (a venue's shared Wi-Fi included). */
const SUBMITS_PER_ADDRESS = 60;
const SUBMIT_WINDOW_MS = 15 * 60_000;

/** The keys a viewer's record may be under: its proved mobile first, then its ids. */
function personKeys(viewer: AudienceViewer): string[] {
  const keys: string[] = [];
  if (viewer.mobile) keys.push(`m:${viewer.mobile}`);
  if (viewer.viewerId) keys.push(`v:${viewer.viewerId}`);
  if (viewer.browserId && viewer.browserId !== viewer.viewerId) keys.push(`v:${viewer.browserId}`);
  return keys;
}

async function recordOf(db: Db, registrationId: number, viewer: AudienceViewer) {
  const keys = personKeys(viewer);
  if (keys.length === 0) return undefined;
  return (
    db
      .selectFrom('registrationRecords')
      .select(['status', 'reason'])
      .where('registrationId', '=', registrationId)
      .where('personKey', 'in', keys)
      // A record under the mobile speaks for the person before one its browser left.
      .orderBy(sql`person_key like 'm:%'`, 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
  );
}

function gateOf(
  kind: RegistrationKind,
  needsReview: boolean,
  record: { status: ReviewStatus; reason: string } | undefined,
): { gate: RegistrationGate; reason: string } {
  if (!record) return { gate: 'form', reason: '' };
  if (record.status === 'rejected') return { gate: 'rejected', reason: record.reason };
  if (record.status === 'pending' && needsReview && kind === 'enroll') return { gate: 'pending', reason: '' };
  return { gate: 'open', reason: '' };
}

/**
 * Whether an activity plays for this viewer as far as its registration goes (the watch page withholds playback
 * otherwise): open with no registration bound, or with the viewer's record let in.
 */
export async function registrationGate(db: Db, activityId: number, viewer: AudienceViewer): Promise<RegistrationGate> {
  const bound = await boundRegistration(db, activityId, 'enroll');
  if (!bound) return 'open';
  return gateOf('enroll', configOf(bound).needsReview, await recordOf(db, bound.id, viewer)).gate;
}

/** GET /api/watch/{id}/registration */
export async function getWatchRegistration(
  db: Db,
  activityId: number,
  kind: RegistrationKind,
  viewer: AudienceViewer,
): Promise<WatchRegistration> {
  const activity = await publicActivity(db, activityId);
  const bound = await boundRegistration(db, activity.id, kind);
  if (!bound) return { form: null, gate: 'open', reason: '' };
  const fields = fieldsOf(bound);
  const config = configOf(bound);
  const asked = new Set(fields.flatMap((field) => (field.extraKey ? [field.extraKey] : [])));
  const extraFields = asked.size
    ? (await readExtraFields(db, activity.agentId))
        .filter((field) => asked.has(field.key))
        .map(({ key, label, type, options }) => ({ key, label, type, options }))
    : [];
  const state = gateOf(kind, config.needsReview, await recordOf(db, bound.id, viewer));
  return { form: { id: bound.id, kind, name: bound.name, fields, config, extraFields }, ...state };
}

/**
 * POST /api/watch/{id}/registration: one record per person per form, so a submission sent twice (or again after a
 * rejection) is the same record; a rejected one goes back to review, an approved one stays approved.
 */
export async function submitRegistration(
  deps: { db: Db; limits: RateLimitStore },
  activityId: number,
  input: { kind: RegistrationKind; answers: Record<string, string | number | string[]> },
  viewer: AudienceViewer & { viewerId: string },
  ip: string,
): Promise<WatchRegistration> {
  const { db } = deps;
  const activity = await publicActivity(db, activityId);
  // Anyone may submit, and a new browser is a new person: an address sends a bounded number of forms per window.
  const sent = await deps.limits.hit(`registration-submit:ip:${ip}`, SUBMIT_WINDOW_MS);
  if (sent.count > SUBMITS_PER_ADDRESS) {
    throw tooManyRequests(REGISTRATION_ERRORS.submitLimit, ERROR_CODES.rateLimited, secondsUntil(sent.resetAt));
  }
  const bound = await boundRegistration(db, activity.id, input.kind);
  if (!bound) throw notFound(REGISTRATION_ERRORS.noForm);
  const fields = fieldsOf(bound);
  const config = configOf(bound);
  if (config.closed) throw badRequest(REGISTRATION_ERRORS.closed);
  const mobileField = fields.find((field) => field.type === 'mobile');
  const given = { ...input.answers };
  // The page knows the signed-in mobile only masked: left out, the mobile field's answer is the one signed in with.
  if (mobileField && given[mobileField.key] === undefined && viewer.mobile) given[mobileField.key] = viewer.mobile;
  const checked = validateAnswers(fields, given, {
    extraFields: await readExtraFields(db, activity.agentId),
    isKnownRegion,
  });
  if (!checked.ok) throw invalidField(`answers.${checked.key}`, checked.message);
  // A file answer is one attached to this activity's forms (registration-file.ts), never another file of the site.
  const folder = `${FILES_URL_PREFIX}${registrationFileFolder(activity.id)}`;
  for (const field of fields) {
    const value = checked.values[field.key];
    if (field.type === 'file' && typeof value === 'string' && !value.startsWith(folder)) {
      throw invalidField(`answers.${field.key}`, 'Not an upload');
    }
  }
  const mobile = mobileField ? (checked.values[mobileField.key] as string | undefined) : undefined;
  // The mobile is proved by the watch page's SMS sign-in: only the one the viewer signed in with is taken.
  if (mobileField && mobile !== undefined && mobile !== viewer.mobile) {
    throw invalidField(`answers.${mobileField.key}`, REGISTRATION_ERRORS.mobileNotVerified);
  }
  const personKey = mobile ? `m:${mobile}` : `v:${viewer.viewerId}`;
  const status: ReviewStatus = config.needsReview && input.kind === 'enroll' ? 'pending' : 'approved';
  const now = new Date();
  await db
    .insertInto('registrationRecords')
    .values({
      registrationId: bound.id,
      agentId: activity.agentId,
      activityId: activity.id,
      personKey,
      mobile: mobile ?? null,
      viewerId: viewer.viewerId,
      answers: JSON.stringify(checked.values),
      status,
    })
    .onConflict((oc) =>
      oc.columns(['registrationId', 'personKey']).doUpdateSet((eb) => ({
        answers: eb.ref('excluded.answers'),
        activityId: eb.ref('excluded.activityId'),
        viewerId: eb.ref('excluded.viewerId'),
        updatedAt: now,
        status: sql`case when registration_records.status = 'approved' then 'approved' else excluded.status end`,
        reason: sql`case when registration_records.status = 'approved' then registration_records.reason else '' end`,
        reviewedAt: sql`case when registration_records.status = 'approved' then registration_records.reviewed_at end`,
      })),
    )
    .execute();
  // A CRM field's answer is the person's profile too: the CRM shows what the form collected.
  const profile = Object.fromEntries(
    fields.flatMap((field) =>
      field.extraKey && checked.values[field.key] !== undefined ? [[field.extraKey, checked.values[field.key]]] : [],
    ),
  );
  if (mobile && Object.keys(profile).length) await recordPersonExtra(db, activity.agentId, mobile, profile);
  return getWatchRegistration(db, activity.id, input.kind, viewer);
}

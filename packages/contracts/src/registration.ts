import { z } from 'zod';
import { type extraValues, type UserExtraField, validateExtraValues } from './audience.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, mobile, ok, pageQuery } from './common.ts';

// Registration forms (报名, issue 12; seed 001 §3 "Registration", §4 "Registration review", §7 "Registration", §8).
// A form is built from fields, bound to activities (one registration per activity), and filled in on the watch page
// before the activity plays; each person's record is reviewed when the form asks for approval. The form application
// (/application/form) is the same engine: a form of kind `form`, which collects answers without gating playback.

export const REGISTRATION_PAGE_SIZE = 10;
export const REGISTRATION_RECORD_PAGE_SIZE = 10;
export const REGISTRATION_BINDING_PAGE_SIZE = 10;
export const REGISTRATION_NAME_MAX = 60;
export const REGISTRATION_FIELDS_MAX = 40;
export const REGISTRATION_TEXT_MAX = 200;
export const REGISTRATION_REASON_MAX = 100;
export const REGISTRATION_BIND_MAX = 50;
export const REGISTRATION_WHITELIST_MAX = 500;
/** A file a viewer attaches to a form: a picture or a PDF of at most 10 MiB. */
export const REGISTRATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const REGISTRATION_FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'];

export const REGISTRATION_ERRORS = {
  registrationNotFound: 'Registration Not Found',
  recordNotFound: 'Registration Record Not Found',
  /** Seed 001 §8: 添加失败，活动已被应用在其它报名表下 (the catalogs' chapter rule says the same). */
  activityInOtherRegistration: 'Activity is already bound to another registration',
  notBound: 'Activity is not bound to this registration',
  noForm: 'Activity has no registration',
  reasonRequired: 'A rejection needs a reason',
  mobileNotVerified: 'Sign in with this mobile first',
  closed: 'Registration Closed',
  submitLimit: 'Too many registrations, try again later',
  uploadLimit: 'Too many files, try again later',
  noFileField: 'This form asks no file',
} as const;

/** The kinds of form on the one engine: a registration (报名) gates playback; a form application (表单) only collects. */
export const REGISTRATION_KINDS = ['enroll', 'form'] as const;
export const registrationKind = z.enum(REGISTRATION_KINDS);
export type RegistrationKind = z.infer<typeof registrationKind>;

/** Seed 001 §4 "Registration review": a person's record is pending, approved or rejected (with a reason). */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const reviewStatus = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatus>;

/** Where the watch page stands with a bound registration: open (plays), form (fill it in), pending or rejected. */
export const REGISTRATION_GATES = ['open', 'form', 'pending', 'rejected'] as const;
export type RegistrationGate = (typeof REGISTRATION_GATES)[number];

// ---------------------------------------------------------------------------------------------------------------
// The field builder

export const REGISTRATION_FIELD_TYPES = [
  'text',
  'mobile',
  'select',
  'multiSelect',
  'date',
  'region',
  'file',
  /** One of the agent's CRM extra fields (user_extra_conf), by its key: its type and options are the CRM's. */
  'extra',
] as const;
export type RegistrationFieldType = (typeof REGISTRATION_FIELD_TYPES)[number];
const CHOICE_FIELDS: readonly RegistrationFieldType[] = ['select', 'multiSelect'];

const fieldKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'A key is a letter then up to 31 letters, digits or _');

export const registrationField = z
  .object({
    key: fieldKey,
    label: z.string().trim().min(1, 'Label is required').max(30, 'Label must be at most 30 characters'),
    type: z.enum(REGISTRATION_FIELD_TYPES),
    required: z.boolean().default(false),
    options: z
      .array(z.string().trim().min(1, 'An option is not empty').max(40, 'An option is at most 40 characters'))
      .max(50, 'At most 50 options')
      .default([]),
    /** For `extra`: the CRM field's key. */
    extraKey: fieldKey.optional(),
  })
  .superRefine((field, issue) => {
    const choice = CHOICE_FIELDS.includes(field.type);
    if (choice && new Set(field.options).size < 2) {
      issue.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs two different options' });
    }
    if (choice && new Set(field.options).size !== field.options.length) {
      issue.addIssue({ code: 'custom', path: ['options'], message: 'Options must not repeat' });
    }
    if (!choice && field.options.length > 0) {
      issue.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice has options' });
    }
    if (field.type === 'extra' && !field.extraKey) {
      issue.addIssue({ code: 'custom', path: ['extraKey'], message: 'A CRM field needs its key' });
    }
    if (field.type !== 'extra' && field.extraKey !== undefined) {
      issue.addIssue({ code: 'custom', path: ['extraKey'], message: 'Only a CRM field has a key' });
    }
  });
export type RegistrationField = z.output<typeof registrationField>;

export const registrationFields = z
  .array(registrationField)
  .max(REGISTRATION_FIELDS_MAX, `At most ${REGISTRATION_FIELDS_MAX} fields`)
  .superRefine((fields, issue) => {
    const keys = new Set<string>();
    const extras = new Set<string>();
    let mobiles = 0;
    fields.forEach((field, index) => {
      if (keys.has(field.key))
        issue.addIssue({ code: 'custom', path: [index, 'key'], message: 'Keys must not repeat' });
      keys.add(field.key);
      if (field.extraKey) {
        if (extras.has(field.extraKey)) {
          issue.addIssue({ code: 'custom', path: [index, 'extraKey'], message: 'A CRM field is asked once' });
        }
        extras.add(field.extraKey);
      }
      if (field.type === 'mobile') {
        mobiles += 1;
        // The mobile is who the person is (its review, its SMS, its next visit): one per form.
        if (mobiles > 1) issue.addIssue({ code: 'custom', path: [index, 'type'], message: 'One mobile field only' });
      }
    });
  });

const registrationName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(REGISTRATION_NAME_MAX, `Name must be at most ${REGISTRATION_NAME_MAX} characters`);

/** The page the viewer sees: its heading, text, button, the words after submitting, and whether review is needed. */
export const registrationConfig = z.object({
  title: z.string().trim().max(60, 'Title must be at most 60 characters').default(''),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  submitText: z.string().trim().max(10, 'Button text must be at most 10 characters').default(''),
  /** Seed 001 §7: 提交成功 unless the agent words it otherwise. */
  successText: z.string().trim().max(60, 'Success text must be at most 60 characters').default(''),
  /** Submitted records wait for review (pending) before the person may watch. */
  needsReview: z.boolean().default(false),
  /** No new records are taken (records already in stay as they are). */
  closed: z.boolean().default(false),
});
export type RegistrationConfig = z.output<typeof registrationConfig>;

export const registration = z.object({
  id: z.number().int(),
  kind: registrationKind,
  name: z.string(),
  fields: z.array(registrationField),
  config: registrationConfig,
  /** Activities bound and records held. */
  bindings: z.number().int(),
  records: z.number().int(),
  pending: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Registration = z.infer<typeof registration>;

export const registrationInput = z.object({
  kind: registrationKind.default('enroll'),
  name: registrationName,
  fields: registrationFields.default([]),
  config: registrationConfig.default(registrationConfig.parse({})),
});
export type RegistrationInput = z.input<typeof registrationInput>;

export const registrationPatch = z.object({
  name: registrationName.optional(),
  fields: registrationFields.optional(),
  config: registrationConfig.optional(),
});

export const registrationListQuery = pageQuery(REGISTRATION_PAGE_SIZE).extend({
  kind: registrationKind.default('enroll'),
  name: z.string().trim().max(REGISTRATION_NAME_MAX).optional(),
});
export const registrationList = listOf(registration);
export type RegistrationList = z.infer<typeof registrationList>;

// ---------------------------------------------------------------------------------------------------------------
// Bindings

export const bindInput = z.object({
  activityIds: z
    .array(id)
    .min(1, 'Choose an activity')
    .max(REGISTRATION_BIND_MAX, `At most ${REGISTRATION_BIND_MAX} activities at once`),
});
export const bindingQuery = pageQuery(REGISTRATION_BINDING_PAGE_SIZE);
export const registrationBinding = z.object({
  activityId: z.number().int(),
  name: z.string(),
  status: z.string(),
  startedAt: isoDateTime.nullable(),
  boundAt: isoDateTime,
});
export type RegistrationBinding = z.infer<typeof registrationBinding>;
export const bindingList = listOf(registrationBinding);
export type BindingList = z.infer<typeof bindingList>;

/** GET /v3/activity/{id}/registration: the registration bound to an activity, or null. */
export const activityRegistration = z.object({ registration: registration.nullable() });
export type ActivityRegistration = z.infer<typeof activityRegistration>;

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** One answer: text, a choice's option(s), a date, a region's code, a file's address, a CRM field's value. */
export const answerValue = z.union([
  z.string().max(REGISTRATION_TEXT_MAX, `At most ${REGISTRATION_TEXT_MAX} characters`),
  z.number().finite(),
  z.array(z.string().max(40)).max(50),
]);
export type AnswerValue = z.infer<typeof answerValue>;
export const answers = z.record(z.string().max(32), answerValue);
export type Answers = z.infer<typeof answers>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A file the tree's uploads stored (its address as the upload answered it). */
const FILE_PATH = /^\/files\/[A-Za-z0-9/_.-]{1,200}$/;

/**
 * Checks a submission against the form, field by field (a wrong one is named as answers.<key>): required ones
 * answered, a choice among its options, a date a real day, a region a code the area library knows, a file one of the
 * uploads, a CRM field by the CRM's own rule. The mobile field's value is the verified mobile, checked by the caller.
 */
export function validateAnswers(
  fields: readonly RegistrationField[],
  given: Answers,
  context: { extraFields: readonly UserExtraField[]; isKnownRegion: (code: number) => boolean },
): { ok: true; values: Answers } | { ok: false; key: string; message: string } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const key of Object.keys(given)) if (!byKey.has(key)) return { ok: false, key, message: 'Unknown field' };
  const kept: Answers = {};
  for (const field of fields) {
    const value = given[field.key];
    const bad = (message: string) => ({ ok: false as const, key: field.key, message });
    // A CRM field the agent removed since the form was built is no longer asked.
    const extra = context.extraFields.find((candidate) => candidate.key === field.extraKey);
    if (field.type === 'extra' && !extra) continue;
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) return bad('Required');
      continue;
    }
    switch (field.type) {
      case 'text':
        if (typeof value !== 'string') return bad('Must be text');
        break;
      case 'mobile':
        if (typeof value !== 'string' || !mobile.safeParse(value).success) return bad('Invalid mobile number');
        break;
      case 'select':
        if (typeof value !== 'string' || !field.options.includes(value)) return bad('Not one of the options');
        break;
      case 'multiSelect':
        if (!Array.isArray(value) || value.some((v) => !field.options.includes(v))) {
          return bad('Not one of the options');
        }
        if (new Set(value).size !== value.length) return bad('Options must not repeat');
        break;
      case 'date':
        if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
          return bad('Must be a date like 2026-01-31');
        }
        break;
      case 'region':
        if (typeof value !== 'number' || !Number.isInteger(value) || !context.isKnownRegion(value)) {
          return bad('Not a region of the area library');
        }
        break;
      case 'file':
        if (typeof value !== 'string' || !FILE_PATH.test(value) || value.includes('..')) return bad('Not an upload');
        break;
      case 'extra': {
        if (!extra) continue;
        const checked = validateExtraValues([{ ...extra, required: field.required }], {
          [extra.key]: value as z.infer<typeof extraValues>[string],
        });
        if (!checked.ok) return bad(checked.message);
        break;
      }
    }
    kept[field.key] = value;
  }
  return { ok: true, values: kept };
}

// ---------------------------------------------------------------------------------------------------------------
// Records and review

export const registrationRecord = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  /** The activity it was submitted on; null for a whitelist person. */
  activityId: z.number().int().nullable(),
  /** The verified mobile, or null when the form asks none. */
  mobile: z.string().nullable(),
  answers,
  status: reviewStatus,
  reason: z.string(),
  /** form: submitted on the watch page; whitelist: let in by the agent without a form. */
  source: z.enum(['form', 'whitelist']),
  createdAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
});
export type RegistrationRecord = z.infer<typeof registrationRecord>;

export const recordQuery = pageQuery(REGISTRATION_RECORD_PAGE_SIZE).extend({
  registrationId: id,
  activityId: id.optional(),
  status: reviewStatus.optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{1,11}$/, 'Mobile digits only')
    .optional(),
});
export const recordList = listOf(registrationRecord);
export type RecordList = z.infer<typeof recordList>;

/**
 * POST /v3/registration/{id}/review: records (by id) set to a status, a rejection with its reason; or whitelist
 * mobiles, each let in (approved) without filling the form.
 */
export const reviewInput = z
  .object({
    recordIds: z.array(id).min(1).max(100).optional(),
    mobiles: z.array(mobile).min(1).max(REGISTRATION_WHITELIST_MAX).optional(),
    status: reviewStatus,
    reason: z
      .string()
      .trim()
      .max(REGISTRATION_REASON_MAX, `Reason must be at most ${REGISTRATION_REASON_MAX} characters`)
      .default(''),
  })
  .superRefine((input, issue) => {
    if (!input.recordIds === !input.mobiles) {
      issue.addIssue({ code: 'custom', path: ['recordIds'], message: 'Give either recordIds or mobiles' });
    }
    if (input.mobiles && input.status !== 'approved') {
      issue.addIssue({ code: 'custom', path: ['status'], message: 'Whitelist mobiles are approved' });
    }
    if (input.status === 'rejected' && !input.reason) {
      issue.addIssue({ code: 'custom', path: ['reason'], message: REGISTRATION_ERRORS.reasonRequired });
    }
  });
export type ReviewInput = z.input<typeof reviewInput>;
export const reviewed = z.object({ items: z.array(registrationRecord) });

/** Seed 001 §8's bind message: Chinese text for the console's catalogue (the English one is the server's). */
export const REGISTRATION_BIND_REFUSED = '添加失败，活动已被应用在其它报名表下';
/** Seed 001 §7: what the viewer sees after submitting, unless the form words it otherwise. */
export const REGISTRATION_SUBMITTED = '提交成功';

// ---------------------------------------------------------------------------------------------------------------
// The watch page's side

/** GET /api/watch/{id}/registration: the bound form as the viewer fills it, and where the viewer stands. */
export const watchRegistration = z.object({
  form: z
    .object({
      id: z.number().int(),
      kind: registrationKind,
      name: z.string(),
      fields: z.array(registrationField),
      config: registrationConfig,
      /** The CRM fields an `extra` field asks, as the CRM defines them. */
      extraFields: z.array(
        z.object({ key: z.string(), label: z.string(), type: z.string(), options: z.array(z.string()) }),
      ),
    })
    .nullable(),
  gate: z.enum(REGISTRATION_GATES),
  reason: z.string(),
});
export type WatchRegistration = z.infer<typeof watchRegistration>;

/**
 * POST /api/watch/{id}/registration. The form's mobile field is proved by the watch page's SMS sign-in
 * (POST /api/watch/{id}/sign-in): its answer must be the mobile the viewer signed in with, so the person is known by
 * it on every device afterwards.
 */
export const watchRegistrationInput = z.object({ answers, kind: registrationKind.default('enroll') });
export type WatchRegistrationInput = z.input<typeof watchRegistrationInput>;

export const registrationCalls = defineCalls('registration', {
  listRegistrations: {
    method: 'GET',
    path: '/v3/registration',
    summary: 'The forms of a kind (registration or form application), newest first',
    access: 'signedIn',
    query: registrationListQuery,
    response: registrationList,
  },
  createRegistration: {
    method: 'POST',
    path: '/v3/registration',
    summary: 'Create a form from its fields and page',
    access: 'signedIn',
    body: registrationInput,
    response: registration,
  },
  listRegistrationRecords: {
    method: 'GET',
    path: '/v3/registration/record',
    summary: 'A form’s records (with its whitelist people), newest first',
    access: 'signedIn',
    query: recordQuery,
    response: recordList,
  },
  deleteRegistrationRecord: {
    method: 'DELETE',
    path: '/v3/registration/record/:id',
    summary: 'Delete a record or a whitelist person',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  getRegistration: {
    method: 'GET',
    path: '/v3/registration/:id',
    summary: 'One form',
    access: 'signedIn',
    params: idParams,
    response: registration,
  },
  updateRegistration: {
    method: 'PATCH',
    path: '/v3/registration/:id',
    summary: 'Change a form’s name, fields or page',
    access: 'signedIn',
    params: idParams,
    body: registrationPatch,
    response: registration,
  },
  deleteRegistration: {
    method: 'DELETE',
    path: '/v3/registration/:id',
    summary: 'Delete a form with its bindings and records',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  duplicateRegistration: {
    method: 'POST',
    path: '/v3/registration/:id/duplicate',
    summary: 'A copy of a form’s fields and page, with no bindings or records',
    access: 'signedIn',
    params: idParams,
    response: registration,
  },
  bindRegistration: {
    method: 'POST',
    path: '/v3/registration/:id/bind',
    summary: 'Bind activities; one bound to another registration is refused',
    access: 'signedIn',
    params: idParams,
    body: bindInput,
    response: registration,
  },
  unbindRegistration: {
    method: 'POST',
    path: '/v3/registration/:id/unbind',
    summary: 'Unbind activities',
    access: 'signedIn',
    params: idParams,
    body: bindInput,
    response: registration,
  },
  listRegistrationBindings: {
    method: 'GET',
    path: '/v3/registration/:id/bindings',
    summary: 'The activities a form is bound to',
    access: 'signedIn',
    params: idParams,
    query: bindingQuery,
    response: bindingList,
  },
  reviewRegistration: {
    method: 'POST',
    path: '/v3/registration/:id/review',
    summary: 'Set records to pending, approved or rejected (SMS to the person), or approve whitelist mobiles',
    access: 'signedIn',
    params: idParams,
    body: reviewInput,
    response: reviewed,
  },
  getRegistrationConfig: {
    method: 'GET',
    path: '/v3/registration/:id/hash/0',
    summary: 'A form’s page config',
    access: 'signedIn',
    params: idParams,
    response: registrationConfig,
  },
  saveRegistrationConfig: {
    method: 'PUT',
    path: '/v3/registration/:id/hash/0',
    summary: 'Save a form’s page config',
    access: 'signedIn',
    params: idParams,
    body: registrationConfig,
    response: registrationConfig,
  },
  getActivityRegistration: {
    method: 'GET',
    path: '/v3/activity/:id/registration',
    summary: 'The registration bound to an activity, or null',
    access: 'signedIn',
    params: idParams,
    response: activityRegistration,
  },
  downloadRegistration: {
    method: 'GET',
    path: '/activity/:id/registration/download',
    summary: 'An activity’s registration records as a CSV file',
    access: 'signedIn',
    params: idParams,
    response: z.string(),
    produces: 'text/csv',
    download: true,
  },
  getWatchRegistration: {
    method: 'GET',
    path: '/watch/:id/registration',
    summary: 'The form bound to an activity as the viewer fills it, and where the viewer stands',
    access: 'public',
    params: idParams,
    query: z.object({ kind: registrationKind.default('enroll') }),
    response: watchRegistration,
  },
  uploadRegistrationFile: {
    method: 'POST',
    path: '/watch/:id/registration/file',
    summary: 'Attach a file (multipart: a picture or a PDF) for the bound form’s file field',
    access: 'public',
    params: idParams,
    query: z.object({ kind: registrationKind.default('enroll') }),
    response: z.object({ filepath: z.string(), url: z.string() }),
  },
  submitRegistration: {
    method: 'POST',
    path: '/watch/:id/registration',
    summary: 'Submit the form (once per person: a second submission updates the same record)',
    access: 'public',
    params: idParams,
    body: watchRegistrationInput,
    response: watchRegistration,
  },
});

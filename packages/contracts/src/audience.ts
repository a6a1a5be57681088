import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';

// The audience CRM (issue 12; seed 001 §3 "Audience user", §6, §7 "Audience and CRM", §9). A person is a watch-page
// viewer who proved a mobile by SMS for the agent; the anonymous browser ids it watched under before are merged into
// it. Its records (visits, pays, shares, questions, comments, check-ins, votes, gifts, red packets) are the watch
// page's own rows read under all its ids. Seed 001 §6: blocking, common referrers, tags and CRM are agent features, so
// every call here refuses a sub-account (403).

/** Seed 001 §9: the CRM people pager is 10; the inviter (common referrer) list shows 100. */
export const AUDIENCE_PAGE_SIZE = 10;
export const FAV_INVITER_PAGE_SIZE = 100;
export const AUDIENCE_RECORD_PAGE_SIZE = 10;
export const AUDIENCE_TAG_PAGE_SIZE = 100;
export const AUDIENCE_TAG_NAME_MAX = 20;
export const AUDIENCE_TAGS_PER_PERSON = 20;
export const AUDIENCE_TAGS_PER_AGENT = 200;
export const AUDIENCE_NAME_MAX = 40;
export const USER_EXTRA_FIELDS_MAX = 30;

export const AUDIENCE_ERRORS = {
  personNotFound: 'User Not Found',
  tagNotFound: 'Tag Not Found',
  tagExists: 'Tag name already existed',
  tooManyTags: 'Too many tags',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The CRM form (user_extra_conf): the extra profile fields an agent collects. The registration form builder reuses
// these definitions and validateExtraValues, so a person's extra answers are checked by one rule wherever they come.

export const USER_EXTRA_FIELD_TYPES = ['text', 'number', 'date', 'select', 'multiSelect'] as const;
export type UserExtraFieldType = (typeof USER_EXTRA_FIELD_TYPES)[number];
const CHOICE_TYPES: readonly UserExtraFieldType[] = ['select', 'multiSelect'];
export const USER_EXTRA_TEXT_MAX = 200;

export const userExtraField = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'A key is a letter then up to 31 letters, digits or _'),
    label: z.string().trim().min(1, 'Label is required').max(20, 'Label must be at most 20 characters'),
    type: z.enum(USER_EXTRA_FIELD_TYPES),
    required: z.boolean().default(false),
    options: z
      .array(z.string().trim().min(1, 'An option is not empty').max(40, 'An option is at most 40 characters'))
      .max(50, 'At most 50 options')
      .default([]),
  })
  .superRefine((field, issue) => {
    const choice = CHOICE_TYPES.includes(field.type);
    if (choice && new Set(field.options).size < 2) {
      issue.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs two different options' });
    }
    if (choice && new Set(field.options).size !== field.options.length) {
      issue.addIssue({ code: 'custom', path: ['options'], message: 'Options must not repeat' });
    }
    if (!choice && field.options.length > 0) {
      issue.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice has options' });
    }
  });
export type UserExtraField = z.output<typeof userExtraField>;

export const userExtraConf = z.object({
  fields: z
    .array(userExtraField)
    .max(USER_EXTRA_FIELDS_MAX, `At most ${USER_EXTRA_FIELDS_MAX} fields`)
    .superRefine((fields, issue) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field.key)) {
          issue.addIssue({ code: 'custom', path: [index, 'key'], message: 'Keys must not repeat' });
        }
        seen.add(field.key);
      });
    }),
});
export type UserExtraConf = z.output<typeof userExtraConf>;

export type ExtraValue = string | number | string[];
/** A person's extra answers, by field key. */
export const extraValues = z.record(
  z.string().max(32),
  z.union([z.string().max(USER_EXTRA_TEXT_MAX), z.number().finite(), z.array(z.string().max(40)).max(50)]),
);

/**
 * Checks answers against the agent's fields: each answer's field exists and has its type, a choice is one of its
 * options, a required field is answered. Answers the first wrong key and why, or the answers kept (unknown keys refused).
 */
export function validateExtraValues(
  fields: readonly UserExtraField[],
  values: Record<string, ExtraValue>,
): { ok: true; values: Record<string, ExtraValue> } | { ok: false; key: string; message: string } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const key of Object.keys(values)) {
    if (!byKey.has(key)) return { ok: false, key, message: 'Unknown field' };
  }
  const kept: Record<string, ExtraValue> = {};
  for (const field of fields) {
    const value = values[field.key];
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) return { ok: false, key: field.key, message: 'Required' };
      continue;
    }
    const bad = (message: string) => ({ ok: false as const, key: field.key, message });
    switch (field.type) {
      case 'text':
        if (typeof value !== 'string') return bad('Must be text');
        break;
      case 'number':
        if (typeof value !== 'number') return bad('Must be a number');
        break;
      case 'date':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
          return bad('Must be a date like 2026-01-31');
        }
        break;
      case 'select':
        if (typeof value !== 'string' || !field.options.includes(value)) return bad('Not one of the options');
        break;
      case 'multiSelect':
        if (!Array.isArray(value) || value.some((v) => !field.options.includes(v)))
          return bad('Not one of the options');
        if (new Set(value).size !== value.length) return bad('Options must not repeat');
        break;
    }
    kept[field.key] = value;
  }
  return { ok: true, values: kept };
}

// ---------------------------------------------------------------------------------------------------------------
// People

export const audienceTag = z.object({ id: z.number().int(), name: z.string() });
export type AudienceTag = z.infer<typeof audienceTag>;

/** The attribution path (issue 12): what brought the person, how long it watched, what it gave or bought. */
export const attribution = z.object({
  /** The ditch of its first visit (its sign and name), null when it came without one. */
  ditchSign: z.string().nullable(),
  ditchName: z.string().nullable(),
  firstActivityId: z.number().int().nullable(),
  firstActivityName: z.string().nullable(),
  firstVisitAt: isoDateTime.nullable(),
  /** When it signed in by SMS (registered as a person). */
  registeredAt: isoDateTime,
  visits: z.number().int(),
  watchSeconds: z.number().int(),
  /** Gifts sent, in fen (paid and free). */
  giftAmount: z.number().int(),
  /** Paid gift orders, in fen. */
  paidAmount: z.number().int(),
  redPacketAmount: z.number().int(),
});
export type Attribution = z.infer<typeof attribution>;

export const audiencePerson = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  /** The person who invited it (the first invitation naming one of its ids), when that inviter is a person. */
  invitedBy: z.number().int().nullable(),
  invitedByName: z.string().nullable(),
  /** Whether any invitation brought it (the inviter may be an anonymous viewer). */
  isInvitedByExisted: z.boolean(),
  tags: z.array(audienceTag),
  isBlocked: z.boolean(),
  isFavInviter: z.boolean(),
  /** The extra profile fields' answers (user_extra_conf), by key. */
  info: z.record(z.string(), z.unknown()),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  attribution,
});
export type AudiencePerson = z.infer<typeof audiencePerson>;
export const audiencePersonList = listOf(audiencePerson);
export type AudiencePersonList = z.infer<typeof audiencePersonList>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /v3/user/search (seed 001 §7: name, mobile, invitedBy, isInvitedByExisted, page, pageSize), with a tag filter. */
export const audienceSearchQuery = pageQuery(AUDIENCE_PAGE_SIZE).extend({
  /** A name prefix. */
  name: z.string().trim().max(AUDIENCE_NAME_MAX).optional(),
  /** A mobile prefix (digits). */
  mobile: z
    .string()
    .trim()
    .regex(/^\d{1,11}$/, 'Mobile must be up to 11 digits')
    .optional(),
  invitedBy: id.optional(),
  isInvitedByExisted: flag.optional(),
  tagId: id.optional(),
});
export type AudienceSearchQuery = z.input<typeof audienceSearchQuery>;

/** GET /v3/user?invitedBy&page&pageSize: the people one person invited (all people without invitedBy). */
export const audienceListQuery = pageQuery(AUDIENCE_PAGE_SIZE).extend({ invitedBy: id.optional() });

/** PUT /v3/user/{id}: body info (seed 001 §7): the name and the extra fields' answers. */
export const audiencePersonUpdate = z.object({
  info: z.object({
    name: z.string().trim().max(AUDIENCE_NAME_MAX, `Name must be at most ${AUDIENCE_NAME_MAX} characters`).optional(),
    extra: extraValues.optional(),
  }),
});
export type AudiencePersonUpdate = z.input<typeof audiencePersonUpdate>;

export const blockManagement = z.object({ isBlocked: z.boolean() });
export type BlockManagement = z.infer<typeof blockManagement>;

export const personTagsInput = z.object({
  tagIds: z
    .array(id)
    .max(AUDIENCE_TAGS_PER_PERSON, `At most ${AUDIENCE_TAGS_PER_PERSON} tags`)
    .refine((ids) => new Set(ids).size === ids.length, 'Tags must not repeat'),
});
export type PersonTagsInput = z.infer<typeof personTagsInput>;

// ---------------------------------------------------------------------------------------------------------------
// Tags

export const tagName = z
  .string()
  .trim()
  .min(1, 'Tag name is required')
  .max(AUDIENCE_TAG_NAME_MAX, `Tag name must be at most ${AUDIENCE_TAG_NAME_MAX} characters`);
export const audienceTagInput = z.object({ name: tagName });
export type AudienceTagInput = z.infer<typeof audienceTagInput>;
export const audienceTagDetail = audienceTag.extend({ userCount: z.number().int(), createdAt: isoDateTime });
export type AudienceTagDetail = z.infer<typeof audienceTagDetail>;
export const audienceTagList = listOf(audienceTagDetail);
export type AudienceTagList = z.infer<typeof audienceTagList>;
export const audienceTagQuery = pageQuery(AUDIENCE_TAG_PAGE_SIZE).extend({
  name: z.string().trim().max(AUDIENCE_TAG_NAME_MAX).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Common referrers (fav inviters)

export const favInviterInput = z.object({ userId: id });
export const favInviterQuery = pageQuery(FAV_INVITER_PAGE_SIZE).extend({
  name: z.string().trim().max(AUDIENCE_NAME_MAX).optional(),
});
export const favInviter = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  /** The people it invited. */
  inviteeCount: z.number().int(),
  addedAt: isoDateTime,
});
export type FavInviter = z.infer<typeof favInviter>;
export const favInviterList = listOf(favInviter);
export type FavInviterList = z.infer<typeof favInviterList>;

// ---------------------------------------------------------------------------------------------------------------
// A person's records (seed 001 §7 GET /v3/agent/{agentId}/user/{userId}/{stats/visits|pay|share|…}): one list each,
// newest first, 10 a page.

export const AUDIENCE_RECORD_KINDS = [
  'visits',
  'pay',
  'share',
  'question',
  'comment',
  'checkin',
  'vote',
  'gift',
  'hb',
] as const;
export type AudienceRecordKind = (typeof AUDIENCE_RECORD_KINDS)[number];

/** One record of any kind: where, when, what (text), how much (fen) and for how long (a visit's watch seconds). */
export const audienceRecord = z.object({
  id: z.string(),
  activityId: z.number().int(),
  activityName: z.string(),
  at: isoDateTime,
  /** What it was: the comment or question text, the gift's or vote's or check-in's title, the visit's ditch. */
  text: z.string(),
  /** A second line: the question's answer, the vote's choices, the visit's device, the comment's status. */
  detail: z.string(),
  amount: z.number().int().nullable(),
  watchSeconds: z.number().int().nullable(),
});
export type AudienceRecord = z.infer<typeof audienceRecord>;
export const audienceRecordList = listOf(audienceRecord);
export type AudienceRecordList = z.infer<typeof audienceRecordList>;

export const agentUserParams = z.object({ agentId: id, userId: id });
export const audienceRecordQuery = pageQuery(AUDIENCE_RECORD_PAGE_SIZE);

function recordCall(path: string, what: string) {
  return {
    method: 'GET',
    path: `/v3/agent/:agentId/user/:userId/${path}`,
    summary: `The person’s ${what}, newest first`,
    access: 'mainAccount',
    params: agentUserParams,
    query: audienceRecordQuery,
    response: audienceRecordList,
  } as const;
}

export const audienceCalls = defineCalls('audience', {
  searchAudience: {
    method: 'GET',
    path: '/v3/user/search',
    summary: 'Search people by name prefix, mobile prefix, inviter, whether invited, and tag',
    access: 'mainAccount',
    query: audienceSearchQuery,
    response: audiencePersonList,
  },
  listAudience: {
    method: 'GET',
    path: '/v3/user',
    summary: 'The people, newest first; with invitedBy, the people one person invited',
    access: 'mainAccount',
    query: audienceListQuery,
    response: audiencePersonList,
  },
  getAudiencePerson: {
    method: 'GET',
    path: '/v3/user/:id',
    summary: 'One person with tags and attribution',
    access: 'mainAccount',
    params: idParams,
    response: audiencePerson,
  },
  updateAudiencePerson: {
    method: 'PUT',
    path: '/v3/user/:id',
    summary: 'Edit a person’s name and extra profile fields',
    access: 'mainAccount',
    params: idParams,
    body: audiencePersonUpdate,
    response: audiencePerson,
  },
  deleteAudiencePerson: {
    method: 'DELETE',
    path: '/v3/user/:id',
    summary: 'Delete a person (its tags and block go; its records stay with the activities)',
    access: 'mainAccount',
    params: idParams,
    response: ok,
  },
  setBlockManagement: {
    method: 'PUT',
    path: '/v3/user/:id/block-management',
    summary: 'Block or unblock a person on all the agent’s activities',
    access: 'mainAccount',
    params: idParams,
    body: blockManagement,
    response: audiencePerson,
  },
  setPersonTags: {
    method: 'PUT',
    path: '/v3/user/:id/tag',
    summary: 'Set a person’s tags',
    access: 'mainAccount',
    params: idParams,
    body: personTagsInput,
    response: audiencePerson,
  },
  createAudienceTag: {
    method: 'POST',
    path: '/v3/user-tag',
    summary: 'Create a tag',
    access: 'mainAccount',
    body: audienceTagInput,
    response: audienceTagDetail,
  },
  listAudienceTags: {
    method: 'GET',
    path: '/v3/user-tag',
    summary: 'The agent’s tags with their people counts',
    access: 'mainAccount',
    query: audienceTagQuery,
    response: audienceTagList,
  },
  getAudienceTag: {
    method: 'GET',
    path: '/v3/user-tag/:id',
    summary: 'One tag',
    access: 'mainAccount',
    params: idParams,
    response: audienceTagDetail,
  },
  renameAudienceTag: {
    method: 'PATCH',
    path: '/v3/user-tag/:id',
    summary: 'Rename a tag',
    access: 'mainAccount',
    params: idParams,
    body: audienceTagInput,
    response: audienceTagDetail,
  },
  deleteAudienceTag: {
    method: 'DELETE',
    path: '/v3/user-tag/:id',
    summary: 'Delete a tag (people keep their other tags)',
    access: 'mainAccount',
    params: idParams,
    response: ok,
  },
  addFavInviter: {
    method: 'POST',
    path: '/v3/user/fav-inviter/add',
    summary: 'Keep a person as a common referrer',
    access: 'mainAccount',
    body: favInviterInput,
    response: favInviter,
  },
  removeFavInviter: {
    method: 'DELETE',
    path: '/v3/user/fav-inviter/remove',
    summary: 'Remove a common referrer',
    access: 'mainAccount',
    body: favInviterInput,
    response: ok,
  },
  listFavInviters: {
    method: 'GET',
    path: '/v3/user/fav-inviter',
    summary: 'The common referrers, 100 a page, by name prefix',
    access: 'mainAccount',
    query: favInviterQuery,
    response: favInviterList,
  },
  getUserExtraConf: {
    method: 'GET',
    path: '/v3/agent/:agentId/user_extra_conf',
    summary: 'The CRM form: the extra profile fields the agent collects',
    access: 'mainAccount',
    params: z.object({ agentId: id }),
    response: userExtraConf,
  },
  saveUserExtraConf: {
    method: 'POST',
    path: '/v3/agent/:agentId/user_extra_conf',
    summary: 'Save the CRM form’s fields (answers to removed fields are kept but no longer shown)',
    access: 'mainAccount',
    params: z.object({ agentId: id }),
    body: userExtraConf,
    response: userExtraConf,
  },
  listPersonVisits: recordCall('stats/visits', 'visits'),
  listPersonPays: recordCall('pay', 'paid gift orders'),
  listPersonShares: recordCall('share', 'invitations (the viewers it brought)'),
  listPersonQuestions: recordCall('question', 'questions'),
  listPersonComments: recordCall('comment', 'comments'),
  listPersonCheckins: recordCall('checkin', 'check-ins'),
  listPersonVotes: recordCall('vote', 'votes'),
  listPersonGifts: recordCall('gift', 'gifts sent'),
  listPersonRedPackets: recordCall('hb', 'red packets grabbed'),
});

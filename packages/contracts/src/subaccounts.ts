import { z } from 'zod';
import { session } from './account.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery, password } from './common.ts';

// Sub-accounts and their groups (seed 001 §3, §7): staff logins of an agent, within a quota, sorted into at most
// MAX_SUBACCOUNT_GROUPS groups.

export const SUBACCOUNT_PAGE_SIZE = 10;
/** The synthetic group 默认分组 (seed 001 §3): where a sub-account in no stored group sits, as a filter and in a body. */
export const DEFAULT_SUBACCOUNT_GROUP = -1;
/** 0 means the same as 默认分组: no stored group. */
export const NO_SUBACCOUNT_GROUP = 0;

const mobileLike = /^1[3-9]\d{9}$/;
/** Sub-accounts log in with their username where agents use their mobile, so a username never looks like one. */
export const subaccountUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]{2,31}$/, 'Username must be 3 to 32 letters, digits or _ . @ -')
  .refine((value) => !mobileLike.test(value), 'Username cannot be a mobile number');

const remark = z.string().trim().max(50, 'Remark must be at most 50 characters');

/** A group id in a body: -1 (默认分组) and 0 both mean no group. */
const groupRef = z.preprocess(
  (value) => (value === DEFAULT_SUBACCOUNT_GROUP || value === NO_SUBACCOUNT_GROUP ? null : value),
  id.nullable(),
);

export const subaccount = z.object({
  id: z.number().int(),
  username: z.string(),
  remark: z.string(),
  groupId: z.number().int().nullable(),
  /** The password as set, for the owning main account only; null for a sub-account caller or when not kept. */
  cleartextPassword: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Subaccount = z.infer<typeof subaccount>;

/** GET /agent/subagent: no groupId lists every group; -1 (默认分组) or 0 the sub-accounts in no group. */
export const subaccountListQuery = pageQuery(SUBACCOUNT_PAGE_SIZE).extend({
  username: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(64).optional()),
  groupId: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(-1).optional()),
});
export type SubaccountListQuery = z.infer<typeof subaccountListQuery>;

/** The list with the sub-account store's figures (seed 000 §3): count, quota, remainingCount. */
export const subaccountList = listOf(subaccount).extend({
  count: z.number().int(),
  quota: z.number().int(),
  remainingCount: z.number().int(),
});
export type SubaccountList = z.infer<typeof subaccountList>;

export const subaccountCreateBody = z.object({
  username: subaccountUsername,
  password,
  remark: remark.default(''),
  groupId: groupRef.default(null),
});
export type SubaccountCreateBody = z.infer<typeof subaccountCreateBody>;

/** PUT /agent/subagent/{id}: what is given changes; a new password ends the sub-account's sessions. */
export const subaccountUpdateBody = z.object({
  username: subaccountUsername.optional(),
  password: password.optional(),
  remark: remark.optional(),
  groupId: groupRef.optional(),
});
export type SubaccountUpdateBody = z.infer<typeof subaccountUpdateBody>;

export const subaccountGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  subagentCount: z.number().int(),
});
export type SubaccountGroup = z.infer<typeof subaccountGroup>;
export const subaccountGroupList = z.object({ items: z.array(subaccountGroup) });
export type SubaccountGroupList = z.infer<typeof subaccountGroupList>;
export const subaccountGroupInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(30, 'Name must be at most 30 characters'),
});
export type SubaccountGroupInput = z.infer<typeof subaccountGroupInput>;

/** GET /v3/subagent/count: the figures of the sub-account store and how many sit in each group. */
export const subaccountCount = z.object({
  count: z.number().int(),
  quota: z.number().int(),
  remainingCount: z.number().int(),
  ungrouped: z.number().int(),
  groups: z.array(z.object({ groupId: z.number().int(), count: z.number().int() })),
});
export type SubaccountCount = z.infer<typeof subaccountCount>;

/**
 * GET /agent/subagent/token (seed 001 §6, "a call refreshes the sub-agent token"): a sub-account calling it gets a
 * fresh session for the one it called with; the main account names a sub-account by id and signs all its sessions out.
 */
export const subaccountTokenQuery = z.object({
  id: z.preprocess((value) => (value === '' ? undefined : value), id.optional()),
});
export type SubaccountTokenQuery = z.infer<typeof subaccountTokenQuery>;
export const subaccountSessionsEnded = z.object({ id: z.number().int(), endedSessions: z.number().int() });
export type SubaccountSessionsEnded = z.infer<typeof subaccountSessionsEnded>;
export const subaccountTokenRefresh = z.union([session, subaccountSessionsEnded]);

export const subaccountCalls = defineCalls('subaccounts', {
  listSubaccounts: {
    method: 'GET',
    path: '/agent/subagent',
    summary: 'The agent’s sub-accounts with the store’s count and quota',
    access: 'signedIn',
    query: subaccountListQuery,
    response: subaccountList,
  },
  createSubaccount: {
    method: 'POST',
    path: '/agent/subagent',
    summary: 'Add a sub-account, within the quota',
    access: 'mainAccount',
    body: subaccountCreateBody,
    response: subaccount,
  },
  refreshSubaccountToken: {
    method: 'GET',
    path: '/agent/subagent/token',
    summary: 'A sub-account’s fresh session, or (main account, by id) its sessions ended',
    access: 'signedIn',
    query: subaccountTokenQuery,
    response: subaccountTokenRefresh,
  },
  updateSubaccount: {
    method: 'PUT',
    path: '/agent/subagent/:id',
    summary: 'Change a sub-account (a new password ends its sessions)',
    access: 'mainAccount',
    params: idParams,
    body: subaccountUpdateBody,
    response: subaccount,
  },
  deleteSubaccount: {
    method: 'DELETE',
    path: '/agent/subagent/:id',
    summary: 'Delete a sub-account and end its sessions',
    access: 'mainAccount',
    params: idParams,
    response: ok,
  },
  countSubaccounts: {
    method: 'GET',
    path: '/v3/subagent/count',
    summary: 'How many sub-accounts the agent has, may have, and holds in each group',
    access: 'signedIn',
    response: subaccountCount,
  },
  listSubaccountGroups: {
    method: 'GET',
    path: '/v3/subagent-group',
    summary: 'The agent’s sub-account groups',
    access: 'signedIn',
    response: subaccountGroupList,
  },
  createSubaccountGroup: {
    method: 'POST',
    path: '/v3/subagent-group',
    summary: 'Add a sub-account group',
    access: 'mainAccount',
    body: subaccountGroupInput,
    response: subaccountGroup,
  },
  getSubaccountGroup: {
    method: 'GET',
    path: '/v3/subagent-group/:id',
    summary: 'A sub-account group with its count',
    access: 'signedIn',
    params: idParams,
    response: subaccountGroup,
  },
  renameSubaccountGroup: {
    method: 'PATCH',
    path: '/v3/subagent-group/:id',
    summary: 'Rename a sub-account group',
    access: 'mainAccount',
    params: idParams,
    body: subaccountGroupInput,
    response: subaccountGroup,
  },
  deleteSubaccountGroup: {
    method: 'DELETE',
    path: '/v3/subagent-group/:id',
    summary: 'Delete a sub-account group (its sub-accounts move to no group)',
    access: 'mainAccount',
    params: idParams,
    response: ok,
  },
});

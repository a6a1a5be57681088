import {
  DEFAULT_SUBACCOUNT_GROUP,
  password as passwordSchema,
  SUBACCOUNT_PAGE_SIZE,
  type SubaccountCount,
  type SubaccountGroup,
  type SubaccountListQuery,
  subaccountGroupInput,
  subaccountUsername,
} from '@yanbo/contracts';
import type { FormRule } from 'antd';
import { ApiError } from '../../app/http';
import { subaccountTexts as t } from '../../locales/zh-CN/subaccounts';

// The sub-account screens' rules (seed 001 §3, §5, §7), apart from the screens so they can be tested as they are.

export const GROUP_NAME_MAX = subaccountGroupInput.shape.name.maxLength ?? 30;
export const REMARK_MAX = 50;

/** The list's filters as the URL holds them: no group means every sub-account, -1 默认分组 the ungrouped ones. */
export interface SubaccountFilters {
  groupId: number | null;
  username: string;
  page: number;
}

export function filtersFromSearch(params: URLSearchParams): SubaccountFilters {
  const group = Number(params.get('groupId'));
  const page = Number(params.get('page'));
  return {
    groupId: params.get('groupId') && Number.isInteger(group) ? group : null,
    username: params.get('username')?.trim() ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from the plain list, so the plain list stays at a plain /subaccount. */
export function filtersToSearch(filters: SubaccountFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.groupId !== null) params.set('groupId', String(filters.groupId));
  if (filters.username) params.set('username', filters.username);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function listQuery(filters: SubaccountFilters): Partial<SubaccountListQuery> {
  return {
    page: filters.page,
    pageSize: SUBACCOUNT_PAGE_SIZE,
    username: filters.username || undefined,
    groupId: filters.groupId ?? undefined,
  };
}

export interface GroupEntry {
  id: number;
  name: string;
  count: number;
  /** The synthetic 默认分组 cannot be renamed or deleted. */
  synthetic: boolean;
}

/** The group panel: 默认分组 (-1) first with the ungrouped count, then the agent's groups with theirs. */
export function groupEntries(groups: readonly SubaccountGroup[] | undefined, count: SubaccountCount | undefined) {
  const entries: GroupEntry[] = [
    {
      id: DEFAULT_SUBACCOUNT_GROUP,
      name: t['subaccounts.group.default'],
      count: count?.ungrouped ?? 0,
      synthetic: true,
    },
  ];
  for (const group of groups ?? []) {
    const counted = count?.groups.find((entry) => entry.groupId === group.id)?.count;
    entries.push({ id: group.id, name: group.name, count: counted ?? group.subagentCount, synthetic: false });
  }
  return entries;
}

/** A sub-account's group name; a null group is 默认分组. */
export function groupName(groups: readonly SubaccountGroup[] | undefined, groupId: number | null): string {
  if (groupId === null) return t['subaccounts.group.default'];
  return groups?.find((group) => group.id === groupId)?.name ?? t['subaccounts.group.default'];
}

/** How full the quota is, in percent, for the bar. */
export function quotaPercent(count: number, quota: number): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.round((count / quota) * 100));
}

/** A page that a deletion emptied steps back, so the list never shows an empty page with rows before it. */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}

const bySchema =
  (schema: { safeParse(value: unknown): { success: boolean } }, message: string): FormRule =>
  () => ({
    validator: (_rule, value) =>
      !value || schema.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(message)),
  });

const MOBILE_LIKE = /^1[3-9]\d{9}$/;

export const usernameRules: FormRule[] = [
  { required: true, whitespace: true, message: t['subaccounts.form.usernameRequired'] },
  () => ({
    validator: (_rule, value: string | undefined) =>
      value && MOBILE_LIKE.test(value.trim())
        ? Promise.reject(new Error(t['subaccounts.form.usernameMobile']))
        : Promise.resolve(),
  }),
  bySchema(subaccountUsername, t['subaccounts.form.usernameRule']),
];

export const passwordRules = (required: boolean): FormRule[] => [
  ...(required ? [{ required: true, message: t['subaccounts.form.passwordRequired'] }] : []),
  bySchema(passwordSchema, t['subaccounts.form.passwordRule']),
];

export const groupNameRules: FormRule[] = [
  { required: true, whitespace: true, message: t['subaccounts.groups.nameRequired'] },
];

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 12-character password without look-alike characters, for the 随机生成 button. */
export function generatePassword(
  random: (size: number) => Uint8Array = (size) => crypto.getRandomValues(new Uint8Array(size)),
) {
  return Array.from(random(12), (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
}

/** The form field a server failure belongs to (a taken username, a refused group), when the form has it. */
export function failedField<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  if (!(error instanceof ApiError) || !error.field) return undefined;
  return fields.find((field) => field === error.field);
}

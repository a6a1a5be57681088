import { DEFAULT_SUBACCOUNT_GROUP, password, subaccountUsername } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import {
  failedField,
  filtersFromSearch,
  filtersToSearch,
  generatePassword,
  groupEntries,
  groupName,
  listQuery,
  pageAfterDelete,
  quotaPercent,
} from './subaccount-rules';

describe('filters in the URL', () => {
  it('reads the plain list from a plain URL and writes nothing back for it', () => {
    const filters = filtersFromSearch(new URLSearchParams(''));
    expect(filters).toEqual({ groupId: null, username: '', page: 1 });
    expect(filtersToSearch(filters).toString()).toBe('');
    expect(listQuery(filters)).toEqual({ page: 1, pageSize: 10, username: undefined, groupId: undefined });
  });

  it('keeps 默认分组 (-1), a group, a username and a page, and drops nonsense', () => {
    const filters = filtersFromSearch(new URLSearchParams('groupId=-1&username=%20ops%20&page=3'));
    expect(filters).toEqual({ groupId: DEFAULT_SUBACCOUNT_GROUP, username: 'ops', page: 3 });
    expect(filtersToSearch(filters).toString()).toBe('groupId=-1&username=ops&page=3');
    expect(listQuery(filters)).toMatchObject({ groupId: -1, username: 'ops', page: 3 });
    expect(filtersFromSearch(new URLSearchParams('groupId=abc&page=-2'))).toEqual({
      groupId: null,
      username: '',
      page: 1,
    });
  });
});

describe('groups', () => {
  const groups = [
    { id: 7, name: '华东', subagentCount: 1 },
    { id: 9, name: '华南', subagentCount: 0 },
  ];

  it('puts 默认分组 first with the ungrouped count, then each group with the count call’s figure', () => {
    const entries = groupEntries(groups, {
      count: 5,
      quota: 10,
      remainingCount: 5,
      ungrouped: 2,
      groups: [{ groupId: 7, count: 3 }],
    });
    expect(entries).toEqual([
      { id: -1, name: '默认分组', count: 2, synthetic: true },
      { id: 7, name: '华东', count: 3, synthetic: false },
      { id: 9, name: '华南', count: 0, synthetic: false },
    ]);
    expect(groupEntries(undefined, undefined)).toEqual([{ id: -1, name: '默认分组', count: 0, synthetic: true }]);
  });

  it('names a sub-account’s group, a null or unknown one being 默认分组', () => {
    expect(groupName(groups, 9)).toBe('华南');
    expect(groupName(groups, null)).toBe('默认分组');
    expect(groupName(groups, 123)).toBe('默认分组');
  });
});

describe('quota and paging', () => {
  it('fills the bar by count / quota, full at or beyond the quota', () => {
    expect(quotaPercent(0, 5)).toBe(0);
    expect(quotaPercent(2, 5)).toBe(40);
    expect(quotaPercent(5, 5)).toBe(100);
    expect(quotaPercent(7, 5)).toBe(100);
    expect(quotaPercent(0, 0)).toBe(100);
  });

  it('steps back a page when the last row of a later page goes', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
    expect(pageAfterDelete(3, 4)).toBe(3);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});

describe('passwords and failures', () => {
  it('generates a password the contract accepts, from the given randomness', () => {
    const generated = generatePassword();
    expect(password.safeParse(generated).success).toBe(true);
    expect(generated).toHaveLength(12);
    expect(generatePassword((size) => new Uint8Array(size))).toBe('aaaaaaaaaaaa');
    expect(generatePassword()).not.toBe(generated);
  });

  it('the username schema refuses a mobile number and odd characters', () => {
    expect(subaccountUsername.safeParse('room-1').success).toBe(true);
    expect(subaccountUsername.safeParse('13912345678').success).toBe(false);
    expect(subaccountUsername.safeParse('a b').success).toBe(false);
  });

  it('puts a server failure on the field it names, when the form has it', () => {
    const taken = new ApiError(409, 'Username already registered', 'USERNAME_TAKEN', 'username');
    expect(failedField(taken, ['username', 'password'] as const)).toBe('username');
    expect(failedField(new ApiError(403, 'Sub-account quota exceeded'), ['username'] as const)).toBeUndefined();
    expect(failedField(new Error('x'), ['username'] as const)).toBeUndefined();
  });
});

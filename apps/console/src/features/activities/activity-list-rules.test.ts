import { ACTIVITY_PAGE_SIZE, type ActivityList, type ActivityListItem } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVED_GROUP,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  hasMore,
  listQuery,
  matchesStatus,
  mergePages,
  nextPage,
  refreshesRecentLive,
  statusQuery,
  withPushing,
} from './activity-list-rules';

function activity(id: number, changes: Partial<ActivityListItem> = {}): ActivityListItem {
  return {
    id,
    name: `活动 ${id}`,
    type: 'live',
    status: 'enabled',
    progress: 'NotStart',
    isPushing: false,
    isArchived: false,
    groupId: null,
    subagentId: null,
    catalogId: null,
    categoryId: null,
    cover: '',
    spend: 0,
    startedAt: null,
    endedAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    subagent: null,
    ...changes,
  };
}

function page(number: number, ids: number[], total: number): ActivityList {
  return { items: ids.map((id) => activity(id)), pager: { page: number, pageSize: ACTIVITY_PAGE_SIZE, total } };
}

describe('hasMore', () => {
  it('is true while page * pageSize is less than total', () => {
    expect(hasMore({ page: 1, pageSize: 15, total: 16 })).toBe(true);
    expect(hasMore({ page: 2, pageSize: 15, total: 31 })).toBe(true);
  });

  it('is false once the pages cover the total, exactly or beyond', () => {
    expect(hasMore({ page: 1, pageSize: 15, total: 15 })).toBe(false);
    expect(hasMore({ page: 2, pageSize: 15, total: 16 })).toBe(false);
    expect(hasMore({ page: 1, pageSize: 15, total: 0 })).toBe(false);
  });

  it('names the next page only when there is one', () => {
    expect(nextPage({ page: 1, pageSize: 15, total: 40 })).toBe(2);
    expect(nextPage({ page: 3, pageSize: 15, total: 40 })).toBeUndefined();
  });
});

describe('mergePages', () => {
  it('shows page 1 alone, then appends later pages in order', () => {
    expect(mergePages([page(1, [5, 4], 4)]).map((a) => a.id)).toEqual([5, 4]);
    expect(mergePages([page(1, [5, 4], 4), page(2, [3, 2], 4)]).map((a) => a.id)).toEqual([5, 4, 3, 2]);
  });

  it('does not show an activity twice when it moved to a later page between loads', () => {
    expect(mergePages([page(1, [9, 8], 5), page(2, [8, 7], 5)]).map((a) => a.id)).toEqual([9, 8, 7]);
  });
});

describe('status filter', () => {
  it('sends nothing for -1 and the value itself otherwise', () => {
    expect(statusQuery('-1')).toBeUndefined();
    expect(statusQuery('unenabled')).toBe('unenabled');
    expect(statusQuery('enabled')).toBe('enabled');
  });

  it('maps unenabled to enabled + NotStart and enabled to enabled + OnGoing', () => {
    const notStarted = activity(1, { progress: 'NotStart' });
    const onGoing = activity(2, { progress: 'OnGoing' });
    const ended = activity(3, { progress: 'Ended' });
    const disabled = activity(4, { status: 'disabled', progress: 'OnGoing' });
    expect([notStarted, onGoing, ended, disabled].map((a) => matchesStatus(a, 'unenabled'))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([notStarted, onGoing, ended, disabled].map((a) => matchesStatus(a, 'enabled'))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect([notStarted, onGoing, ended, disabled].every((a) => matchesStatus(a, '-1'))).toBe(true);
  });
});

describe('listQuery', () => {
  it('asks for page N of 15 live (not archived) activities with no filter by default', () => {
    expect(listQuery(DEFAULT_FILTERS, 1)).toEqual({ page: 1, pageSize: 15, isArchived: false });
    expect(listQuery(DEFAULT_FILTERS, 3).page).toBe(3);
  });

  it('turns the archived group into isArchived and a real group into groupId', () => {
    expect(listQuery({ ...DEFAULT_FILTERS, groupId: ARCHIVED_GROUP }, 1)).toEqual({
      page: 1,
      pageSize: 15,
      isArchived: true,
    });
    expect(listQuery({ ...DEFAULT_FILTERS, groupId: 7 }, 1)).toMatchObject({ groupId: 7, isArchived: false });
  });

  it('sends the status, the trimmed name and the sub-account, leaving out their "all" values', () => {
    const query = listQuery({ groupId: -1, status: 'enabled', name: '  发布会 ', subagentId: 12 }, 2);
    expect(query).toEqual({
      page: 2,
      pageSize: 15,
      isArchived: false,
      status: 'enabled',
      name: '发布会',
      subagentId: 12,
    });
    expect(listQuery({ ...DEFAULT_FILTERS, name: '   ' }, 1)).not.toHaveProperty('name');
  });
});

describe('filters in the URL', () => {
  it('round-trips every filter, with the archive as isArchived=true', () => {
    const filters = { groupId: ARCHIVED_GROUP, status: 'unenabled' as const, name: '年会', subagentId: 3 };
    const search = filtersToSearch(filters);
    expect(search.get('isArchived')).toBe('true');
    expect(search.has('groupId')).toBe(false);
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(filtersFromSearch(filtersToSearch({ ...DEFAULT_FILTERS, groupId: 4 }))).toEqual({
      ...DEFAULT_FILTERS,
      groupId: 4,
    });
  });

  it('keeps the plain list at a plain URL and ignores values it does not know', () => {
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromSearch(new URLSearchParams('status=bogus&groupId=x&subagentId='))).toEqual(DEFAULT_FILTERS);
  });
});

describe('refreshesRecentLive', () => {
  it('holds only on page 1 with no group, no status and not archived', () => {
    expect(refreshesRecentLive(DEFAULT_FILTERS, 1)).toBe(true);
    expect(refreshesRecentLive({ ...DEFAULT_FILTERS, name: '搜索' }, 1)).toBe(true);
    expect(refreshesRecentLive(DEFAULT_FILTERS, 2)).toBe(false);
    expect(refreshesRecentLive({ ...DEFAULT_FILTERS, groupId: 5 }, 1)).toBe(false);
    expect(refreshesRecentLive({ ...DEFAULT_FILTERS, groupId: ARCHIVED_GROUP }, 1)).toBe(false);
    expect(refreshesRecentLive({ ...DEFAULT_FILTERS, status: 'enabled' }, 1)).toBe(false);
  });
});

describe('withPushing', () => {
  it('changes only the one activity and keeps the list object when nothing changes', () => {
    const list = page(1, [1, 2], 2);
    const changed = withPushing(list, 2, true);
    expect(changed.items.map((a) => a.isPushing)).toEqual([false, true]);
    expect(changed.items[0]).toBe(list.items[0]);
    expect(list.items[1].isPushing).toBe(false);
    expect(withPushing(list, 2, false)).toBe(list);
    expect(withPushing(list, 99, true)).toBe(list);
  });
});

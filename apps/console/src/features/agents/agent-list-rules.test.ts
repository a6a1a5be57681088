import { AGENT_PAGE_SIZE } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  AGENT_STATUS_FILTERS,
  type AgentFilters,
  changeFilters,
  DEFAULT_AGENT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  isFiltered,
  listQuery,
  lowerCoopLevels,
} from './agent-list-rules';

const filters = (changes: Partial<AgentFilters> = {}): AgentFilters => ({ ...DEFAULT_AGENT_FILTERS, ...changes });

describe('the reset on entering /agent', () => {
  it('is coop level empty, search type contact, status empty, content empty, page 1 of 10 (seed 000 §2, §3)', () => {
    expect(DEFAULT_AGENT_FILTERS).toEqual({
      coopLevel: null,
      searchType: 'contact',
      status: '',
      content: '',
      page: 1,
      pageSize: AGENT_PAGE_SIZE,
    });
    expect(AGENT_PAGE_SIZE).toBe(10);
  });

  it('is what an empty URL holds, and it writes back as an empty URL', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(DEFAULT_AGENT_FILTERS);
    expect(filtersToSearch(DEFAULT_AGENT_FILTERS).toString()).toBe('');
  });

  it('offers the status options all, enabled, pending (停用), disabled in that order', () => {
    expect(AGENT_STATUS_FILTERS).toEqual(['', 'enabled', 'pending', 'disabled']);
  });
});

describe('the URL of a search', () => {
  it('round-trips every filter', () => {
    const search = filters({ coopLevel: 0, searchType: 'email', status: 'pending', content: 'a@b.cn', page: 3 });
    expect(filtersToSearch(search).toString()).toBe(
      'searchType=email&content=a%40b.cn&status=pending&coopLevel=0&page=3',
    );
    expect(filtersFromSearch(filtersToSearch(search))).toEqual(search);
  });

  it('falls back to the defaults for values it does not know', () => {
    const params = new URLSearchParams('searchType=name&status=gone&coopLevel=x&page=-2&pageSize=100000');
    expect(filtersFromSearch(params)).toEqual({ ...DEFAULT_AGENT_FILTERS, pageSize: 100 });
  });

  it('keeps a chosen search type even before anything is typed', () => {
    expect(filtersToSearch(filters({ searchType: 'mobile' })).toString()).toBe('searchType=mobile');
  });
});

describe('the query sent to GET /agent/agent', () => {
  it('is page and pageSize alone for the reset filters: empty values are not sent (seed 000 §5)', () => {
    expect(listQuery(DEFAULT_AGENT_FILTERS)).toEqual({ page: 1, pageSize: 10 });
  });

  it('carries the search type with its trimmed content, for each search type', () => {
    for (const searchType of ['contact', 'company', 'id', 'email', 'mobile'] as const) {
      expect(listQuery(filters({ searchType, content: '  42 ' }))).toEqual({
        page: 1,
        pageSize: 10,
        searchType,
        content: '42',
      });
    }
  });

  it('sends status and coop level only when chosen, level 0 included', () => {
    expect(listQuery(filters({ status: 'disabled', coopLevel: 0, page: 2 }))).toEqual({
      page: 2,
      pageSize: 10,
      status: 'disabled',
      coopLevel: 0,
    });
    expect(listQuery(filters({ content: '   ' }))).toEqual({ page: 1, pageSize: 10 });
  });

  it('says a list is filtered only when some filter narrows it', () => {
    expect(isFiltered(DEFAULT_AGENT_FILTERS)).toBe(false);
    expect(isFiltered(filters({ searchType: 'email' }))).toBe(false);
    expect(isFiltered(filters({ coopLevel: 0 }))).toBe(true);
    expect(isFiltered(filters({ status: 'enabled' }))).toBe(true);
    expect(isFiltered(filters({ content: 'x' }))).toBe(true);
  });
});

describe('changing filters', () => {
  it('goes back to page 1 when a filter or the page size changes', () => {
    const onPage3 = filters({ page: 3 });
    expect(changeFilters(onPage3, { status: 'enabled' }).page).toBe(1);
    expect(changeFilters(onPage3, { content: 'x' }).page).toBe(1);
    expect(changeFilters(onPage3, { page: 3, pageSize: 20 })).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('keeps the other filters when only the page changes', () => {
    const searched = filters({ content: 'x', status: 'pending' });
    expect(changeFilters(searched, { page: 4, pageSize: 10 })).toEqual({ ...searched, page: 4 });
  });
});

describe('coop levels below the caller', () => {
  it('lists the levels lower than its own, highest first, none for level 0', () => {
    expect(lowerCoopLevels(3)).toEqual([2, 1, 0]);
    expect(lowerCoopLevels(0)).toEqual([]);
  });
});

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BottomNav,
  type HOMEPAGE_ACTIONS,
  PAGE_LIST_PAGE_SIZE,
  PAGE_PAGE_SIZE,
  type PageColumnInput,
  type PageUpdate,
  pageCalls,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { pageTexts as t } from '../../../locales/zh-CN/pages';

// /page and its columns, home page and bottom navigation (seed 001 §7 "Pages"). Seed 001 §8: in page actions the
// failure goes to the caller's reject callback, so every mutation here is silent to the global toast and the screen
// that called it says what went wrong where it happened (pageErrorText).

export const pagesKey = ['pages'] as const;

export interface PageFilters {
  page: number;
}

export const pageListQuery = (filters: PageFilters) =>
  queryOptions({
    queryKey: [...pagesKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api(pageCalls.listPages, { query: { page: filters.page, pageSize: PAGE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const pageQuery = (id: number) =>
  queryOptions({
    queryKey: [...pagesKey, id] as const,
    queryFn: ({ signal }) => api(pageCalls.getPage, { params: { id }, signal }),
    // The editor holds its own copy while it is open: a background refetch must not look like a change.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Seed 001 §7, §9: a page's columns are fetched with page size 9999, all at once. */
export const columnsQuery = (id: number) =>
  queryOptions({
    queryKey: [...pagesKey, id, 'columns'] as const,
    queryFn: ({ signal }) =>
      api(pageCalls.listPageColumns, { params: { id }, query: { page: 1, pageSize: PAGE_LIST_PAGE_SIZE }, signal }),
  });

const silent = { silent: true } as const;

/** The list's mutations: create, delete, home page. Each reloads the list (seed 000 §4). */
export function usePageListMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: [...pagesKey, 'list'] });
  const create = useMutation({
    mutationFn: (body: { name: string }) => api(pageCalls.createPage, { body }),
    meta: silent,
    onSuccess: async () => {
      toastSuccess(t['pages.toast.created']);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(pageCalls.deletePage, { params: { id } }),
    meta: silent,
    onSuccess: async (_, id) => {
      toastSuccess(t['pages.toast.deleted']);
      queryClient.removeQueries({ queryKey: [...pagesKey, id] });
      await reload();
    },
  });
  const homepage = useMutation({
    mutationFn: ({ id, action }: { id: number; action: (typeof HOMEPAGE_ACTIONS)[number] }) =>
      api(pageCalls.setHomepage, { params: { id, action } }),
    meta: silent,
    onSuccess: async () => {
      toastSuccess(t['pages.toast.set']);
      await reload();
    },
  });
  return { create, remove, homepage };
}

/** Saves the draft (and publishes it with publish: true); the saved page replaces the cached one. */
export function useSavePage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PageUpdate) => api(pageCalls.updatePage, { params: { id }, body }),
    meta: silent,
    onSuccess: async (saved, body) => {
      queryClient.setQueryData(pageQuery(id).queryKey, saved);
      toastSuccess(body.publish ? t['pages.toast.published'] : t['pages.toast.saved']);
      await queryClient.invalidateQueries({ queryKey: [...pagesKey, 'list'] });
    },
  });
}

export function useSaveBottomNav(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BottomNav) => api(pageCalls.saveBottomNav, { params: { id }, body }),
    meta: silent,
    onSuccess: (bottomNav) => {
      queryClient.setQueryData(pageQuery(id).queryKey, (page) => (page ? { ...page, bottomNav } : page));
      toastSuccess(t['pages.toast.saved']);
    },
  });
}

/** A column's add, edit and delete; seed 001 §4 "Page column edit": a success message, then the columns reload. */
export function useColumnMutations(id: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: columnsQuery(id).queryKey });
  const create = useMutation({
    mutationFn: (body: PageColumnInput) => api(pageCalls.createPageColumn, { params: { id }, body }),
    meta: silent,
    onSuccess: async () => {
      toastSuccess(t['pages.toast.added']);
      await reload();
    },
  });
  const update = useMutation({
    mutationFn: ({ listId, body }: { listId: number; body: PageColumnInput }) =>
      api(pageCalls.updatePageColumn, { params: { id, listId }, body }),
    meta: silent,
    onSuccess: async () => {
      toastSuccess(t['pages.toast.edited']);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (listId: number) => api(pageCalls.deletePageColumn, { params: { id, listId } }),
    meta: silent,
    onSuccess: async () => {
      toastSuccess(t['pages.toast.deleted']);
      await reload();
    },
  });
  return { create, update, remove };
}

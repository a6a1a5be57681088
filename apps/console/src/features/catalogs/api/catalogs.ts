import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CATALOG_ERRORS,
  CATALOG_PAGE_SIZE,
  type CatalogAbstract,
  type CatalogAppearance,
  type CatalogShare,
  type ChaptersInput,
  catalogCalls,
} from '@yanbo/contracts';
import { feedback, toastSuccess } from '../../../app/feedback';
import { ApiError, api, errorText } from '../../../app/http';
import { catalogErrorTexts, catalogNameTakenText, catalogTexts as t } from '../../../locales/zh-CN/catalogs';

// /v3/catalog and its chapters, share card, description and appearance (seed 001 §7). A mutation reloads what it
// changed; its failure is shown here with the seed's catalog texts (seed 001 §8), so the global toast stays silent.

export const catalogsKey = ['catalogs'] as const;

export interface CatalogFilters {
  page: number;
  name?: string;
}

export const catalogListQuery = (filters: CatalogFilters) =>
  queryOptions({
    queryKey: [...catalogsKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api(catalogCalls.listCatalogs, {
        query: { page: filters.page, pageSize: CATALOG_PAGE_SIZE, name: filters.name },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const catalogQuery = (id: number) =>
  queryOptions({
    queryKey: [...catalogsKey, id] as const,
    queryFn: ({ signal }) => api(catalogCalls.getCatalog, { params: { id }, signal }),
  });
export const chaptersQuery = (id: number) =>
  queryOptions({
    queryKey: [...catalogsKey, id, 'chapters'] as const,
    queryFn: ({ signal }) => api(catalogCalls.getCatalogChapters, { params: { id }, signal }),
  });
export const shareQuery = (id: number) =>
  queryOptions({
    queryKey: [...catalogsKey, id, 'share'] as const,
    queryFn: ({ signal }) => api(catalogCalls.getCatalogShare, { params: { id }, signal }),
  });
export const abstractQuery = (id: number) =>
  queryOptions({
    queryKey: [...catalogsKey, id, 'abstract'] as const,
    queryFn: ({ signal }) => api(catalogCalls.getCatalogAbstract, { params: { id }, signal }),
  });
export const appearanceQuery = (id: number) =>
  queryOptions({
    queryKey: [...catalogsKey, id, 'appearance'] as const,
    queryFn: ({ signal }) => api(catalogCalls.getCatalogAppearance, { params: { id }, signal }),
  });

/** The seed's text for a catalog failure: by its message (after a validation's `field: `), else the usual one. */
export async function catalogErrorText(error: unknown, action: 'create' | 'edit'): Promise<string> {
  if (error instanceof ApiError) {
    const message = error.message.replace(/^[\w.]+: /, '');
    if (message === CATALOG_ERRORS.nameTaken) return catalogNameTakenText[action];
    const text = catalogErrorTexts[message];
    if (text) return text;
  }
  return errorText(error);
}

const showFailure = (action: 'create' | 'edit') => async (error: unknown) => {
  feedback().message.error(await catalogErrorText(error, action));
};
const silent = { silent: true } as const;

export function useCatalogMutations(onReload: () => void) {
  const queryClient = useQueryClient();
  const reload = async () => {
    onReload();
    await queryClient.invalidateQueries({ queryKey: catalogsKey });
  };
  const create = useMutation({
    mutationFn: (name: string) => api(catalogCalls.createCatalog, { body: { name } }),
    meta: silent,
    onError: showFailure('create'),
    onSuccess: async () => {
      toastSuccess(t['catalogs.toast.created']);
      await reload();
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api(catalogCalls.updateCatalog, { params: { id }, body: { name } }),
    meta: silent,
    onError: showFailure('edit'),
    onSuccess: async () => {
      toastSuccess(t['catalogs.toast.renamed']);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(catalogCalls.deleteCatalog, { params: { id } }),
    meta: silent,
    onError: showFailure('edit'),
    onSuccess: async () => {
      toastSuccess(t['catalogs.toast.deleted']);
      await reload();
    },
  });
  return { create, rename, remove };
}

function useSave<I, O>(id: number, part: string, save: (body: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    meta: silent,
    onError: showFailure('edit'),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...catalogsKey, id, part], saved);
      toastSuccess(t['catalogs.toast.saved']);
      // The counts on the list and the catalog change with the chapters.
      await queryClient.invalidateQueries({ queryKey: catalogsKey, predicate: (q) => q.queryKey[2] !== part });
    },
  });
}

export const useSaveChapters = (id: number) =>
  useSave(id, 'chapters', (body: ChaptersInput) => api(catalogCalls.updateCatalogChapters, { params: { id }, body }));
export const useSaveShare = (id: number) =>
  useSave(id, 'share', (body: CatalogShare) => api(catalogCalls.saveCatalogShare, { params: { id }, body }));
export const useSaveAbstract = (id: number) =>
  useSave(id, 'abstract', (body: CatalogAbstract) => api(catalogCalls.saveCatalogAbstract, { params: { id }, body }));
export const useSaveAppearance = (id: number) =>
  useSave(id, 'appearance', (body: CatalogAppearance) =>
    api(catalogCalls.saveCatalogAppearance, { params: { id }, body }),
  );

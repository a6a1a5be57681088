import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  activityCalls,
  REGISTRATION_BINDING_PAGE_SIZE,
  REGISTRATION_PAGE_SIZE,
  REGISTRATION_RECORD_PAGE_SIZE,
  type RegistrationConfig,
  type RegistrationField,
  type RegistrationKind,
  type ReviewStatus,
  registrationCalls,
} from '@yanbo/contracts';
import { feedback, toastSuccess } from '../../../app/feedback';
import { ApiError, api, errorText } from '../../../app/http';
import { registrationErrorTexts, registrationTexts as t } from '../../../locales/zh-CN/registration';

// /v3/registration: the forms of both kinds, their bindings, records and review (seed 001 §7 "Registration"). A
// mutation reloads what it changed; its failure is shown here with this area's texts (seed 001 §8 for the bind
// refusal), so the global toast stays silent.

export const registrationKey = ['registration'] as const;

export interface RegistrationFilters {
  page: number;
  kind: RegistrationKind;
  name?: string;
}

export const registrationListQuery = (filters: RegistrationFilters) =>
  queryOptions({
    queryKey: [...registrationKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api(registrationCalls.listRegistrations, {
        query: { page: filters.page, pageSize: REGISTRATION_PAGE_SIZE, kind: filters.kind, name: filters.name },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const registrationQuery = (id: number) =>
  queryOptions({
    queryKey: [...registrationKey, id] as const,
    queryFn: ({ signal }) => api(registrationCalls.getRegistration, { params: { id }, signal }),
  });

export interface RecordFilters {
  page: number;
  status?: ReviewStatus;
  mobile?: string;
}
export const recordsQuery = (registrationId: number, filters: RecordFilters) =>
  queryOptions({
    queryKey: [...registrationKey, registrationId, 'records', filters] as const,
    queryFn: ({ signal }) =>
      api(registrationCalls.listRegistrationRecords, {
        query: { registrationId, pageSize: REGISTRATION_RECORD_PAGE_SIZE, ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const bindingsQuery = (registrationId: number, page: number) =>
  queryOptions({
    queryKey: [...registrationKey, registrationId, 'bindings', page] as const,
    queryFn: ({ signal }) =>
      api(registrationCalls.listRegistrationBindings, {
        params: { id: registrationId },
        query: { page, pageSize: REGISTRATION_BINDING_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Activities to bind, searched by name (the first 100). */
export const activityOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: [...registrationKey, 'activity-options', name] as const,
    queryFn: ({ signal }) => api(activityCalls.listActivities, { query: { name, page: 1, pageSize: 100 }, signal }),
    placeholderData: keepPreviousData,
  });

/** This area's text for a failure: by its message (after a validation's `field: `), else the usual one. */
export async function registrationErrorText(error: unknown): Promise<string> {
  if (error instanceof ApiError) {
    const text = registrationErrorTexts[error.message.replace(/^[\w.]+: /, '')];
    if (text) return text;
  }
  return errorText(error);
}

const showFailure = async (error: unknown) => {
  feedback().message.error(await registrationErrorText(error));
};
const silent = { silent: true } as const;

export interface RegistrationBody {
  kind: RegistrationKind;
  name: string;
  fields: RegistrationField[];
  config: RegistrationConfig;
}

export function useRegistrationMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: registrationKey });
  const done = (text: string) => async () => {
    toastSuccess(text);
    await reload();
  };
  const create = useMutation({
    mutationFn: (body: RegistrationBody) => api(registrationCalls.createRegistration, { body }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.created']),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Omit<RegistrationBody, 'kind'> }) =>
      api(registrationCalls.updateRegistration, { params: { id }, body }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.saved']),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(registrationCalls.deleteRegistration, { params: { id } }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.deleted']),
  });
  const duplicate = useMutation({
    mutationFn: (id: number) => api(registrationCalls.duplicateRegistration, { params: { id } }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.duplicated']),
  });
  const bind = useMutation({
    mutationFn: ({ id, activityIds }: { id: number; activityIds: number[] }) =>
      api(registrationCalls.bindRegistration, { params: { id }, body: { activityIds } }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.bound']),
  });
  const unbind = useMutation({
    mutationFn: ({ id, activityIds }: { id: number; activityIds: number[] }) =>
      api(registrationCalls.unbindRegistration, { params: { id }, body: { activityIds } }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.unbound']),
  });
  const review = useMutation({
    mutationFn: ({
      id,
      recordIds,
      status,
      reason,
    }: {
      id: number;
      recordIds: number[];
      status: ReviewStatus;
      reason?: string;
    }) => api(registrationCalls.reviewRegistration, { params: { id }, body: { recordIds, status, reason } }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.reviewed']),
  });
  const whitelist = useMutation({
    mutationFn: ({ id, mobiles }: { id: number; mobiles: string[] }) =>
      api(registrationCalls.reviewRegistration, { params: { id }, body: { mobiles, status: 'approved' } }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.whitelisted']),
  });
  const removeRecord = useMutation({
    mutationFn: (id: number) => api(registrationCalls.deleteRegistrationRecord, { params: { id } }),
    meta: silent,
    onError: showFailure,
    onSuccess: done(t['registration.toast.deleted']),
  });
  return { create, update, remove, duplicate, bind, unbind, review, whitelist, removeRecord };
}

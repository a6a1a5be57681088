import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ExtensionAction,
  type ExtensionIdentity,
  type ExtensionState,
  extensionCalls,
  QUESTIONNAIRE_TEXT_PAGE_SIZE,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { downloadFile } from '../../exports';

// The server's extension registry (lottery, questionnaire, sign-in): state through /v3/activity/{id}/extension/...,
// settings through the extension's own /ext-proxy/{identity}/activity/{id}/setting.

export const extensionQuery = (activityId: number, identity: ExtensionIdentity) =>
  queryOptions({
    queryKey: ['activity-settings', activityId, 'extension', identity] as const,
    queryFn: ({ signal }) => api(extensionCalls.getExtension, { params: { id: activityId, identity }, signal }),
  });

export function useExtensionMutations(activityId: number, identity: ExtensionIdentity) {
  const queryClient = useQueryClient();
  const store = (state: ExtensionState) =>
    queryClient.setQueryData(extensionQuery(activityId, identity).queryKey, state);
  const configure = useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      api(extensionCalls.saveProxiedExtensionSettings, { params: { id: activityId, identity }, body: settings }),
    onSuccess: (state) => {
      store(state);
      toastSuccess(t['settings.toast.configured']);
      // A changed question set is a new version: the results follow it.
      void queryClient.invalidateQueries({ queryKey: ['activity-settings', activityId, 'questionnaire'] });
    },
  });
  const run = useMutation({
    mutationFn: (action: ExtensionAction) =>
      api(extensionCalls.runExtensionAction, { params: { id: activityId, identity, action } }),
    onSuccess: (state) => {
      store(state);
      toastSuccess(t['settings.toast.set']);
    },
  });
  return { configure, run };
}

// The questionnaire's results (/v3/activity/{id}/questionnaire/...): one version's tally, a text question's answers
// page by page, and the CSV. Asked again every few seconds while open, so the answers come in as viewers send them.

const RESULTS_REFRESH_MS = 5_000;
const questionnaireKey = (activityId: number) => ['activity-settings', activityId, 'questionnaire'] as const;

export const questionnaireResultsQuery = (activityId: number, version: string | undefined) =>
  queryOptions({
    queryKey: [...questionnaireKey(activityId), 'results', version ?? 'current'] as const,
    queryFn: ({ signal }) =>
      api(extensionCalls.getQuestionnaireResults, { params: { id: activityId }, query: { version }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: RESULTS_REFRESH_MS,
  });

export const questionnaireTextQuery = (activityId: number, version: string, question: number, page: number) =>
  queryOptions({
    queryKey: [...questionnaireKey(activityId), 'text', version, question, page] as const,
    queryFn: ({ signal }) =>
      api(extensionCalls.listQuestionnaireTextAnswers, {
        params: { id: activityId },
        query: { version, question, page, pageSize: QUESTIONNAIRE_TEXT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: RESULTS_REFRESH_MS,
  });

/** One version's answer sheets as a CSV file, streamed to disk by the browser with an export token. */
export function downloadQuestionnaire(activityId: number, version: string): Promise<void> {
  return downloadFile(extensionCalls.downloadQuestionnaireAnswers, { params: { id: activityId }, query: { version } });
}

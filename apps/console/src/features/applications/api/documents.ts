import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_PREFIX,
  DOCUMENT_ERRORS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_PAGE_SIZE,
  type Document,
  type DocumentListQuery,
  type DocumentUpdate,
  documentCalls,
  documentTypeOf,
  IDEMPOTENCY_HEADER,
} from '@yanbo/contracts';
import { feedback, toastSuccess } from '../../../app/feedback';
import { ApiError, api, errorText, newIdempotencyKey } from '../../../app/http';
import { getManageToken } from '../../../app/manage-token';
import { documentErrorTexts, applicationTexts as t } from '../../../locales/zh-CN/applications';

// The 文档 application: the agent's document library (/v3/agent/document), its permission and its activities. A
// change reloads the list; a failure is shown with the document texts, else the usual one.

export const documentsKey = ['applications', 'documents'] as const;

export const documentListQuery = (filters: Omit<DocumentListQuery, 'pageSize'>) =>
  queryOptions({
    queryKey: [...documentsKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api(documentCalls.listDocuments, { query: { ...filters, pageSize: DOCUMENT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** The text for a document failure: the server's refusal in Chinese, else the usual one. */
export async function documentErrorText(error: unknown): Promise<string> {
  if (error instanceof ApiError) {
    const text = documentErrorTexts[error.message.replace(/^[\w.]+: /, '')];
    if (text) return text;
  }
  return errorText(error);
}

const showDocumentError = async (error: unknown) => feedback().message.error(await documentErrorText(error));

/**
 * Uploads one file (multipart, with the bearer token and an Idempotency-Key, so a repeat stores one document) and
 * reports its progress in percent. A type or size the server would refuse is refused before sending.
 */
export function uploadDocument(file: File, onProgress: (percent: number) => void): Promise<Document> {
  if (!documentTypeOf(file.name)) return Promise.reject(new ApiError(400, DOCUMENT_ERRORS.fileTypeRefused));
  if (file.size > DOCUMENT_MAX_BYTES) return Promise.reject(new ApiError(413, DOCUMENT_ERRORS.fileTooLarge));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(documentCalls.uploadDocument.method, `${API_PREFIX}${documentCalls.uploadDocument.path}`);
    const token = getManageToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, newIdempotencyKey());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(-1, ''));
    xhr.onload = () => {
      let body: { message?: string; code?: string; field?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Document);
      else reject(new ApiError(xhr.status, body.message ?? '', body.code, body.field, body));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export function useDocumentMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: documentsKey });
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadDocument(file, onProgress),
    meta: { silent: true },
    onError: showDocumentError,
    onSuccess: async () => {
      toastSuccess(t['applications.document.toast.uploaded']);
      await reload();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: DocumentUpdate }) =>
      api(documentCalls.updateDocument, { params: { id }, body }),
    meta: { silent: true },
    onError: showDocumentError,
    onSuccess: async () => {
      toastSuccess(t['applications.document.toast.saved']);
      await reload();
    },
  });
  const bind = useMutation({
    mutationFn: ({ id, activityIds }: { id: number; activityIds: number[] }) =>
      api(documentCalls.bindDocument, { params: { id }, body: { activityIds } }),
    meta: { silent: true },
    onError: showDocumentError,
    onSuccess: async () => {
      toastSuccess(t['applications.document.toast.saved']);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(documentCalls.deleteDocument, { params: { id } }),
    meta: { silent: true },
    onError: showDocumentError,
    onSuccess: async () => {
      toastSuccess(t['applications.document.toast.deleted']);
      await reload();
    },
  });
  return { upload, update, bind, remove };
}

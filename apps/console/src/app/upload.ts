import { type CallInput, type Uploaded, type UploadKind, uploadCalls } from '@yanbo/contracts';
import { ApiError, api } from './http';
import { getManageToken } from './manage-token';

/**
 * Uploads a file the way every upload policy works: ask for a short-lived policy of its kind, check the size against
 * it, then post the file with the policy's token. Answers where the file is served. A file over the policy's limit is
 * refused before sending, as 413 with the policy in the error's body (its maxBytes says the limit).
 */
export async function uploadWithPolicy(
  kind: UploadKind,
  file: File,
  query: CallInput<typeof uploadCalls.getUploadPolicy, 'query'> = {},
): Promise<Uploaded> {
  const policy = await api(uploadCalls.getUploadPolicy, { params: { kind }, query });
  if (file.size > policy.maxBytes) throw new ApiError(413, 'File too large', undefined, 'file', policy);
  const form = new FormData();
  form.append('token', policy.token);
  form.append(policy.field, file);
  const token = getManageToken();
  const response = await fetch(policy.url, {
    method: policy.method,
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json().catch(() => ({}))) as Uploaded & { message?: string; code?: string };
  if (!response.ok) throw new ApiError(response.status, body.message ?? '', body.code);
  return body;
}

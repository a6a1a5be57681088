import { type CallInput, type Uploaded, type UploadKind, uploadCalls } from '@yanbo/contracts';
import { ApiError, api } from './http';
import { getManageToken } from './manage-token';

/**
 * Uploads a file the way every upload policy works: ask for a short-lived policy of its kind (naming the file's type),
 * check the size against it, then post the file with the policy's token. Answers where the file is served. A file
 * over the policy's limit is refused before sending, as 413 with the policy in the error's body (its maxBytes says
 * the limit). With files in a bucket the policy is a presigned form: the file goes straight to the bucket, and the
 * server then checks and records it (completeUpload).
 */
export async function uploadWithPolicy(
  kind: UploadKind,
  file: File,
  query: CallInput<typeof uploadCalls.getUploadPolicy, 'query'> = {},
): Promise<Uploaded> {
  const policy = await api(uploadCalls.getUploadPolicy, {
    params: { kind },
    query: { ...query, ...(file.type ? { type: file.type } : {}) },
  });
  if (file.size > policy.maxBytes) throw new ApiError(413, 'File too large', undefined, 'file', policy);
  const form = new FormData();
  if (policy.fields) {
    // A presigned POST: its fields first, the file last (the bucket ignores whatever follows the file).
    for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
    form.append(policy.field, file);
    const stored = await fetch(policy.url, { method: policy.method, body: form });
    if (!stored.ok) throw bucketRefusal(stored.status, await stored.text().catch(() => ''), policy);
    return api(uploadCalls.completeUpload, { body: { token: policy.token } });
  }
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

/** The bucket answers S3's XML errors: a body beyond the policy's size is shown as the server's own 413. */
function bucketRefusal(status: number, xml: string, policy: unknown): ApiError {
  const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1] ?? '';
  const message = /<Message>([^<]*)<\/Message>/.exec(xml)?.[1] ?? code;
  if (code === 'EntityTooLarge') return new ApiError(413, 'File too large', undefined, 'file', policy);
  return new ApiError(status, message);
}

import { z } from 'zod';
import { defineCalls } from './call.ts';
import { idParams, isoDateTime } from './common.ts';

/** What an upload policy is for (GET /v3/upload-policy/{kind}): each kind has its own size and type rules. */
export const UPLOAD_KINDS = ['agent-avatar', 'agent', 'activity'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * Upload policy: where and how the browser uploads a file (agent avatar and the activity/agent policies). With files
 * in a bucket, url is the bucket's and fields the presigned POST form (sent before the file, in order), whose
 * conditions carry maxBytes and the file's type; the upload is then completed with the token (completeUpload).
 */
export const uploadPolicy = z.object({
  url: z.string(),
  method: z.literal('POST'),
  field: z.string(),
  maxBytes: z.number().int(),
  accept: z.array(z.string()),
  token: z.string(),
  expiresAt: isoDateTime,
  fields: z.record(z.string(), z.string()).optional(),
});
export type UploadPolicy = z.infer<typeof uploadPolicy>;
export const uploaded = z.object({ filepath: z.string(), url: z.string() });
export type Uploaded = z.infer<typeof uploaded>;

export const uploadPolicyParams = z.object({ kind: z.enum(UPLOAD_KINDS) });
/**
 * An activity's policy names the activity; the other kinds belong to the agent. type is the file's type: with files in
 * a bucket and a type the kind accepts, the policy is a straight-to-bucket form for that one type; otherwise the file
 * goes through the server.
 */
export const uploadPolicyQuery = z.object({
  activityId: z.coerce.number().int().positive().optional(),
  type: z.string().max(100).optional(),
});
/** A straight-to-bucket upload is completed with its policy's token: the server checks the stored file first. */
export const completeUploadBody = z.object({ token: z.string().min(1).max(2000) });
/** The policy token may come in the query or as the form's `token` field. */
export const uploadQuery = z.object({ token: z.string().optional() });

// The uploads take multipart/form-data, which the entries do not describe: the file is read from the request itself
// under the size limit of its policy or of an activity picture.
export const uploadCalls = defineCalls('uploads', {
  getUploadPolicy: {
    method: 'GET',
    path: '/v3/upload-policy/:kind',
    summary: 'A short-lived permission to upload one kind of file, with its size and type rules',
    access: 'signedIn',
    params: uploadPolicyParams,
    query: uploadPolicyQuery,
    response: uploadPolicy,
  },
  upload: {
    method: 'POST',
    path: '/upload',
    summary: 'Upload a file (multipart) under an upload policy’s token',
    access: 'public',
    query: uploadQuery,
    response: uploaded,
  },
  completeUpload: {
    method: 'POST',
    path: '/upload/complete',
    summary: 'Check and record a file a browser uploaded straight to the bucket under an upload policy',
    access: 'public',
    body: completeUploadBody,
    response: uploaded,
  },
  uploadActivityPicture: {
    method: 'POST',
    path: '/activity/:id/upload',
    summary: 'Upload a picture or cover (multipart) for an activity’s page',
    access: 'signedIn',
    params: idParams,
    response: uploaded,
  },
});

import { extname } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  ACTIVITY_PICTURE_MAX_BYTES,
  ACTIVITY_PICTURE_TYPES,
  ERROR_CODES,
  ERROR_MESSAGES,
  trimUploadFilepath,
  type Uploaded,
  type UploadKind,
  type UploadPolicy,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { randomToken } from '../../platform/crypto.ts';
import { HttpError, invalidField, tooManyRequests } from '../../platform/errors.ts';
import { secondsUntil } from '../../platform/rate-limit.ts';
import { sessionIsLive } from '../../platform/sessions.ts';
import { signToken, verifyToken } from '../../platform/signed-token.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { assertStorageQuota } from '../price/index.ts';
import { assertUploadContent } from './content-check.ts';

const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const RULES: Record<UploadKind, { maxBytes: number; accept: string[] }> = {
  'agent-avatar': { maxBytes: 2 * 1024 * 1024, accept: IMAGES },
  agent: { maxBytes: 20 * 1024 * 1024, accept: [...IMAGES, 'application/pdf', 'text/csv'] },
  activity: { maxBytes: 1024 * 1024 * 1024, accept: [...IMAGES, 'video/mp4', 'audio/mpeg', 'application/pdf'] },
};
const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
  'text/csv': '.csv',
  'video/mp4': '.mp4',
  'audio/mpeg': '.mp3',
};
const POLICY_PURPOSE = 'upload';
const POLICY_TTL_MS = 30 * 60_000;
const COMPLETIONS_PER_POLICY = 5;
export const UPLOAD_URL = '/api/upload';

interface PolicyPayload extends Record<string, unknown> {
  agentId: number;
  /** The session that asked for the policy: the policy dies with it (issue 8). */
  sessionId: number;
  kind: UploadKind;
  activityId: number | null;
  /** For an upload straight to the bucket: the key and type the presigned POST allows. */
  key?: string;
  mimetype?: string;
}

/** An upload policy: a signed, short-lived permission to upload one kind of file for the caller's agent. */
export async function createUploadPolicy(
  ctx: AppContext,
  caller: Caller,
  kind: UploadKind,
  activityId: number | undefined,
  type?: string,
): Promise<UploadPolicy> {
  if (kind === 'activity' && activityId === undefined) throw invalidField('activityId', 'Required');
  const scopedActivity = kind === 'activity' ? await ownActivity(ctx.db, caller, activityId as number) : null;
  const payload: PolicyPayload = {
    agentId: caller.agentId,
    sessionId: caller.sessionId,
    kind,
    activityId: scopedActivity,
  };
  const rules = RULES[kind];
  // With files in a bucket and an accepted type named, the browser uploads straight to the bucket: the policy is for
  // one key and that type, and the bucket itself refuses a body beyond the size or of another type; the token then
  // names the key to check and record. Otherwise (local files, no type, or a type refused) the file comes through this
  // server, which refuses it in the words the console already shows.
  const direct = type && rules.accept.includes(type) ? type : null;
  const key = direct ? storedKeyOf(payload, direct, '') : '';
  const form = direct ? await ctx.files.directUpload(key, directRules(rules.maxBytes, direct)) : null;
  const signed = signToken(
    ctx.secretKey,
    POLICY_PURPOSE,
    form ? { ...payload, key, mimetype: direct } : payload,
    POLICY_TTL_MS,
  );
  const expiresAt = signed.expiresAt.toISOString();
  if (form) {
    const { url, fields } = form;
    return { url, method: 'POST', field: 'file', fields, token: signed.token, expiresAt, ...rules };
  }
  // The token rides in the URL too, so the server knows the size limit before the body arrives.
  const url = `${UPLOAD_URL}?token=${encodeURIComponent(signed.token)}`;
  return { url, method: 'POST', field: 'file', token: signed.token, expiresAt, ...rules };
}

const directRules = (maxBytes: number, contentType: string) => ({
  maxBytes,
  contentType,
  expiresSeconds: POLICY_TTL_MS / 1000,
});

/** Where a policy's upload is kept: the activity's folder, or the agent's avatar or files folder. */
function storedKeyOf(policy: PolicyPayload, mimetype: string, filename: string): string {
  const folder =
    policy.kind === 'activity'
      ? `activity/${policy.activityId}`
      : `agent/${policy.agentId}/${policy.kind === 'agent-avatar' ? 'avatar' : 'files'}`;
  const extension = EXTENSIONS[mimetype] ?? (extname(filename).toLowerCase() || '');
  return `${folder}/${Date.now().toString(36)}${randomToken(6)}${extension}`;
}

async function livePolicy(ctx: AppContext, policyToken: string): Promise<PolicyPayload> {
  const policy = verifyToken<PolicyPayload>(ctx.secretKey, POLICY_PURPOSE, policyToken);
  // A policy of a session that ended (logout, password change, a disabled or deleted account) is refused like an
  // expired one.
  if (!policy || typeof policy.sessionId !== 'number' || !(await sessionIsLive(ctx.db, policy.sessionId))) {
    throw new HttpError(403, 'Upload policy is invalid or expired');
  }
  return policy;
}

/**
 * Completes an upload a browser made straight to the bucket: the object the policy named must be there, within the
 * size, of the policy's type, and be what it claims (an image's magic read by a ranged GET, a document's or a video's
 * content as for any upload); anything else is removed from the bucket and refused before it is recorded.
 */
export async function completeDirectUpload(ctx: AppContext, policyToken: string): Promise<Uploaded> {
  const policy = await livePolicy(ctx, policyToken);
  if (typeof policy.key !== 'string' || typeof policy.mimetype !== 'string') {
    throw invalidField('token', 'Not a policy for an upload to the bucket');
  }
  const { key, mimetype } = policy;
  // A retried completion answers again, but each one reads the object (a video's whole copy): a few per policy.
  const tries = await ctx.limits.hit(`upload-complete:${key}`, POLICY_TTL_MS);
  if (tries.count > COMPLETIONS_PER_POLICY) {
    throw tooManyRequests('Upload completed too many times', ERROR_CODES.rateLimited, secondsUntil(tries.resetAt));
  }
  const rules = RULES[policy.kind];
  const stored = await ctx.files.stat(key);
  if (!stored) throw invalidField('file', 'File was not uploaded');
  const refuse = async (error: HttpError) => {
    await ctx.files.remove(key);
    throw error;
  };
  if (stored.size > rules.maxBytes) {
    await refuse(new HttpError(413, `File is larger than ${rules.maxBytes} bytes`, ERROR_CODES.fileTooLarge, 'file'));
  }
  if (stored.size === 0) await refuse(invalidField('file', 'File is empty'));
  if (stored.contentType !== mimetype)
    await refuse(invalidField('file', `File type ${stored.contentType} is not accepted`));
  if (IMAGES.includes(mimetype)) {
    const head = await ctx.files.get(key, { start: 0, end: 11 });
    const bytes = head ? Buffer.concat(await head.stream.toArray()) : Buffer.alloc(0);
    if (!looksLikeImage(bytes)) await refuse(invalidField('file', 'File is not an image'));
  }
  await assertUploadContent(ctx, key, mimetype);
  await assertStorageQuota(ctx, policy.agentId, key);
  return { filepath: key, url: ctx.files.urlOf(key) };
}

export interface IncomingFile {
  mimetype: string;
  filename: string;
  stream: Readable & { truncated?: boolean };
}

/** Stores a file uploaded under a policy, after checking the policy, the type, the content's magic and the size. */
export async function storeUpload(ctx: AppContext, policyToken: string, file: IncomingFile) {
  const policy = await livePolicy(ctx, policyToken);
  const rules = RULES[policy.kind];
  if (!rules.accept.includes(file.mimetype)) throw invalidField('file', `File type ${file.mimetype} is not accepted`);
  const first = await firstBytes(file.stream);
  if (IMAGES.includes(file.mimetype) && !looksLikeImage(first.head)) throw invalidField('file', 'File is not an image');
  const key = storedKeyOf(policy, file.mimetype, file.filename);
  if (first.head.length === 0) throw invalidField('file', 'File is empty');
  await assertStorageQuota(ctx, policy.agentId);
  const size = await ctx.files.put(key, first.stream, { contentType: file.mimetype });
  if (file.stream.truncated || size > rules.maxBytes) {
    await ctx.files.remove(key);
    throw new HttpError(413, `File is larger than ${rules.maxBytes} bytes`, ERROR_CODES.fileTooLarge, 'file');
  }
  await assertUploadContent(ctx, key, file.mimetype);
  await assertStorageQuota(ctx, policy.agentId, key);
  return { filepath: key, url: ctx.files.urlOf(key) } satisfies Uploaded;
}

/**
 * POST /activity/{id}/upload: a picture or cover for the activity's page, uploaded with the caller's session. The
 * activity is checked first (another agent's answers 404 and nothing is read); the answered filepath keeps its first
 * three segments (seed 001 §9), which is the whole key: activity/{id}/{name}.
 */
export async function storeActivityPicture(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  readFile: () => Promise<IncomingFile | undefined>,
): Promise<Uploaded> {
  await ownActivity(ctx.db, caller, activityId);
  const file = await readFile();
  if (!file) throw invalidField('file', 'Required');
  if (!(ACTIVITY_PICTURE_TYPES as readonly string[]).includes(file.mimetype)) {
    throw invalidField('file', `File type ${file.mimetype} is not accepted`);
  }
  const first = await firstBytes(file.stream);
  if (first.head.length === 0) throw invalidField('file', 'File is empty');
  if (!looksLikeImage(first.head)) throw invalidField('file', 'File is not an image');
  const key = `activity/${activityId}/${Date.now().toString(36)}${randomToken(6)}${EXTENSIONS[file.mimetype]}`;
  await assertStorageQuota(ctx, caller.agentId);
  const size = await ctx.files.put(key, first.stream, { contentType: file.mimetype });
  if (file.stream.truncated || size > ACTIVITY_PICTURE_MAX_BYTES) {
    await ctx.files.remove(key);
    // The console names the limit in Chinese by this exact message (文件大小超过限制（最大 10 MB）).
    throw new HttpError(413, ERROR_MESSAGES.pictureTooLarge, ERROR_CODES.fileTooLarge, 'file');
  }
  await assertStorageQuota(ctx, caller.agentId, key);
  const filepath = trimUploadFilepath(key);
  return { filepath, url: ctx.files.urlOf(filepath) };
}

/** The size limit of a policy's kind, or the largest one when the token is unknown (it is refused later). */
export function uploadLimit(ctx: AppContext, policyToken: string | undefined): number {
  const policy = policyToken ? verifyToken<PolicyPayload>(ctx.secretKey, POLICY_PURPOSE, policyToken) : null;
  return policy ? RULES[policy.kind].maxBytes : Math.max(...Object.values(RULES).map((rule) => rule.maxBytes));
}

/** Reads the first bytes for a content check and hands back a stream that still yields everything. */
async function firstBytes(stream: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const out = new PassThrough();
  const head = await new Promise<Buffer | null>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      stream.pause();
      stream.off('data', onData);
      stream.off('end', onEnd);
      resolve(chunk);
    };
    const onEnd = () => resolve(null);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', reject);
  });
  if (head === null) {
    // An empty file: nothing more will come.
    out.end();
    return { head: Buffer.alloc(0), stream: out };
  }
  out.write(head);
  stream.pipe(out);
  stream.resume();
  return { head, stream: out };
}

/** Whether a file's first bytes are a PNG, JPEG, GIF or WebP picture's. */
export function looksLikeImage(head: Buffer): boolean {
  const hex = head.subarray(0, 12).toString('hex');
  return (
    hex.startsWith('89504e47') || // PNG
    hex.startsWith('ffd8ff') || // JPEG
    hex.startsWith('47494638') || // GIF
    (hex.startsWith('52494646') && head.subarray(8, 12).toString() === 'WEBP')
  );
}

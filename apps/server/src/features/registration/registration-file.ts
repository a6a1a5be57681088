import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import {
  ERROR_CODES,
  REGISTRATION_ERRORS,
  REGISTRATION_FILE_MAX_BYTES,
  REGISTRATION_FILE_TYPES,
  type RegistrationKind,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { badRequest, HttpError, invalidField, notFound, tooManyRequests } from '../../platform/errors.ts';
import { secondsUntil } from '../../platform/rate-limit.ts';
import { readStoredHead } from '../../platform/storage/local-copy.ts';
import { assertStorageQuota } from '../price/index.ts';
import { assertUploadContent, looksLikeImage } from '../uploads/index.ts';
import { publicActivity } from '../watch/index.ts';
import { boundRegistration, fieldsOf } from './registration-service.ts';

// A file a viewer attaches to a form's file field (issue 12: "file (the tree's uploads)"). The watch page has no
// console session, so no upload policy: the bound form is the permission, an address attaches a bounded number of
// files, each a picture or a PDF checked for what it claims, stored with the activity's files and counted in its
// agent's storage.

const UPLOADS_PER_ADDRESS = 20;
const UPLOAD_WINDOW_MS = 15 * 60_000;
const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
};

/** The first bytes of a stored file, wherever the storage keeps it (a ranged read from a bucket). */
const headOf = (ctx: AppContext, key: string): Promise<Buffer> => readStoredHead(ctx.files, key, 12);

/** Where the files of an activity's forms are kept: a submitted file answer must be one of them. */
export const registrationFileFolder = (activityId: number) => `activity/${activityId}/registration/`;

export interface IncomingRegistrationFile {
  mimetype: string;
  filename: string;
  stream: Readable & { truncated?: boolean };
}

/** POST /api/watch/{id}/registration/file */
export async function storeRegistrationFile(
  ctx: AppContext,
  activityId: number,
  kind: RegistrationKind,
  ip: string,
  read: () => Promise<IncomingRegistrationFile | undefined>,
) {
  const activity = await publicActivity(ctx.db, activityId);
  const bound = await boundRegistration(ctx.db, activity.id, kind);
  if (!bound) throw notFound(REGISTRATION_ERRORS.noForm);
  if (!fieldsOf(bound).some((field) => field.type === 'file')) throw badRequest(REGISTRATION_ERRORS.noFileField);
  const tries = await ctx.limits.hit(`registration-file:ip:${ip}`, UPLOAD_WINDOW_MS);
  if (tries.count > UPLOADS_PER_ADDRESS) {
    throw tooManyRequests(REGISTRATION_ERRORS.uploadLimit, ERROR_CODES.rateLimited, secondsUntil(tries.resetAt));
  }
  const file = await read();
  if (!file) throw invalidField('file', 'Required');
  if (!REGISTRATION_FILE_TYPES.includes(file.mimetype)) {
    file.stream.resume();
    throw invalidField('file', `File type ${file.mimetype} is not accepted`);
  }
  await assertStorageQuota(ctx, activity.agentId);
  const extension = EXTENSIONS[file.mimetype] ?? (extname(file.filename).toLowerCase() || '');
  const key = `${registrationFileFolder(activity.id)}${Date.now().toString(36)}${randomToken(6)}${extension}`;
  const size = await ctx.files.put(key, file.stream);
  if (file.stream.truncated || size > REGISTRATION_FILE_MAX_BYTES) {
    await ctx.files.remove(key);
    throw new HttpError(
      413,
      `File is larger than ${REGISTRATION_FILE_MAX_BYTES} bytes`,
      ERROR_CODES.fileTooLarge,
      'file',
    );
  }
  if (size === 0) {
    await ctx.files.remove(key);
    throw invalidField('file', 'File is empty');
  }
  if (file.mimetype.startsWith('image/') && !looksLikeImage(await headOf(ctx, key))) {
    await ctx.files.remove(key);
    throw invalidField('file', 'File is not an image');
  }
  await assertUploadContent(ctx, key, file.mimetype);
  await assertStorageQuota(ctx, activity.agentId, key);
  return { filepath: key, url: ctx.files.urlOf(key) };
}

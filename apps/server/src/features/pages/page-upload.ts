import { Readable } from 'node:stream';
import {
  ACTIVITY_PICTURE_MAX_BYTES,
  ACTIVITY_PICTURE_TYPES,
  ERROR_CODES,
  ERROR_MESSAGES,
  trimUploadFilepath,
  type Uploaded,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { randomToken } from '../../platform/crypto.ts';
import { HttpError, invalidField } from '../../platform/errors.ts';
import { ownAgent } from '../../platform/tenancy.ts';
import { assertStorageQuota } from '../price/index.ts';
import { looksLikeImage } from '../uploads/index.ts';

// POST /agent/{id}/upload (seed 001 §7 "Pages"): a picture for the agent's pages (banners, icons, cards), under the
// rules of an activity's pictures: PNG, JPEG, GIF or WebP by type and by content, at most 10 MB, within the agent's
// storage. The answered filepath keeps its first three segments (seed 001 §9): agent/{agentId}/page-{name}, the whole key.

const EXTENSIONS: Record<(typeof ACTIVITY_PICTURE_TYPES)[number], string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
};

export interface IncomingPicture {
  mimetype: string;
  stream: Readable & { truncated?: boolean };
}

/** Reads the picture whole: it is at most 10 MB (the stream stops there) and its first bytes are checked. */
async function readPicture(stream: IncomingPicture['stream']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function storePagePicture(
  ctx: AppContext,
  caller: Caller,
  agentId: number,
  readFile: () => Promise<IncomingPicture | undefined>,
): Promise<Uploaded> {
  // Another agent's id answers 404 before the body is read.
  ownAgent(caller, agentId);
  const file = await readFile();
  if (!file) throw invalidField('file', 'Required');
  const type = file.mimetype as (typeof ACTIVITY_PICTURE_TYPES)[number];
  if (!ACTIVITY_PICTURE_TYPES.includes(type)) {
    file.stream.resume();
    throw invalidField('file', `File type ${file.mimetype} is not accepted`);
  }
  const content = await readPicture(file.stream);
  if (file.stream.truncated || content.length > ACTIVITY_PICTURE_MAX_BYTES) {
    throw new HttpError(413, ERROR_MESSAGES.pictureTooLarge, ERROR_CODES.fileTooLarge, 'file');
  }
  if (content.length === 0) throw invalidField('file', 'File is empty');
  if (!looksLikeImage(content)) throw invalidField('file', 'File is not an image');
  await assertStorageQuota(ctx, caller.agentId);
  // Under the agent's folder, where its storage is measured, in three segments so the trimmed filepath is the key.
  const key = `agent/${agentId}/page-${Date.now().toString(36)}${randomToken(6)}${EXTENSIONS[type]}`;
  await ctx.files.put(key, Readable.from([content]));
  await assertStorageQuota(ctx, caller.agentId, key);
  const filepath = trimUploadFilepath(key);
  return { filepath, url: ctx.files.urlOf(filepath) };
}

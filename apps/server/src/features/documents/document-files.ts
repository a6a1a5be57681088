import type { Readable } from 'node:stream';
import { DOCUMENT_ERRORS, DOCUMENT_MAX_BYTES, type DOCUMENT_TYPES, ERROR_CODES } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { HttpError, invalidField } from '../../platform/errors.ts';
import { privateFiles } from '../../platform/storage/storage-setup.ts';
import type { TaskFiles } from '../../platform/tasks/task-files.ts';

// A document's file is the agent's to give out under its permission, so it is kept under DATA_DIR/documents (or the
// bucket's documents/), outside the public files (served to anyone at /files/): it leaves the server only through the watch page's read route, which
// checks the activity, the sign-in and the permission first. The private store is the one the task files use.

export type DocumentFiles = TaskFiles;

export function documentFiles(ctx: Pick<AppContext, 'config'>): DocumentFiles {
  return privateFiles(ctx.config, 'documents');
}

type Magic = (typeof DOCUMENT_TYPES)[keyof typeof DOCUMENT_TYPES]['magic'];

/** Whether a file's first bytes are those its type must start with. */
export function hasMagic(head: Buffer, magic: Magic): boolean {
  const hex = head.subarray(0, 12).toString('hex');
  switch (magic) {
    case 'pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    // The compound file of Word 97–2003, Excel 97–2003 and PowerPoint 97–2003.
    case 'ole':
      return hex.startsWith('d0cf11e0a1b11ae1');
    // docx, xlsx and pptx are ZIP packages.
    case 'zip':
      return hex.startsWith('504b0304');
    case 'png':
      return hex.startsWith('89504e470d0a1a0a');
    case 'jpeg':
      return hex.startsWith('ffd8ff');
    case 'gif':
      return hex.startsWith('474946383761') || hex.startsWith('474946383961');
    case 'webp':
      return hex.startsWith('52494646') && head.subarray(8, 12).toString('latin1') === 'WEBP';
  }
}

async function headOf(files: DocumentFiles, key: string): Promise<Buffer> {
  const opened = await files.open(key);
  if (!opened) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of opened.stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= 16) break;
  }
  opened.stream.destroy();
  return Buffer.concat(chunks).subarray(0, 16);
}

/**
 * Stores an uploaded file for the agent and checks it: not over DOCUMENT_MAX_BYTES, not empty, and starting with
 * its type's magic. A refused file is removed before the refusal; the stored key and size otherwise.
 */
export async function storeDocumentFile(
  files: DocumentFiles,
  agentId: number,
  extension: string,
  magic: Magic,
  stream: Readable & { truncated?: boolean },
): Promise<{ key: string; size: number }> {
  const key = `agent/${agentId}/${Date.now().toString(36)}${randomToken(8)}.${extension}`;
  const size = await files.put(key, stream);
  if (stream.truncated || size > DOCUMENT_MAX_BYTES) {
    await files.remove(key);
    throw new HttpError(413, DOCUMENT_ERRORS.fileTooLarge, ERROR_CODES.fileTooLarge, 'file');
  }
  if (size === 0) {
    await files.remove(key);
    throw invalidField('file', DOCUMENT_ERRORS.fileEmpty);
  }
  if (!hasMagic(await headOf(files, key), magic)) {
    await files.remove(key);
    throw invalidField('file', DOCUMENT_ERRORS.fileNotWhatItClaims);
  }
  return { key, size };
}

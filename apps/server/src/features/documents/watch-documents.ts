import type { Readable } from 'node:stream';
import {
  DOCUMENT_ERRORS,
  ERROR_CODES,
  WATCH_DOCUMENT_LIMIT,
  WATCH_ERRORS,
  type WatchDocuments,
  watchDocumentFilePath,
} from '@yanbo/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden, notFound, tooManyRequests } from '../../platform/errors.ts';
import { secondsUntil } from '../../platform/rate-limit.ts';
import { signToken, verifyToken } from '../../platform/signed-token.ts';
import { audienceViewerOf, type GateViewer, publicActivity, requireWatchOpen } from '../watch/index.ts';
import { documentFiles } from './document-files.ts';

// The watch page's 文档 tab: the documents bound to the activity, and their files under each one's permission. A
// document is reached only through an activity it is bound to, so an id of another activity's document answers 404
// as a missing one does.

/**
 * Files one address may open in a window: a venue's audience behind one network address opening a handout together
 * stays under it; one client pulling files in a loop does not.
 */
const FILE_READS_PER_ADDRESS = 600;
const FILE_READ_WINDOW_MS = 60_000;

/**
 * A file's address carries a pass the list gave: the list is answered only past every gate of the watch page, and a
 * file opens in a new tab, where the watch code's header does not go. Half a day outlasts any session on the page.
 */
const FILE_PASS_PURPOSE = 'watch-document';
const FILE_PASS_TTL_MS = 12 * 3_600_000;

/** The documents bound to the activity and of its agent: the watch page reaches a document only through here. */
const boundDocuments = (db: Db, activity: { id: number; agentId: number }) =>
  db
    .selectFrom('documents')
    .innerJoin('documentActivities', 'documentActivities.documentId', 'documents.id')
    .where('documentActivities.activityId', '=', activity.id)
    .where('documents.agentId', '=', activity.agentId);

function fileAddress(ctx: AppContext, activityId: number, documentId: number, download: boolean): string {
  const { token } = signToken(ctx.secretKey, FILE_PASS_PURPOSE, { activityId, documentId }, FILE_PASS_TTL_MS);
  const path = watchDocumentFilePath(activityId, documentId, download);
  return `${path}${path.includes('?') ? '&' : '?'}t=${token}`;
}

/** GET /watch/{id}/document: the viewer must have passed the page's gates (watch code, mobiles, form, payment). */
export async function listWatchDocuments(
  ctx: AppContext,
  activityId: number,
  viewer: GateViewer,
): Promise<WatchDocuments> {
  const activity = await requireWatchOpen(ctx, activityId, viewer);
  const rows = await boundDocuments(ctx.db, activity)
    .select([
      'documents.id',
      'documents.name',
      'documents.kind',
      'documents.sizeBytes',
      'documents.permission',
      'documents.signInRequired',
    ])
    .orderBy('documents.id', 'desc')
    .limit(WATCH_DOCUMENT_LIMIT)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      size: row.sizeBytes,
      signInRequired: row.signInRequired,
      canDownload: row.permission === 'download',
      readUrl: fileAddress(ctx, activity.id, row.id, false),
      downloadUrl: row.permission === 'download' ? fileAddress(ctx, activity.id, row.id, true) : null,
    })),
  };
}

export interface DocumentFile {
  stream: Readable;
  size: number;
  name: string;
  mimeType: string;
  disposition: 'inline' | 'attachment';
}

/**
 * GET /watch/{id}/document/{documentId}/file: the document when it is bound to this activity, the viewer is signed
 * in by SMS where the document asks for it, and, for a download, the document allows downloads.
 */
export async function openWatchDocument(
  ctx: AppContext,
  request: FastifyRequest,
  activityId: number,
  documentId: number,
  download: boolean,
  pass: string | undefined,
): Promise<DocumentFile> {
  const tries = await ctx.limits.hit(`document-file:ip:${request.ip}`, FILE_READ_WINDOW_MS);
  if (tries.count > FILE_READS_PER_ADDRESS) {
    throw tooManyRequests('Too many document reads', ERROR_CODES.rateLimited, secondsUntil(tries.resetAt));
  }
  const activity = await publicActivity(ctx.db, activityId);
  const passed = pass
    ? verifyToken<{ activityId: number; documentId: number }>(ctx.secretKey, FILE_PASS_PURPOSE, pass)
    : null;
  if (passed?.activityId !== activity.id || passed.documentId !== documentId) throw forbidden(WATCH_ERRORS.notOpen);
  const row = await boundDocuments(ctx.db, activity)
    .select([
      'documents.name',
      'documents.fileKey',
      'documents.mimeType',
      'documents.permission',
      'documents.signInRequired',
    ])
    .where('documents.id', '=', documentId)
    .executeTakeFirst();
  if (!row) throw notFound(DOCUMENT_ERRORS.documentNotFound);
  if (row.signInRequired && !(await audienceViewerOf(ctx, request, activity)).mobile) {
    throw forbidden(DOCUMENT_ERRORS.signInRequired);
  }
  if (download && row.permission !== 'download') throw forbidden(DOCUMENT_ERRORS.downloadNotAllowed);
  const file = await documentFiles(ctx).open(row.fileKey);
  if (!file) throw notFound(DOCUMENT_ERRORS.documentNotFound);
  return { ...file, name: row.name, mimeType: row.mimeType, disposition: download ? 'attachment' : 'inline' };
}

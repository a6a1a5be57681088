import { DOCUMENT_MAX_BYTES, documentCalls, IDEMPOTENCY_HEADER } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { invalidField } from '../../platform/errors.ts';
import { gateViewerOf } from '../watch/index.ts';
import { documentFiles } from './document-files.ts';
import * as documents from './document-service.ts';
import { listWatchDocuments, openWatchDocument } from './watch-documents.ts';

/**
 * The file's name for the browser: inline to read or attachment to download; the ASCII fallback says what it is,
 * filename* keeps the (sanitised) Chinese name.
 */
function disposition(kind: 'inline' | 'attachment', documentId: number, name: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';
  return `${kind}; filename="document-${documentId}${extension}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The upload's Idempotency-Key (the platform's keys leave multipart bodies alone), when it is a usable one. */
function uploadKeyOf(header: string | string[] | undefined): string | null {
  const key = Array.isArray(header) ? header[0] : header;
  return key && /^[\x21-\x7e]{1,255}$/.test(key) ? key : null;
}

export function registerDocumentRoutes(server: FastifyInstance, ctx: AppContext) {
  const files = documentFiles(ctx);
  registerCalls(server, documentCalls, {
    listDocuments: ({ caller, query }) => documents.listDocuments(ctx.db, caller, query),
    uploadDocument: ({ caller, request }) =>
      documents.uploadDocument(ctx, files, caller, uploadKeyOf(request.headers[IDEMPOTENCY_HEADER]), async () => {
        if (!request.isMultipart()) throw invalidField('file', 'Expected multipart/form-data');
        const file = await request.file({ limits: { fileSize: DOCUMENT_MAX_BYTES } });
        return file && { filename: file.filename, stream: file.file };
      }),
    updateDocument: ({ caller, params, body }) => documents.updateDocument(ctx.db, caller, params.id, body),
    deleteDocument: ({ caller, params }) => documents.deleteDocument(ctx.db, files, caller, params.id),
    bindDocument: ({ caller, params, body }) => documents.bindDocument(ctx.db, caller, params.id, body),
    downloadDocument: async ({ caller, params, reply }) => {
      const file = await documents.openOwnDocument(ctx.db, files, caller, params.id);
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', disposition('attachment', params.id, file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
    listActivityDocuments: ({ caller, params }) => documents.listActivityDocuments(ctx.db, caller, params.id),
    listWatchDocuments: ({ params, request }) => listWatchDocuments(ctx, params.id, gateViewerOf(ctx, request)),
    readWatchDocument: async ({ params, query, request, reply }) => {
      const file = await openWatchDocument(ctx, request, params.id, params.documentId, query.download === '1', query.t);
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', disposition(file.disposition, params.documentId, file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });
}

import { MAX_PHOTOS_PER_UPLOAD, PHOTO_MAX_BYTES, photoCalls } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { clientOf } from '../../platform/auth.ts';
import { registerCalls } from '../../platform/calls.ts';
import { invalidField } from '../../platform/errors.ts';
import { gateViewerOf } from '../watch/index.ts';
import * as photos from './photo-service.ts';

/** The files of a multipart upload, each read whole up to the size limit (over it: its data is null). */
async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<photos.UploadedFile> {
  if (!request.isMultipart()) throw invalidField('file', 'Expected multipart/form-data');
  const parts = request.files({
    // One file over the limit is still seen (and refused by name); a form with no other fields needs few.
    limits: { files: MAX_PHOTOS_PER_UPLOAD + 1, fileSize: PHOTO_MAX_BYTES, fields: 5 },
    throwFileSizeLimit: false,
  });
  for await (const part of parts) {
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    yield { filename: part.filename, data: part.file.truncated ? null : Buffer.concat(chunks) };
  }
}

export function registerPhotoRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, photoCalls, {
    listAgentPhotoLists: ({ caller, query }) => photos.listAgentPhotoLists(ctx.db, caller, query),
    listPhotoLists: ({ caller, params, query }) => photos.listPhotoLists(ctx.db, caller, params.id, query),
    createPhotoList: ({ caller, params, body }) => photos.createPhotoList(ctx, caller, params.id, body),
    getPhotoList: ({ caller, params, query }) => photos.getPhotoList(ctx, caller, params.id, params.listId, query),
    updatePhotoList: ({ caller, params, body, request }) =>
      photos.updatePhotoList(ctx, caller, params.id, params.listId, body, (line) => request.log.warn(line)),
    uploadPhotos: ({ caller, params, request }) =>
      photos.uploadPhotos(
        ctx,
        caller,
        params.id,
        params.listId,
        () => uploadedFiles(request),
        (line) => request.log.warn(line),
      ),
    getWatchPhotoList: ({ params, query, request }) =>
      photos.getWatchPhotoList(ctx, params.id, params.listId, query, clientOf(request).ip, gateViewerOf(ctx, request)),
  });
}

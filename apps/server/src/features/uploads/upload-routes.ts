import fastifyMultipart from '@fastify/multipart';
import { ACTIVITY_PICTURE_MAX_BYTES, uploadCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { invalidField } from '../../platform/errors.ts';
import {
  completeDirectUpload,
  createUploadPolicy,
  storeActivityPicture,
  storeUpload,
  uploadLimit,
} from './upload-service.ts';

export async function registerUploadRoutes(server: FastifyInstance, ctx: AppContext) {
  await server.register(fastifyMultipart, { limits: { files: 1, fields: 5 } });
  registerCalls(server, uploadCalls, {
    getUploadPolicy: ({ caller, params, query }) =>
      createUploadPolicy(ctx, caller, params.kind, query.activityId, query.type),
    completeUpload: ({ body }) => completeDirectUpload(ctx, body.token),
    // The policy token is the permission (like a presigned form upload), so this call needs no session.
    upload: async ({ query, request }) => {
      if (!request.isMultipart()) throw invalidField('file', 'Expected multipart/form-data');
      const file = await request.file({ limits: { fileSize: uploadLimit(ctx, query.token) } });
      if (!file) throw invalidField('file', 'Required');
      const field = file.fields.token;
      const formToken = field && 'value' in field ? String(field.value) : undefined;
      const token = query.token ?? formToken;
      if (!token) throw invalidField('token', 'Required');
      return storeUpload(ctx, token, { mimetype: file.mimetype, filename: file.filename, stream: file.file });
    },
    // Picture and cover upload of an activity's page (seed 001 §7), with the caller's session.
    uploadActivityPicture: ({ caller, params, request }) =>
      storeActivityPicture(ctx, caller, params.id, async () => {
        if (!request.isMultipart()) throw invalidField('file', 'Expected multipart/form-data');
        const file = await request.file({ limits: { fileSize: ACTIVITY_PICTURE_MAX_BYTES } });
        return file && { mimetype: file.mimetype, filename: file.filename, stream: file.file };
      }),
  });
}

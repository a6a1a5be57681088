import fastifyMultipart from '@fastify/multipart';
import { ACTIVITY_PICTURE_MAX_BYTES, idParams, UPLOAD_KINDS, uploaded, uploadPolicy } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { invalidField } from '../../platform/errors.ts';
import { createUploadPolicy, storeActivityPicture, storeUpload, uploadLimit } from './upload-service.ts';

const tags = ['uploads'];

export async function registerUploadRoutes(server: FastifyInstance, ctx: AppContext) {
  await server.register(fastifyMultipart, { limits: { files: 1, fields: 5 } });
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v3/upload-policy/:kind',
    {
      schema: {
        tags,
        params: z.object({ kind: z.enum(UPLOAD_KINDS) }),
        querystring: z.object({ activityId: z.coerce.number().int().positive().optional() }),
        response: { 200: uploadPolicy },
      },
    },
    (request) => createUploadPolicy(ctx, callerOf(request), request.params.kind, request.query.activityId),
  );

  // The policy token is the permission (like a presigned form upload), so this route needs no session.
  app.post(
    '/upload',
    {
      config: { auth: false },
      schema: { tags, querystring: z.object({ token: z.string().optional() }), response: { 200: uploaded } },
    },
    async (request) => {
      if (!request.isMultipart()) throw invalidField('file', 'Expected multipart/form-data');
      const file = await request.file({ limits: { fileSize: uploadLimit(ctx, request.query.token) } });
      if (!file) throw invalidField('file', 'Required');
      const field = file.fields.token;
      const formToken = field && 'value' in field ? String(field.value) : undefined;
      const token = request.query.token ?? formToken;
      if (!token) throw invalidField('token', 'Required');
      return storeUpload(ctx, token, { mimetype: file.mimetype, filename: file.filename, stream: file.file });
    },
  );

  // Picture and cover upload of an activity's page (seed 001 §7), with the caller's session.
  app.post(
    '/activity/:id/upload',
    { schema: { tags: ['live-config'], params: idParams, response: { 200: uploaded } } },
    (request) =>
      storeActivityPicture(ctx, callerOf(request), request.params.id, async () => {
        if (!request.isMultipart()) throw invalidField('file', 'Expected multipart/form-data');
        const file = await request.file({ limits: { fileSize: ACTIVITY_PICTURE_MAX_BYTES } });
        return file && { mimetype: file.mimetype, filename: file.filename, stream: file.file };
      }),
  );
}

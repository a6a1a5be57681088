import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, engines, signedInAgent, startApp, type TestApp } from '../harness.ts';
import { type S3StandIn, s3SettingsOf, startS3StandIn } from '../support/s3-stand-in.ts';
import { multipart } from '../upload-form.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// The private stores on both storages. A task's file (the post-event report) is written by the worker to
// DATA_DIR/task-files or to the bucket's task-files/ (never public), downloaded only through the download center by
// the task's agent, and removed with its task; a document of the documents application likewise (documents/).

const modes = ['local', 'bucket'] as const;

describe.each(engines.flatMap((engine) => modes.map((mode) => ({ engine, mode }))))(
  'the download center on $engine with task files in the $mode storage',
  ({ engine, mode }) => {
    let t: TestApp;
    let standIn: S3StandIn;
    beforeAll(async () => {
      standIn = await startS3StandIn({ publicPrefixes: ['files/'] });
      t = await startApp(engine, mode === 'bucket' ? { s3: s3SettingsOf(standIn) } : {});
      // The test runs the queue itself.
      await t.ctx.tasks.stop();
    });
    afterAll(async () => {
      await t?.close();
      await standIn?.close();
    });

    const taskKeys = () => [...standIn.objects.keys()].filter((key) => key.startsWith('task-files/'));

    it('writes the report where the storage keeps it and hands it only to its agent', async () => {
      const { token } = await signedInAgent(t.ctx);
      const other = await signedInAgent(t.ctx);
      const activity = await call(t.app, 'POST', '/activity', { token, body: { name: '秋季发布会' } });
      const created = await call(t.app, 'POST', '/v3/task/', {
        token,
        body: { label: 'download', kind: 'report', activityId: activity.body.id, params: {} },
      });
      expect(created.status, created.text).toBe(200);
      expect(await t.ctx.tasks.drain()).toBe(1);
      const done = await call(t.app, 'GET', `/v3/task/${created.body.id}`, { token });
      expect(done.body).toMatchObject({ status: 'done', downloadUrl: `/api/v3/task/${created.body.id}/file` });

      if (mode === 'bucket') {
        const [key] = taskKeys();
        expect(taskKeys()).toHaveLength(1);
        expect(standIn.objects.get(key)?.body.length).toBe(done.body.fileSize);
        // The bucket keeps task files private: an unsigned read is refused.
        const anonymous = await fetch(`${standIn.endpoint}/${standIn.bucket}/${key}`);
        expect(anonymous.status).toBe(403);
        // Nor does the public files address reach them.
        const climbing = await t.app.inject({ method: 'GET', url: `/files/..%2F${key}` });
        expect(climbing.statusCode).toBe(404);
      } else {
        expect(taskKeys()).toEqual([]);
      }

      const file = await t.app.inject({
        method: 'GET',
        url: `/api/v3/task/${created.body.id}/file`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.rawPayload.length).toBe(done.body.fileSize);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/v3/task/${created.body.id}/file`,
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(refused.statusCode).toBe(404);

      expect((await call(t.app, 'DELETE', `/v3/task/${created.body.id}`, { token })).body).toEqual({ ok: true });
      expect(taskKeys()).toEqual([]);
    });

    it('keeps a document of the documents application in the private store, read back only by its agent', async () => {
      const { agent, token } = await signedInAgent(t.ctx);
      const other = await signedInAgent(t.ctx);
      const form = multipart({ name: '讲义.pdf', type: 'application/octet-stream', data: PDF });
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/v3/agent/document',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const documentKeys = () => [...standIn.objects.keys()].filter((key) => key.startsWith('documents/'));
      if (mode === 'bucket') {
        expect(documentKeys()).toHaveLength(1);
        expect(documentKeys()[0]).toMatch(new RegExp(`^documents/agent/${agent.id}/.+\\.pdf$`));
        expect((await fetch(`${standIn.endpoint}/${standIn.bucket}/${documentKeys()[0]}`)).status).toBe(403);
      } else {
        expect(documentKeys()).toEqual([]);
      }
      const id = uploaded.json().id as number;
      const read = (bearer: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/v3/agent/document/${id}/file`,
          headers: { authorization: `Bearer ${bearer}` },
        });
      const own = await read(token);
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(PDF)).toBe(true);
      expect((await read(other.token)).statusCode).toBe(404);
      expect((await call(t.app, 'DELETE', `/v3/agent/document/${id}`, { token })).status).toBe(200);
      expect(documentKeys()).toEqual([]);
    });
  },
);

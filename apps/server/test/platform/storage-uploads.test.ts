import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, engines, expectError, signedInAgent, startApp, type TestApp } from '../harness.ts';
import { waitForMedia } from '../media/media-helpers.ts';
import { type S3StandIn, s3SettingsOf, startS3StandIn } from '../support/s3-stand-in.ts';
import { multipart, PNG } from '../upload-form.ts';

// The console's uploads on both storages: through this server to DATA_DIR/files, or straight to an S3 bucket with a
// presigned POST policy (the bucket refuses a body beyond the policy), completed by the server once it has checked
// the object (size, type, an image's magic by a ranged read, a document's or a video's content).

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let mp4: Buffer;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'yanbo-upload-media-'));
  const file = path.join(scratch, 'a.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'testsrc=size=64x64:rate=10:duration=1', '-pix_fmt', 'yuv420p', file],
  ]);
  mp4 = readFileSync(file);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Policy {
  url: string;
  token: string;
  maxBytes: number;
  fields?: Record<string, string>;
}

const modes = ['local', 'bucket'] as const;

describe.each(engines.flatMap((engine) => modes.map((mode) => ({ engine, mode }))))(
  'uploads on $engine with files in the $mode storage',
  ({ engine, mode }) => {
    let t: TestApp;
    // A bucket of its own per app: each app's ids start alike.
    let standIn: S3StandIn;
    beforeAll(async () => {
      standIn = await startS3StandIn({ publicPrefixes: ['files/'] });
      t = await startApp(engine, mode === 'bucket' ? { s3: s3SettingsOf(standIn) } : {});
    });
    afterAll(async () => {
      await t?.close();
      await standIn?.close();
    });

    /** Uploads as the console does (app/upload.ts): the policy for the file's type, then the bucket or this server. */
    async function upload(token: string, kind: string, file: { type: string; data: Buffer }, query = '') {
      const policy = await call(
        t.app,
        'GET',
        `/v3/upload-policy/${kind}?type=${encodeURIComponent(file.type)}${query}`,
        {
          token,
        },
      );
      expect(policy.status).toBe(200);
      const body = policy.body as Policy;
      if (mode === 'local') {
        expect(body.fields).toBeUndefined();
        const response = await t.app.inject({
          method: 'POST',
          url: body.url,
          ...multipart({ name: 'f', type: file.type, data: file.data }),
        });
        return { policy: body, stored: { status: response.statusCode, text: response.body }, result: response };
      }
      expect(body.url).toBe(`${standIn.endpoint}/${standIn.bucket}`);
      const form = new FormData();
      for (const [name, value] of Object.entries(body.fields ?? {})) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(file.data)]), 'f');
      const posted = await fetch(body.url, { method: 'POST', body: form });
      const stored = { status: posted.status, text: await posted.text() };
      if (!posted.ok) return { policy: body, stored, result: null };
      const completed = await call(t.app, 'POST', '/upload/complete', { body: { token: body.token } });
      return { policy: body, stored, result: completed };
    }
    const statusOf = (result: Awaited<ReturnType<typeof upload>>['result']) =>
      result && ('statusCode' in result ? result.statusCode : result.status);
    const bodyOf = (result: Awaited<ReturnType<typeof upload>>['result']) =>
      result && ('statusCode' in result ? result.json() : result.body);
    const bucketKeys = (prefix: string) => [...standIn.objects.keys()].filter((key) => key.startsWith(prefix));

    it('stores a picture and serves it at /files/{filepath} (from the bucket by a redirect)', async () => {
      const { agent, token } = await signedInAgent(t.ctx);
      const { policy, result } = await upload(token, 'agent-avatar', { type: 'image/png', data: PNG });
      expect(statusOf(result)).toBe(200);
      const { filepath, url } = bodyOf(result) as { filepath: string; url: string };
      expect(filepath).toMatch(new RegExp(`^agent/${agent.id}/avatar/.+\\.png$`));
      // The agent's storage counts it, wherever it is kept.
      const usage = await call(t.app, 'GET', '/agent/storageUsage', { token });
      expect(usage.body).toMatchObject({ bytes: PNG.length, files: 1, byKind: { uploads: PNG.length } });
      const served = await t.app.inject({ method: 'GET', url: `/files/${filepath}` });
      // Rows keep this server's address in both storages.
      expect(url).toBe(`/files/${filepath}`);
      if (mode === 'local') {
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(PNG)).toBe(true);
        return;
      }
      expect(standIn.objects.get(`files/${filepath}`)?.body.equals(PNG)).toBe(true);
      expect(standIn.objects.get(`files/${filepath}`)?.contentType).toBe('image/png');
      expect(served.statusCode).toBe(302);
      // The pages may post to the bucket and show what it holds.
      const policyHeader = String(served.headers['content-security-policy']);
      for (const directive of ['connect-src', 'img-src', 'media-src']) {
        expect(policyHeader).toMatch(new RegExp(`${directive} [^;]*${standIn.endpoint.replaceAll('.', '\\.')}`));
      }
      const bucketUrl = `${standIn.endpoint}/${standIn.bucket}/files/${filepath}`;
      expect(served.headers.location).toBe(bucketUrl);
      const read = await fetch(bucketUrl);
      expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);
      // Completing the same upload again (a retried request) answers the same file.
      const again = await call(t.app, 'POST', '/upload/complete', { body: { token: policy.token } });
      expect(again.body).toEqual({ filepath, url });
      // A few times only: each completion reads the object.
      for (let attempt = 3; attempt <= 5; attempt += 1) {
        expect((await call(t.app, 'POST', '/upload/complete', { body: { token: policy.token } })).status).toBe(200);
      }
      const tooMany = await call(t.app, 'POST', '/upload/complete', { body: { token: policy.token } });
      expect(tooMany.status).toBe(429);
      expect(tooMany.body).toMatchObject({ message: 'Upload completed too many times', code: ERROR_CODES.rateLimited });
    });

    /** A fresh policy through this server (no type named), whose token is not for a bucket key. */
    async function lastPolicy(token: string) {
      return (await call(t.app, 'GET', '/v3/upload-policy/agent', { token })).body as Policy;
    }

    it('without the file’s type named, the file goes through this server, into the same storage', async () => {
      const { agent, token } = await signedInAgent(t.ctx);
      const policy = await lastPolicy(token);
      expect(policy.url).toMatch(/^\/api\/upload\?token=/);
      const response = await t.app.inject({
        method: 'POST',
        url: policy.url,
        ...multipart({ name: 'a.pdf', type: 'application/pdf', data: PDF }),
      });
      expect(response.statusCode).toBe(200);
      const { filepath } = response.json() as { filepath: string };
      expect(filepath).toMatch(new RegExp(`^agent/${agent.id}/files/`));
      if (mode === 'bucket') expect(standIn.objects.get(`files/${filepath}`)?.contentType).toBe('application/pdf');
      const completed = await call(t.app, 'POST', '/upload/complete', { body: { token: policy.token } });
      expectError(completed, 400, 'token: Not a policy for an upload to the bucket', {
        field: 'token',
        code: 'VALIDATION_FAILED',
      });
    });

    it('sends a type the policy’s kind does not take through this server, which refuses it as before', async () => {
      const { token } = await signedInAgent(t.ctx);
      const policy = await call(t.app, 'GET', '/v3/upload-policy/agent-avatar?type=application%2Fpdf', { token });
      expect(policy.body.fields).toBeUndefined();
      expect(policy.body.url).toMatch(/^\/api\/upload\?token=/);
      const response = await t.app.inject({
        method: 'POST',
        url: policy.body.url,
        ...multipart({ name: 'a.pdf', type: 'application/pdf', data: PDF }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'file: File type application/pdf is not accepted' });
    });

    it('refuses what only claims to be a picture, a PDF or a video, keeping nothing', async () => {
      const { agent, token } = await signedInAgent(t.ctx);
      const before = bucketKeys(`files/agent/${agent.id}/`).length;
      const notImage = await upload(token, 'agent', { type: 'image/png', data: Buffer.from('<html>not a picture') });
      expect(statusOf(notImage.result)).toBe(400);
      expect(bodyOf(notImage.result)).toMatchObject({ message: 'file: File is not an image', field: 'file' });
      const notPdf = await upload(token, 'agent', { type: 'application/pdf', data: Buffer.from('plain words') });
      expect(bodyOf(notPdf.result)).toMatchObject({ message: ERROR_MESSAGES.fileNotPdf, code: ERROR_CODES.fileNotPdf });
      const activity = await call(t.app, 'POST', '/activity', { token, body: { name: `素材 ${mode} ${Date.now()}` } });
      const query = `&activityId=${activity.body.id}`;
      const fakeVideo = await upload(token, 'activity', { type: 'video/mp4', data: PNG }, query);
      expect(bodyOf(fakeVideo.result)).toMatchObject({ message: ERROR_MESSAGES.fileNotVideo });
      expect(bucketKeys(`files/agent/${agent.id}/`)).toHaveLength(before);
      expect(bucketKeys(`files/activity/${activity.body.id}/`)).toEqual([]);
      // A real video is read where it is kept (from the bucket, a temporary copy) and accepted.
      const video = await upload(token, 'activity', { type: 'video/mp4', data: mp4 }, query);
      expect(statusOf(video.result)).toBe(200);
      if (mode === 'bucket') expect(bucketKeys(`files/activity/${activity.body.id}/`)).toHaveLength(1);

      // Made a media, it is transcoded from where it is kept, and its HLS output is kept there too.
      const { filepath } = bodyOf(video.result) as { filepath: string };
      const created = await call(t.app, 'POST', '/v3/media', { token, body: { filepath } });
      expect(created.status, created.text).toBe(200);
      const { media } = await waitForMedia(t.app, token, created.body.id);
      const output = `agent/${agent.id}/media/${media.id}`;
      expect(media).toMatchObject({ status: 'ready', url: `/files/${output}/index.m3u8` });
      if (mode === 'bucket') {
        expect(bucketKeys(`files/${output}/`).sort()).toEqual([
          `files/${output}/index.m3u8`,
          `files/${output}/seg_000.ts`,
        ]);
        expect(standIn.objects.get(`files/${output}/index.m3u8`)?.contentType).toBe('application/vnd.apple.mpegurl');
      }
      const playlist = await t.app.inject({ method: 'GET', url: `/files/${output}/index.m3u8` });
      expect(playlist.statusCode).toBe(mode === 'bucket' ? 302 : 200);
    });

    it('refuses a file over the policy’s size (the bucket itself refuses the body)', async () => {
      const { agent, token } = await signedInAgent(t.ctx);
      const large = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const { policy, stored, result } = await upload(token, 'agent-avatar', { type: 'image/png', data: large });
      expect(policy.maxBytes).toBe(2 * 1024 * 1024);
      if (mode === 'local') {
        expect(statusOf(result)).toBe(413);
        return;
      }
      expect(stored.status).toBe(400);
      expect(stored.text).toContain('EntityTooLarge');
      expect(bucketKeys(`files/agent/${agent.id}/`)).toEqual([]);
      // Nothing there to complete.
      const completed = await call(t.app, 'POST', '/upload/complete', { body: { token: policy.token } });
      expectError(completed, 400, 'file: File was not uploaded', { field: 'file', code: 'VALIDATION_FAILED' });
    });

    it('refuses a policy whose session has ended, and a token that is not one', async () => {
      const { token } = await signedInAgent(t.ctx);
      const policy = await call(t.app, 'GET', '/v3/upload-policy/agent?type=image%2Fpng', { token });
      await call(t.app, 'GET', '/logout', { token });
      const completed = await call(t.app, 'POST', '/upload/complete', { body: { token: policy.body.token } });
      expectError(completed, 403, 'Upload policy is invalid or expired');
      expectError(
        await call(t.app, 'POST', '/upload/complete', { body: { token: 'forged' } }),
        403,
        'Upload policy is invalid or expired',
      );
      expect((await call(t.app, 'POST', '/upload/complete', { body: {} })).status).toBe(400);
    });
  },
);

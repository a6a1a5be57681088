import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, engines, signedInAgent, startApp, type TestApp } from '../harness.ts';
import { multipart, PNG } from '../upload-form.ts';

// Uploads are checked for what they claim to be (issue 8): ffprobe for audio and video, magic bytes for documents;
// and storage per agent comes from its package, refused with a clear message when full.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let media: { mp4: Buffer; mp3: Buffer };
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'yanbo-media-'));
  const mp4 = path.join(scratch, 'a.mp4');
  const mp3 = path.join(scratch, 'a.mp3');
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  execFileSync('ffmpeg', [
    ...quiet,
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x64:rate=10:duration=1',
    '-pix_fmt',
    'yuv420p',
    mp4,
  ]);
  execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', mp3]);
  media = { mp4: readFileSync(mp4), mp3: readFileSync(mp3) };
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(engines)('upload content and storage on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  const agentToken = () => signedInAgent(t.ctx);
  async function activityUpload(token: string, file: { name: string; type: string; data: Buffer }) {
    const activity = await call(t.app, 'POST', '/activity', { token, body: { name: `素材活动 ${Date.now()}` } });
    const policy = await call(t.app, 'GET', `/v3/upload-policy/activity?activityId=${activity.body.id}`, { token });
    const response = await t.app.inject({ method: 'POST', url: policy.body.url, ...multipart(file) });
    return { response, folder: path.join(t.dataDir, 'files', 'activity', String(activity.body.id)) };
  }
  async function agentFileUpload(token: string, file: { name: string; type: string; data: Buffer }) {
    const policy = await call(t.app, 'GET', '/v3/upload-policy/agent', { token });
    return t.app.inject({ method: 'POST', url: policy.body.url, ...multipart(file) });
  }
  const filesIn = (folder: string) => {
    try {
      return readdirSync(folder);
    } catch {
      return [];
    }
  };

  it('accepts a real video and audio file, and refuses what only claims to be one, keeping nothing', async () => {
    const { token } = await agentToken();
    expect(
      (await activityUpload(token, { name: 'a.mp4', type: 'video/mp4', data: media.mp4 })).response.statusCode,
    ).toBe(200);
    expect(
      (await activityUpload(token, { name: 'a.mp3', type: 'audio/mpeg', data: media.mp3 })).response.statusCode,
    ).toBe(200);
    for (const data of [PNG, Buffer.from('not a video at all'), media.mp3]) {
      const { response, folder } = await activityUpload(token, { name: 'fake.mp4', type: 'video/mp4', data });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: ERROR_MESSAGES.fileNotVideo,
        code: ERROR_CODES.fileNotVideo,
        field: 'file',
      });
      expect(filesIn(folder)).toEqual([]);
    }
    const fakeAudio = await activityUpload(token, { name: 'fake.mp3', type: 'audio/mpeg', data: PNG });
    expect(fakeAudio.response.statusCode).toBe(400);
    expect(fakeAudio.response.json().code).toBe(ERROR_CODES.fileNotAudio);
    // The console shows the reason in Chinese from the code catalogue.
    const catalogue = (await call(t.app, 'GET', '/error-codes')).body;
    expect(catalogue[ERROR_CODES.fileNotVideo]['zh-CN']).toContain('不是有效的视频');
  });

  it('checks documents by their magic bytes', async () => {
    const { token } = await agentToken();
    expect((await agentFileUpload(token, { name: 'a.pdf', type: 'application/pdf', data: PDF })).statusCode).toBe(200);
    const fakePdf = await agentFileUpload(token, { name: 'b.pdf', type: 'application/pdf', data: PNG });
    expect(fakePdf.statusCode).toBe(400);
    expect(fakePdf.json()).toMatchObject({ code: ERROR_CODES.fileNotPdf, field: 'file' });
    const csv = Buffer.from('姓名,手机\n张三,13900000000\n');
    expect((await agentFileUpload(token, { name: 'a.csv', type: 'text/csv', data: csv })).statusCode).toBe(200);
    const binaryCsv = await agentFileUpload(token, { name: 'b.csv', type: 'text/csv', data: PNG });
    expect(binaryCsv.statusCode).toBe(400);
    expect(binaryCsv.json().code).toBe(ERROR_CODES.fileNotCsv);
  });

  it('refuses an upload past the package’s storage with a clear message, and removes what went past', async () => {
    const { agent, token } = await agentToken();
    // The free plan's storage, as GET /agent/packageConfig shows it, is what GET /agent/storageUsage is held to.
    const { current } = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body;
    const quota = Math.floor(current.storageGb * 1024 ** 3);
    expect(quota).toBeGreaterThan(0);
    const folder = path.join(t.dataDir, 'files', 'agent', String(agent.id), 'files');
    mkdirSync(folder, { recursive: true });
    // A sparse file: the agent's storage is nearly full without writing gigabytes.
    const filler = path.join(folder, 'filler.bin');
    writeFileSync(filler, '');
    truncateSync(filler, quota - 10);
    const over = await agentFileUpload(token, { name: 'a.pdf', type: 'application/pdf', data: PDF });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      message: ERROR_MESSAGES.storageQuotaExceeded,
      code: ERROR_CODES.storageQuotaExceeded,
    });
    expect(filesIn(folder)).toEqual(['filler.bin']);
    expect((await call(t.app, 'GET', '/agent/storageUsage', { token })).body.bytes).toBe(quota - 10);
    // Full: refused before the body is stored.
    truncateSync(filler, quota);
    expect((await agentFileUpload(token, { name: 'a.pdf', type: 'application/pdf', data: PDF })).statusCode).toBe(403);
    // Space freed: accepted again.
    truncateSync(filler, 0);
    expect((await agentFileUpload(token, { name: 'a.pdf', type: 'application/pdf', data: PDF })).statusCode).toBe(200);
  });
});

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../harness.ts';

let videoCache: Buffer | undefined;

/** A real one-second H.264/AAC MP4 made by ffmpeg (once per test file). */
export function testVideo(): Buffer {
  if (videoCache) return videoCache;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'yanbo-video-')), 'clip.mp4');
  const result = spawnSync('/usr/bin/ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  if (result.status !== 0) throw new Error(`ffmpeg could not make a test video: ${result.stderr}`);
  videoCache = readFileSync(file);
  return videoCache;
}

/** A real one-second MP3 made by ffmpeg: uploads are checked for what they claim to be (issue 8). */
export function testAudio(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'yanbo-audio-')), 'tone.mp3');
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', file];
  const result = spawnSync('/usr/bin/ffmpeg', args);
  if (result.status !== 0) throw new Error(`ffmpeg could not make a test audio file: ${result.stderr}`);
  return readFileSync(file);
}

/** Uploads a file as the console does: an upload policy for the activity, then a multipart POST to its URL. */
export async function uploadToActivity(
  app: FastifyInstance,
  token: string,
  activityId: number,
  data: Buffer,
  options: { filename?: string; mimetype?: string } = {},
): Promise<{ filepath: string; url: string }> {
  const policy = await call(app, 'GET', `/v3/upload-policy/activity?activityId=${activityId}`, { token });
  expect(policy.status, policy.text).toBe(200);
  const boundary = `----yanbo${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'clip.mp4'}"\r\n` +
        `Content-Type: ${options.mimetype ?? 'video/mp4'}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: policy.body.url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Polls a media until its transcode has finished (ready or failed); answers it and the statuses seen on the way. */
export async function waitForMedia(app: FastifyInstance, token: string, mediaId: number, timeoutMs = 20_000) {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await call(app, 'GET', `/v3/media/${mediaId}`, { token });
    expect(response.status, response.text).toBe(200);
    if (seen.at(-1) !== response.body.status) seen.push(response.body.status);
    if (response.body.status === 'ready' || response.body.status === 'failed') return { media: response.body, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`media ${mediaId} still ${seen.at(-1)} after ${timeoutMs} ms`);
}

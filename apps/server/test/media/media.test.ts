import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_MESSAGES, MEDIA_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';
import { testAudio, testVideo, uploadToActivity, waitForMedia } from './media-helpers.ts';

/** Bytes and files under a folder, counted here independently of the server. */
function usageOf(dir: string): { bytes: number; files: number } {
  if (!existsSync(dir)) return { bytes: 0, files: 0 };
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    files += 1;
  }
  return { bytes, files };
}

describe.each(engines)('media on %s', (engine) => {
  const w = useWorld(engine);
  const filesRoot = () => path.join(w.t.dataDir, 'files');

  it('transcodes an uploaded video to HLS: pending, transcoding, ready, served', async () => {
    const activityId = await w.activity(w.aToken);
    const upload = await uploadToActivity(w.t.app, w.aToken, activityId, testVideo());
    const created = await w.call('POST', '/v3/media', {
      token: w.aToken,
      body: { filepath: upload.filepath, name: '开场视频' },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      name: '开场视频',
      activityId,
      status: 'pending',
      sourceKind: 'upload',
      source: upload.filepath,
      sourceUrl: upload.url,
      url: '',
      format: 'hls',
    });
    const { media, seen } = await waitForMedia(w.t.app, w.aToken, created.body.id);
    expect(seen.at(-1)).toBe('ready');
    expect(seen.every((status) => ['pending', 'transcoding', 'ready'].includes(status))).toBe(true);
    expect(media).toMatchObject({ status: 'ready', error: '', attempts: 1 });
    expect(media.url).toMatch(new RegExp(`^/files/agent/${w.a.id}/media/${media.id}/index\\.m3u8$`));
    expect(media.durationSeconds).toBeGreaterThan(0.9);
    expect(media.durationSeconds).toBeLessThan(1.2);
    const outputDir = path.join(filesRoot(), 'agent', String(w.a.id), 'media', String(media.id));
    expect(media.sizeBytes).toBe(usageOf(outputDir).bytes);

    const playlist = await w.t.app.inject({ method: 'GET', url: media.url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toMatch(/^#EXTM3U/);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'));
    const segmentResponse = await w.t.app.inject({
      method: 'GET',
      url: media.url.replace('index.m3u8', segment ?? ''),
    });
    expect(segmentResponse.statusCode).toBe(200);
    expect(segmentResponse.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    // One media per upload; a ready one cannot be retried.
    const again = await w.call('POST', '/v3/media', { token: w.aToken, body: { filepath: upload.filepath } });
    expect(again.body.id).toBe(media.id);
    expectError(
      await w.call('POST', `/v3/media/${media.id}/transcode-retry`, { token: w.aToken }),
      400,
      MEDIA_ERRORS.notRetryable,
    );
    const list = await w.call('GET', `/v3/media?activityId=${activityId}`, { token: w.aToken });
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([media.id]);
    expect(list.body.pager).toEqual({ page: 1, pageSize: 20, total: 1 });
  });

  it('fails with ffmpeg’s reason on a broken file, and a retry runs the job again', async () => {
    const activityId = await w.activity(w.aToken);
    // Uploads are checked for what they claim to be, so the file breaks in storage after it was accepted.
    const upload = await uploadToActivity(w.t.app, w.aToken, activityId, testVideo());
    writeFileSync(path.join(filesRoot(), upload.filepath), 'this is not a video at all');
    const created = await w.call('POST', '/v3/media', { token: w.aToken, body: { filepath: upload.filepath } });
    const { media: failed } = await waitForMedia(w.t.app, w.aToken, created.body.id);
    expect(failed).toMatchObject({ status: 'failed', url: '', attempts: 1, sizeBytes: 0 });
    expect(failed.error).toMatch(/Invalid data|moov atom/);
    expect(failed.error).not.toContain(w.t.dataDir);
    expect(existsSync(path.join(filesRoot(), 'agent', String(w.a.id), 'media', String(failed.id)))).toBe(false);

    const retried = await w.call('POST', `/v3/media/${failed.id}/transcode-retry`, { token: w.aToken });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'pending', error: '' });
    const { media: failedAgain } = await waitForMedia(w.t.app, w.aToken, failed.id);
    expect(failedAgain).toMatchObject({ status: 'failed', attempts: 2 });

    // The source repaired in place: the next retry succeeds.
    writeFileSync(path.join(filesRoot(), upload.filepath), testVideo());
    await w.call('POST', `/v3/media/${failed.id}/transcode-retry`, { token: w.aToken });
    const { media: ready } = await waitForMedia(w.t.app, w.aToken, failed.id);
    expect(ready).toMatchObject({ status: 'ready', attempts: 3, error: '' });
  });

  it('makes a ready media from an outside address', async () => {
    const created = await w.call('POST', '/v3/media', {
      token: w.aToken,
      body: { url: 'https://cdn.example.com/videos/intro.mp4' },
    });
    expect(created.body).toMatchObject({
      status: 'ready',
      sourceKind: 'url',
      name: 'intro.mp4',
      url: 'https://cdn.example.com/videos/intro.mp4',
      format: 'source',
      activityId: null,
    });
  });

  it('refuses bad sources: 400 naming the field, another agent’s files 404', async () => {
    const activityId = await w.activity(w.aToken);
    const foreignActivity = await w.activity(w.bToken);
    const post = (body: unknown) => w.call('POST', '/v3/media', { token: w.aToken, body });
    expect((await post({})).body.field).toBe('filepath');
    expect((await post({ filepath: 'a', url: 'https://x.example/v.mp4' })).body.field).toBe('filepath');
    expect((await post({ url: 'ftp://x.example/v.mp4' })).body.field).toBe('url');
    for (const filepath of ['../../etc/passwd', `activity/${activityId}/../x.mp4`, '/etc/passwd', 'other/1/x.mp4']) {
      const response = await post({ filepath });
      expect(response.status, filepath).toBe(400);
      expect(response.body.field).toBe('filepath');
    }
    expectError(await post({ filepath: `activity/${activityId}/missing.mp4` }), 400, 'filepath: File not found', {
      code: 'VALIDATION_FAILED',
      field: 'filepath',
    });
    expectError(
      await post({ filepath: `activity/${activityId}/cover.png` }),
      400,
      'filepath: Not a video or audio file',
      { code: 'VALIDATION_FAILED', field: 'filepath' },
    );
    const foreign = await uploadToActivity(w.t.app, w.bToken, foreignActivity, testVideo());
    expectError(await post({ filepath: foreign.filepath }), 404, ERROR_MESSAGES.activityNotFound);
    expectError(await post({ filepath: `agent/${w.b.id}/files/x.mp4` }), 404, ERROR_MESSAGES.agentNotFound);
    expectError(
      await post({ url: 'https://x.example/v.mp4', activityId: foreignActivity }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
  });

  it('media of one agent is 404 to another, and to a sub-account outside its activities', async () => {
    const activityId = await w.activity(w.aToken);
    const upload = await uploadToActivity(w.t.app, w.aToken, activityId, testVideo());
    const media = (await w.call('POST', '/v3/media', { token: w.aToken, body: { filepath: upload.filepath } })).body;
    await waitForMedia(w.t.app, w.aToken, media.id);
    for (const token of [w.bToken, w.subToken]) {
      expectError(await w.call('GET', `/v3/media/${media.id}`, { token }), 404, MEDIA_ERRORS.mediaNotFound);
      expectError(
        await w.call('POST', `/v3/media/${media.id}/transcode-retry`, { token }),
        404,
        MEDIA_ERRORS.mediaNotFound,
      );
      const list = await w.call('GET', '/v3/media', { token });
      expect(list.body.items.map((item: { id: number }) => item.id)).not.toContain(media.id);
    }
    expectError(await w.call('GET', '/v3/media/2000000000', { token: w.aToken }), 404, MEDIA_ERRORS.mediaNotFound);
    expect((await w.call('GET', '/v3/media/0', { token: w.aToken })).body.field).toBe('id');
    // A sub-account sees the media of its own activities.
    const subUpload = await uploadToActivity(w.t.app, w.subToken, w.subActivityId, testVideo());
    const subMedia = (await w.call('POST', '/v3/media', { token: w.subToken, body: { filepath: subUpload.filepath } }))
      .body;
    expect((await w.call('GET', `/v3/media/${subMedia.id}`, { token: w.subToken })).status).toBe(200);
    expect((await w.call('GET', `/v3/media/${subMedia.id}`, { token: w.aToken })).status).toBe(200);
    await waitForMedia(w.t.app, w.subToken, subMedia.id);
  });

  it('storage usage counts the agent’s files on disk, and nobody else’s', async () => {
    const activityId = await w.activity(w.aToken);
    const before = (await w.call('GET', '/agent/storageUsage', { token: w.aToken })).body;
    const video = testVideo();
    await uploadToActivity(w.t.app, w.aToken, activityId, video);
    const after = (await w.call('GET', '/agent/storageUsage', { token: w.aToken })).body;
    expect(after.bytes - before.bytes).toBe(video.length);
    expect(after.files - before.files).toBe(1);

    const ownActivities = await w.t.ctx.db
      .selectFrom('activities')
      .select('id')
      .where('agentId', '=', w.a.id)
      .execute();
    const expected = [
      usageOf(path.join(filesRoot(), 'agent', String(w.a.id))),
      ...ownActivities.map((row) => usageOf(path.join(filesRoot(), 'activity', String(row.id)))),
    ].reduce((sum, usage) => ({ bytes: sum.bytes + usage.bytes, files: sum.files + usage.files }));
    expect({ bytes: after.bytes, files: after.files }).toEqual(expected);
    expect(after.byKind.media).toBe(usageOf(path.join(filesRoot(), 'agent', String(w.a.id), 'media')).bytes);
    expect(after.byKind.uploads + after.byKind.activities + after.byKind.media).toBe(after.bytes);
    // A sub-account sees its agent's usage.
    expect((await w.call('GET', '/agent/storageUsage', { token: w.subToken })).body).toEqual(after);

    const stranger = await w.call('GET', '/agent/storageUsage', { token: w.bToken });
    const bActivities = await w.t.ctx.db.selectFrom('activities').select('id').where('agentId', '=', w.b.id).execute();
    const bExpected = bActivities
      .map((row) => usageOf(path.join(filesRoot(), 'activity', String(row.id))).bytes)
      .reduce((a, b) => a + b, 0);
    expect(stranger.body.bytes).toBe(bExpected);
    expect((await w.call('GET', '/agent/storageUsage')).status).toBe(401);
  });

  it('video sync makes media of stored uploads that have none, once', async () => {
    const activityId = await w.activity(w.aToken);
    const first = await uploadToActivity(w.t.app, w.aToken, activityId, testVideo());
    const second = await uploadToActivity(w.t.app, w.aToken, activityId, testAudio(), {
      filename: 'music.mp3',
      mimetype: 'audio/mpeg',
    });
    await w.call('POST', '/v3/media', { token: w.aToken, body: { filepath: first.filepath } });
    const synced = await w.call('POST', '/video/sync', { token: w.aToken, body: { activityId } });
    expect(synced.status, synced.text).toBe(200);
    expect(synced.body.scanned).toBe(2);
    expect(synced.body.items.map((item: { source: string }) => item.source)).toEqual([second.filepath]);
    expect(synced.body.items[0]).toMatchObject({ activityId, status: 'pending' });
    expect((await w.call('POST', '/video/sync', { token: w.aToken, body: { activityId } })).body.items).toEqual([]);
    await waitForMedia(w.t.app, w.aToken, synced.body.items[0].id);
    // Without a body it syncs every activity of the caller: the upload of the storage test above had no media yet.
    const all = await w.call('POST', '/video/sync', { token: w.aToken });
    expect(all.body.items.length).toBeGreaterThan(0);
    for (const item of all.body.items) {
      expect(item.source).not.toMatch(new RegExp(`^activity/${activityId}/`));
      await waitForMedia(w.t.app, w.aToken, item.id);
    }
    expect((await w.call('POST', '/video/sync', { token: w.aToken })).body.items).toEqual([]);
    expectError(
      await w.call('POST', '/video/sync', { token: w.bToken, body: { activityId } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    // B's sync finds B's own upload (from the test of bad sources) and none of A's.
    const bSync = await w.call('POST', '/video/sync', { token: w.bToken });
    const bActivities = await w.t.ctx.db.selectFrom('activities').select('id').where('agentId', '=', w.b.id).execute();
    expect(bSync.body.items.length).toBe(1);
    for (const item of bSync.body.items) {
      expect(bActivities.map((row) => row.id)).toContain(item.activityId);
      await waitForMedia(w.t.app, w.bToken, item.id);
    }
    expect((await w.call('POST', '/video/sync', { token: w.aToken, body: { activityId: 'x' } })).body.field).toBe(
      'activityId',
    );
  });
});

import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  MAX_PHOTOS_PER_UPLOAD,
  PHOTO_DISPLAY_SIZE,
  PHOTO_ERRORS,
  PHOTO_MAX_BYTES,
  PHOTO_THUMB_WIDTH,
  WATCH_ERRORS,
  WATCH_TOKEN_HEADER,
} from '@yanbo/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import { useWorld, type World } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';
import { cameraJpeg, type FormFile, HEIC, multipartFiles, png } from './photo-files.ts';

// Photo live (图片直播, seed 001 §7 "Photos"): lists per activity, uploads turned into an upright thumbnail and display
// picture without metadata, the console's edits (order, hide, show, delete, cover) and the watch page's tab, which
// hears every change over the activity's chat channel.

const base = (activityId: number, listId?: number) =>
  `/v3/activity/${activityId}/photo-list${listId === undefined ? '' : `/${listId}`}`;

async function newList(w: World, token: string, activityId: number, title = '现场照片') {
  const created = await w.call('POST', base(activityId), { token, body: { title, description: '开幕式' } });
  expect(created.status, created.text).toBe(200);
  return created.body.id as number;
}

function upload(w: World, token: string, activityId: number, listId: number, files: FormFile[]) {
  const form = multipartFiles(files);
  return w.call('POST', `${base(activityId, listId)}/photo`, { token, body: form.body, headers: form.headers });
}

/** A refused upload: 400 naming the file field, the message the console shows. */
const expectRefused = (response: Awaited<ReturnType<typeof upload>>, message: string) =>
  expectError(response, 400, `file: ${message}`, { code: ERROR_CODES.validation, field: 'file' });

const fetchFile = async (w: World, url: string) => {
  const response = await w.t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, data: response.rawPayload };
};

describe.each(engines)('photo live on %s', (engine) => {
  const w = useWorld(engine);

  it('creates a list, takes photos upright and without their GPS, and tells the viewers', async () => {
    const activityId = await w.activity(w.aToken, '摄影活动');
    const listId = await newList(w, w.aToken, activityId);
    const heard: RealtimeEvent[] = [];
    const stop = w.t.ctx.realtime.subscribe(`chat:${activityId}`, (event) => heard.push(event));
    try {
      // Stored 3000 × 2000 with orientation 6: upright it is 2000 wide and 3000 high.
      const camera = await cameraJpeg(3000, 2000);
      expect((await sharp(camera).metadata()).exif).toBeDefined();
      const uploaded = await upload(w, w.aToken, activityId, listId, [
        { name: 'IMG_0001.JPG', type: 'image/jpeg', data: camera },
        { name: 'logo.png', type: 'image/png', data: await png(300, 200) },
      ]);
      expect(uploaded.status, uploaded.text).toBe(200);
      const [small, big] = uploaded.body.items;
      expect(big).toMatchObject({ name: 'IMG_0001.JPG', hidden: false, thumbWidth: PHOTO_THUMB_WIDTH });
      expect([big.width, big.height]).toEqual([Math.round((PHOTO_DISPLAY_SIZE * 2) / 3), PHOTO_DISPLAY_SIZE]);
      expect(big.thumbHeight).toBe(600);
      // A picture smaller than the sizes is not enlarged.
      expect(small).toMatchObject({ name: 'logo.png', width: 300, height: 200, thumbWidth: 300, thumbHeight: 200 });

      for (const [url, width, height] of [
        [big.url, big.width, big.height],
        [big.thumbUrl, PHOTO_THUMB_WIDTH, 600],
      ]) {
        const served = await fetchFile(w, url);
        expect(served.status).toBe(200);
        const meta = await sharp(served.data).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: 'jpeg',
          width,
          height,
        });
        // Upright pixels and no metadata at all: no orientation left to apply, no position to read.
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }

      const detail = await w.call('GET', base(activityId, listId), { token: w.aToken });
      expect(detail.body).toMatchObject({ title: '现场照片', description: '开幕式', photoCount: 2, hiddenCount: 0 });
      expect(detail.body.photos.items.map((p: { id: number }) => p.id)).toEqual([small.id, big.id]);

      const watch = await w.call('GET', `/watch/${activityId}/photo-list/${listId}`);
      expect(watch.status).toBe(200);
      expect(watch.body.title).toBe('现场照片');
      expect(watch.body.photos.items).toHaveLength(2);
      expect(watch.body.photos.items[0]).not.toHaveProperty('name');
      expect(heard).toEqual([
        {
          type: 'chat.message',
          message: { type: 'photosAdded', listId, photos: watch.body.photos.items },
        },
      ]);

      const lists = await w.call('GET', base(activityId), { token: w.aToken });
      expect(lists.body.items).toEqual([
        expect.objectContaining({ id: listId, photoCount: 2, activityName: '摄影活动' }),
      ]);
      const all = await w.call('GET', `/v3/photo-list?activityId=${activityId}`, { token: w.aToken });
      expect(all.body.items.map((l: { id: number }) => l.id)).toEqual([listId]);
    } finally {
      stop();
    }
  });

  it('orders, hides, shows and deletes photos, and the watch page follows', async () => {
    const activityId = await w.activity(w.aToken, '编辑照片');
    const listId = await newList(w, w.aToken, activityId);
    const ids: number[] = [];
    for (const size of [100, 110, 120]) {
      const response = await upload(w, w.aToken, activityId, listId, [
        { name: `${size}.jpg`, type: 'image/jpeg', data: await cameraJpeg(size, size, 1) },
      ]);
      ids.push(response.body.items[0].id);
    }
    const [one, two, three] = ids as [number, number, number];
    const put = (body: unknown) => w.call('PUT', base(activityId, listId), { token: w.aToken, body });
    const watchIds = async () =>
      (await w.call('GET', `/watch/${activityId}/photo-list/${listId}`)).body.photos.items.map(
        (p: { id: number }) => p.id,
      );
    expect(await watchIds()).toEqual([three, two, one]);

    const heard: RealtimeEvent[] = [];
    const stop = w.t.ctx.realtime.subscribe(`chat:${activityId}`, (event) => heard.push(event));
    try {
      const reordered = await put({ order: [one, three] });
      expect(reordered.status, reordered.text).toBe(200);
      expect(reordered.body.photos.items.map((p: { id: number }) => p.id)).toEqual([one, two, three]);

      const hidden = await put({ hide: [two] });
      expect(hidden.body.hiddenCount).toBe(1);
      expect(await watchIds()).toEqual([one, three]);
      // The console still sees it, marked hidden.
      expect(hidden.body.photos.items.find((p: { id: number }) => p.id === two).hidden).toBe(true);

      const shown = await put({ show: [two] });
      expect(shown.body.hiddenCount).toBe(0);
      expect(await watchIds()).toEqual([one, two, three]);

      const coverUrl = shown.body.photos.items[0].thumbUrl as string;
      const covered = await put({ title: '  精选  ', cover: coverUrl });
      expect(covered.body).toMatchObject({ title: '精选', cover: coverUrl });

      const files = [shown.body.photos.items[0].url, coverUrl];
      const removed = await put({ remove: [one] });
      expect(removed.body).toMatchObject({ photoCount: 2, cover: '' });
      for (const url of files) expect((await fetchFile(w, url)).status).toBe(404);
      expect(await watchIds()).toEqual([two, three]);

      const told = (message: unknown) => ({ type: 'chat.message', message });
      expect(heard).toEqual([
        told({ type: 'photosReordered', listId }),
        told({ type: 'photosRemoved', listId, ids: [two] }),
        told({ type: 'photosAdded', listId, photos: [expect.objectContaining({ id: two })] }),
        told({ type: 'photosRemoved', listId, ids: [one] }),
      ]);
    } finally {
      stop();
    }
  });

  it('refuses HEIC, non-images, oversize files and too many files, storing nothing', async () => {
    const activityId = await w.activity(w.aToken, '拒收');
    const listId = await newList(w, w.aToken, activityId);
    const good = { name: 'ok.jpg', type: 'image/jpeg', data: await cameraJpeg(64, 48, 1) };
    const send = (files: FormFile[]) => upload(w, w.aToken, activityId, listId, files);
    expectRefused(await send([good, { name: 'IMG.HEIC', type: 'image/heic', data: HEIC }]), PHOTO_ERRORS.heic);
    // A text file named and typed as a JPEG is still not one.
    const text = { name: 'fake.jpg', type: 'image/jpeg', data: Buffer.from('not a picture at all') };
    expectRefused(await send([text]), PHOTO_ERRORS.notPhoto);
    const broken = { name: 'cut.jpg', type: 'image/jpeg', data: good.data.subarray(0, 40) };
    expectRefused(await send([broken]), PHOTO_ERRORS.notPhoto);
    const huge = { name: 'huge.jpg', type: 'image/jpeg', data: Buffer.alloc(PHOTO_MAX_BYTES + 1, 0xff) };
    expectRefused(await send([good, huge]), PHOTO_ERRORS.tooLarge);
    expectRefused(await send(Array(MAX_PHOTOS_PER_UPLOAD + 1).fill(good)), PHOTO_ERRORS.tooManyFiles);
    expectRefused(await send([]), PHOTO_ERRORS.noFiles);
    const json = await w.call('POST', `${base(activityId, listId)}/photo`, { token: w.aToken, body: { file: 'x' } });
    expect(json.status).toBe(400);

    const detail = await w.call('GET', base(activityId, listId), { token: w.aToken });
    expect(detail.body.photoCount).toBe(0);
    const folder = path.join(w.t.ctx.config.dataDir, 'files', 'activity', String(activityId), 'photos');
    expect(existsSync(folder) ? await readdir(folder, { recursive: true }) : []).toEqual([]);
  });

  it('refuses bad list input and bad edits with the field named, changing nothing', async () => {
    const activityId = await w.activity(w.aToken, '校验');
    const create = (body: unknown) => w.call('POST', base(activityId), { token: w.aToken, body });
    expectError(await create({ title: '  ' }), 400, `title: ${PHOTO_ERRORS.titleRequired}`, {
      code: ERROR_CODES.validation,
      field: 'title',
    });
    expect((await create({ title: 'x'.repeat(61) })).status).toBe(400);
    expect((await create({ title: '好', cover: 'javascript:alert(1)' })).status).toBe(400);
    expect((await create({ title: '好', cover: '/files/../secret' })).status).toBe(400);
    expect((await w.call('GET', base(activityId), { token: w.aToken })).body.pager.total).toBe(0);

    const listId = await newList(w, w.aToken, activityId);
    const uploaded = await upload(w, w.aToken, activityId, listId, [
      { name: 'a.jpg', type: 'image/jpeg', data: await cameraJpeg(50, 50, 1) },
    ]);
    const photoId = uploaded.body.items[0].id;
    const put = (body: unknown) => w.call('PUT', base(activityId, listId), { token: w.aToken, body });
    expect((await put({ order: [photoId, photoId] })).status).toBe(400);
    expect((await put({ hide: [photoId], show: [photoId] })).body).toMatchObject({ field: 'show' });
    expect((await put({ hide: ['x'] })).status).toBe(400);
    // A photo that is not in this list: not found, and the whole edit is not made.
    expectError(await put({ title: '改名', remove: [photoId, 999_999] }), 404, PHOTO_ERRORS.photoNotFound);
    const detail = await w.call('GET', base(activityId, listId), { token: w.aToken });
    expect(detail.body).toMatchObject({ title: '现场照片', photoCount: 1 });
  });

  it('keeps lists to their agent and activity', async () => {
    const activityId = await w.activity(w.aToken, '租户 A');
    const otherActivityId = await w.activity(w.aToken, '租户 A2');
    const listId = await newList(w, w.aToken, activityId);
    const uploaded = await upload(w, w.aToken, activityId, listId, [
      { name: 'a.jpg', type: 'image/jpeg', data: await cameraJpeg(40, 40, 1) },
    ]);
    const photoId = uploaded.body.items[0].id;
    const bActivityId = await w.activity(w.bToken, '租户 B');
    const bListId = await newList(w, w.bToken, bActivityId);
    const jpeg = [{ name: 'b.jpg', type: 'image/jpeg', data: await cameraJpeg(40, 40, 1) }];
    const missing = ERROR_MESSAGES.activityNotFound;

    // B with A's activity.
    expectError(await w.call('GET', base(activityId), { token: w.bToken }), 404, missing);
    expectError(await w.call('POST', base(activityId), { token: w.bToken, body: { title: 'x' } }), 404, missing);
    expectError(await w.call('GET', base(activityId, listId), { token: w.bToken }), 404, missing);
    expectError(
      await w.call('PUT', base(activityId, listId), { token: w.bToken, body: { hide: [photoId] } }),
      404,
      missing,
    );
    expectError(await upload(w, w.bToken, activityId, listId, jpeg), 404, missing);
    expectError(await w.call('GET', `/v3/photo-list?activityId=${activityId}`, { token: w.bToken }), 404, missing);
    // B with its own activity and A's list, or A's photo in B's list.
    const notFound = PHOTO_ERRORS.listNotFound;
    expectError(await w.call('GET', base(bActivityId, listId), { token: w.bToken }), 404, notFound);
    expectError(await upload(w, w.bToken, bActivityId, listId, jpeg), 404, notFound);
    expectError(
      await w.call('PUT', base(bActivityId, bListId), { token: w.bToken, body: { remove: [photoId] } }),
      404,
      PHOTO_ERRORS.photoNotFound,
    );
    // A's list named under A's other activity.
    expectError(await w.call('GET', base(otherActivityId, listId), { token: w.aToken }), 404, notFound);
    expectError(await w.call('GET', `/watch/${otherActivityId}/photo-list/${listId}`), 404, notFound);
    // The sub-account sees only its own activities.
    expectError(await w.call('GET', base(activityId, listId), { token: w.subToken }), 404, missing);
    expect((await w.call('GET', '/v3/photo-list', { token: w.subToken })).body.items).toEqual([]);
    expect(
      (await w.call('GET', '/v3/photo-list', { token: w.bToken })).body.items.map((l: { id: number }) => l.id),
    ).toEqual([bListId]);
    expect((await w.call('GET', base(activityId))).status).toBe(401);
    // A's photo is still there.
    expect((await w.call('GET', base(activityId, listId), { token: w.aToken })).body.photoCount).toBe(1);
  });

  it('shows the photos only to a viewer past the page’s gates: the watch code asked for, then given', async () => {
    const activityId = await w.activity(w.aToken, '口令');
    const listId = await newList(w, w.aToken, activityId);
    const set = await w.call('PUT', `/activity/${activityId}/watchcode`, {
      token: w.aToken,
      body: { enabled: true, code: '1357' },
    });
    expect(set.status, set.text).toBe(200);
    expectError(await w.call('GET', `/watch/${activityId}/photo-list/${listId}`), 403, WATCH_ERRORS.notOpen);
    const entered = await w.call('POST', `/watch/${activityId}/watchcode`, { body: { code: '1357' } });
    expect(entered.status, entered.text).toBe(200);
    const read = await w.call('GET', `/watch/${activityId}/photo-list/${listId}`, {
      headers: { [WATCH_TOKEN_HEADER]: entered.body.token },
    });
    expect(read.status, read.text).toBe(200);
  });

  it('bounds the watch page’s reads per address', async () => {
    const activityId = await w.activity(w.aToken, '限流');
    const listId = await newList(w, w.aToken, activityId);
    const read = () => w.call('GET', `/watch/${activityId}/photo-list/${listId}?pageSize=1`, { ip: '203.0.113.77' });
    let last = await read();
    for (let i = 0; i < 300 && last.status === 200; i += 1) last = await read();
    expect(last.status).toBe(429);
    expect((await w.call('GET', `/watch/${activityId}/photo-list/${listId}`, { ip: '203.0.113.78' })).status).toBe(200);
    expect((await w.call('GET', `/watch/${activityId}/photo-list/${listId}?pageSize=101`)).status).toBe(400);
  });
});

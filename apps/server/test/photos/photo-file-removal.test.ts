import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../src/platform/storage/file-storage.ts';
import { useWorld, type World } from '../activity-world.ts';
import { engines } from '../harness.ts';
import { cameraJpeg, multipartFiles } from './photo-files.ts';

// A photo's pictures leave the file store (the local folder, or the bucket with YANBO_TEST_STORAGE=bucket) with its
// row: when the photo is deleted, and when its activity is destroyed. A store that fails to remove one never fails
// the delete or the destroy: the file is tried again and goes.

const base = (activityId: number, listId?: number) =>
  `/v3/activity/${activityId}/photo-list${listId === undefined ? '' : `/${listId}`}`;

/** An activity of A's with a photo list of `count` photos; the photos as the console lists them. */
async function activityWithPhotos(w: World, count: number) {
  const activityId = await w.activity(w.aToken);
  const list = await w.call('POST', base(activityId), { token: w.aToken, body: { title: '现场' } });
  expect(list.status, list.text).toBe(200);
  const listId = list.body.id as number;
  const files = [];
  for (let i = 0; i < count; i++) {
    files.push({ name: `${i}.jpg`, type: 'image/jpeg', data: await cameraJpeg(80 + i, 60, 1) });
  }
  const form = multipartFiles(files);
  const uploaded = await w.call('POST', `${base(activityId, listId)}/photo`, {
    token: w.aToken,
    body: form.body,
    headers: form.headers,
  });
  expect(uploaded.status, uploaded.text).toBe(200);
  return { activityId, listId, photos: uploaded.body.items as { id: number; url: string; thumbUrl: string }[] };
}

const storedUnder = async (w: World, prefix: string) => (await w.t.ctx.files.list(prefix)).map((file) => file.key);
const photoFolder = (activityId: number) => `activity/${activityId}/photos/`;

/** Makes the store refuse to remove the keys `refuse` says, until the returned function puts it back. */
function refuseRemovals(files: FileStorage, refuse: (key: string) => boolean) {
  const remove = files.remove;
  const refused: string[] = [];
  files.remove = async (key) => {
    if (refuse(key)) {
      refused.push(key);
      throw new Error('the store is down');
    }
    return remove.call(files, key);
  };
  return { refused, restore: () => (files.remove = remove) };
}

describe.each(engines)('photo files on %s', (engine) => {
  const w = useWorld(engine);

  it('removes a destroyed activity’s photos from the store and leaves its other files and other activities’ photos', async () => {
    const gone = await activityWithPhotos(w, 3);
    const kept = await activityWithPhotos(w, 1);
    // An upload of the activity's own (its cover, say) may be shown by a copy of it: it stays.
    const coverKey = `activity/${gone.activityId}/cover.png`;
    await w.t.ctx.files.put(coverKey, Readable.from([Buffer.from('png')]));
    expect(await storedUnder(w, photoFolder(gone.activityId))).toHaveLength(6);

    const destroyed = await w.call('POST', `/v3/activity/${gone.activityId}/destroy`, { token: w.aToken });
    expect(destroyed.status, destroyed.text).toBe(200);
    await expect.poll(() => storedUnder(w, photoFolder(gone.activityId)), { timeout: 10_000 }).toEqual([]);
    expect(await storedUnder(w, `activity/${gone.activityId}/`)).toEqual([coverKey]);
    expect(await storedUnder(w, photoFolder(kept.activityId))).toHaveLength(2);
  });

  it('destroys the activity when the store fails to remove a photo, and removes it on a later try', async () => {
    const { activityId } = await activityWithPhotos(w, 2);
    const store = refuseRemovals(w.t.ctx.files, (key) => key.startsWith(photoFolder(activityId)));
    try {
      const destroyed = await w.call('POST', `/v3/activity/${activityId}/destroy`, { token: w.aToken });
      expect(destroyed.status, destroyed.text).toBe(200);
      expect((await w.call('GET', `/activity/${activityId}`, { token: w.aToken })).status).toBe(404);
      await expect.poll(() => store.refused.length >= 4).toBe(true);
      expect(await storedUnder(w, photoFolder(activityId))).toHaveLength(4);
    } finally {
      store.restore();
    }
    await expect.poll(() => storedUnder(w, photoFolder(activityId)), { timeout: 10_000 }).toEqual([]);
  });

  it('deletes a photo whose pictures the store fails to remove, and removes them on a later try', async () => {
    const { activityId, listId, photos } = await activityWithPhotos(w, 2);
    const [one, two] = photos as [(typeof photos)[0], (typeof photos)[0]];
    const keyOf = (url: string) => url.slice(url.indexOf('activity/'));
    const store = refuseRemovals(w.t.ctx.files, (key) => key === keyOf(one.url));
    try {
      const removed = await w.call('PUT', base(activityId, listId), { token: w.aToken, body: { remove: [one.id] } });
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.photos.items.map((photo: { id: number }) => photo.id)).toEqual([two.id]);
      // Its thumbnail went at once; its display picture waits for the store.
      expect(await storedUnder(w, photoFolder(activityId))).toEqual(
        [keyOf(one.url), keyOf(two.url), keyOf(two.thumbUrl)].sort(),
      );
    } finally {
      store.restore();
    }
    await expect
      .poll(() => storedUnder(w, photoFolder(activityId)), { timeout: 10_000 })
      .toEqual([keyOf(two.url), keyOf(two.thumbUrl)].sort());
  });
});

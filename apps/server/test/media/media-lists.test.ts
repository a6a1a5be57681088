import { ERROR_MESSAGES, MEDIA_ERRORS } from '@yanbo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';
import { testVideo, uploadToActivity, waitForMedia } from './media-helpers.ts';

const nulls = (n: number) => Array(n).fill(null);

describe.each(engines)('media lists and playlist on %s', (engine) => {
  const w = useWorld(engine);
  let ready: { id: number; url: string; name: string };
  let external: { id: number };
  let foreignMedia: { id: number };

  beforeAll(async () => {
    const activityId = await w.activity(w.aToken);
    const upload = await uploadToActivity(w.t.app, w.aToken, activityId, testVideo());
    const created = await w.call('POST', '/v3/media', {
      token: w.aToken,
      body: { filepath: upload.filepath, name: '片头' },
    });
    ready = (await waitForMedia(w.t.app, w.aToken, created.body.id)).media;
    external = (await w.call('POST', '/v3/media', { token: w.aToken, body: { url: 'https://cdn.example.com/a.mp4' } }))
      .body;
    foreignMedia = (
      await w.call('POST', '/v3/media', { token: w.bToken, body: { url: 'https://b.example.com/b.mp4' } })
    ).body;
  });

  it('live media: two lists of 8 empty slots, the default media until the activity has its own', async () => {
    const activityId = await w.activity(w.aToken);
    const url = `/v3/agent/media?activityId=${activityId}`;
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual({
      activityId,
      isDefault: true,
      lists: { '0': nulls(8), '1': nulls(8) },
    });

    const defaults = await w.call('PUT', '/v3/agent/default-media', {
      token: w.aToken,
      body: { lists: { '0': [{ mediaId: ready.id }] } },
    });
    expect(defaults.status, defaults.text).toBe(200);
    expect(defaults.body.lists['0'][0]).toEqual({ mediaId: ready.id, url: ready.url, name: '片头', status: 'ready' });
    expect(defaults.body.lists['1']).toEqual(nulls(8));
    expect((await w.call('GET', '/v3/agent/default-media', { token: w.aToken })).body).toEqual(defaults.body);
    const inherited = await w.call('GET', url, { token: w.aToken });
    expect(inherited.body).toMatchObject({ isDefault: true, lists: defaults.body.lists });

    const own = await w.call('PUT', url, {
      token: w.aToken,
      body: {
        lists: {
          '0': [
            { url: 'https://cdn.example.com/warmup.mp4', name: '暖场' },
            null,
            { mediaId: external.id, name: '外链' },
          ],
          '1': [{ mediaId: null, url: '', name: '' }, { mediaId: ready.id }],
        },
      },
    });
    expect(own.status, own.text).toBe(200);
    expect(own.body.isDefault).toBe(false);
    expect(own.body.lists['0']).toEqual([
      { mediaId: null, url: 'https://cdn.example.com/warmup.mp4', name: '暖场', status: null },
      null,
      { mediaId: external.id, url: 'https://cdn.example.com/a.mp4', name: '外链', status: 'ready' },
      ...nulls(5),
    ]);
    expect(own.body.lists['1']).toEqual([
      null,
      { mediaId: ready.id, url: ready.url, name: '片头', status: 'ready' },
      ...nulls(6),
    ]);
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual(own.body);
    // Other activities still show the defaults.
    const other = await w.activity(w.aToken);
    expect((await w.call('GET', `/v3/agent/media?activityId=${other}`, { token: w.aToken })).body.isDefault).toBe(true);
  });

  it('live media refuses 9 slots, bad slots, a missing activityId and another agent’s media', async () => {
    const activityId = await w.activity(w.aToken);
    const url = `/v3/agent/media?activityId=${activityId}`;
    const put = (body: unknown, target = url) => w.call('PUT', target, { token: w.aToken, body });
    expect((await put({ lists: { '0': nulls(9) } })).body.field).toBe('lists.0');
    expect((await put({ lists: { '1': [{ mediaId: 'x' }] } })).body.field).toBe('lists.1.0.mediaId');
    expect((await put({ lists: { '0': [] } }, '/v3/agent/media')).body.field).toBe('activityId');
    expect((await w.call('GET', '/v3/agent/media', { token: w.aToken })).body.field).toBe('activityId');
    expectError(await put({ lists: { '0': [{ mediaId: foreignMedia.id }] } }), 404, MEDIA_ERRORS.mediaNotFound);
    expectError(
      await w.call('PUT', '/v3/agent/default-media', {
        token: w.aToken,
        body: { lists: { '1': [{ mediaId: foreignMedia.id }] } },
      }),
      404,
      MEDIA_ERRORS.mediaNotFound,
    );
    expect((await w.call('GET', url, { token: w.aToken })).body.isDefault).toBe(true);
    for (const token of [w.bToken, w.subToken]) {
      expectError(await w.call('GET', url, { token }), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await w.call('PUT', url, { token, body: { lists: {} } }), 404, ERROR_MESSAGES.activityNotFound);
    }
  });

  it('overall media: 20 slots per agent', async () => {
    expect((await w.call('GET', '/v3/agent/global-media', { token: w.bToken })).body).toEqual({ items: nulls(20) });
    const saved = await w.call('PUT', '/v3/agent/global-media', {
      token: w.aToken,
      body: { items: [null, { mediaId: ready.id, name: '全局片头' }] },
    });
    expect(saved.body.items).toHaveLength(20);
    expect(saved.body.items[1]).toEqual({ mediaId: ready.id, url: ready.url, name: '全局片头', status: 'ready' });
    expect((await w.call('GET', '/v3/agent/global-media', { token: w.aToken })).body).toEqual(saved.body);
    // Each agent has its own.
    expect((await w.call('GET', '/v3/agent/global-media', { token: w.bToken })).body).toEqual({ items: nulls(20) });
    expect(
      (await w.call('PUT', '/v3/agent/global-media', { token: w.aToken, body: { items: nulls(21) } })).body.field,
    ).toBe('items');
    expectError(
      await w.call('PUT', '/v3/agent/global-media', { token: w.bToken, body: { items: [{ mediaId: ready.id }] } }),
      404,
      MEDIA_ERRORS.mediaNotFound,
    );
  });

  it('playlist: media in order with their current state; other agents’ media and activities 404', async () => {
    const activityId = await w.activity(w.aToken);
    const url = `/activity/${activityId}/playlist`;
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual({ items: [], loop: false });
    const saved = await w.call('PUT', url, {
      token: w.aToken,
      body: { items: [{ mediaId: ready.id, title: '第一段' }, { mediaId: external.id }], loop: true },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      loop: true,
      items: [
        {
          mediaId: ready.id,
          title: '第一段',
          name: '片头',
          status: 'ready',
          url: ready.url,
          durationSeconds: expect.any(Number),
        },
        {
          mediaId: external.id,
          title: 'a.mp4',
          name: 'a.mp4',
          status: 'ready',
          url: 'https://cdn.example.com/a.mp4',
          durationSeconds: null,
        },
      ],
    });
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual(saved.body);
    expectError(
      await w.call('PUT', url, { token: w.aToken, body: { items: [{ mediaId: foreignMedia.id }] } }),
      404,
      MEDIA_ERRORS.mediaNotFound,
    );
    expect((await w.call('PUT', url, { token: w.aToken, body: { items: [{}] } })).body.field).toBe('items.0.mediaId');
    for (const token of [w.bToken, w.subToken]) {
      expectError(await w.call('GET', url, { token }), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await w.call('PUT', url, { token, body: { items: [] } }), 404, ERROR_MESSAGES.activityNotFound);
    }
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual(saved.body);
  });
});

import { ERROR_MESSAGES, TEXT_LIVE_ERRORS, TEXT_LIVE_MAX_IMAGES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

// Text live (图文直播, issue 10): the organiser posts and deletes; the watch page lists the posts newest first, and
// each post and deletion goes out to the activity's chat room, where the viewers' sockets carry it.

describe.each(engines)('text live on %s', (engine) => {
  const w = useWorld(engine);

  it('posts, lists newest first for the console and the watch page, and tells the viewers', async () => {
    const id = await w.activity(w.aToken, '图文');
    const heard: RealtimeEvent[] = [];
    const stop = w.t.ctx.realtime.subscribe(`chat:${id}`, (event) => heard.push(event));
    try {
      const first = await w.call('POST', `/v3/activity/${id}/text-live`, {
        token: w.aToken,
        body: { text: '  开场：嘉宾入场  ' },
      });
      expect(first.status, first.text).toBe(200);
      expect(first.body).toMatchObject({ text: '开场：嘉宾入场', images: [] });
      const second = await w.call('POST', `/v3/activity/${id}/text-live`, {
        token: w.aToken,
        body: { images: ['/files/p1.png', 'https://cdn.example.com/p2.jpg'] },
      });
      expect(second.body).toMatchObject({ text: '', images: ['/files/p1.png', 'https://cdn.example.com/p2.jpg'] });

      const list = await w.call('GET', `/v3/activity/${id}/text-live`, { token: w.aToken });
      expect(list.body.items.map((p: { id: number }) => p.id)).toEqual([second.body.id, first.body.id]);
      expect(list.body.pager).toEqual({ page: 1, pageSize: 20, total: 2 });
      const watch = await w.call('GET', `/watch/${id}/text-live?pageSize=1`);
      expect(watch.status).toBe(200);
      expect(watch.body.items).toEqual([second.body]);
      expect(watch.body.pager.total).toBe(2);

      const removed = await w.call('DELETE', `/v3/activity/${id}/text-live/${first.body.id}`, { token: w.aToken });
      expect(removed.body).toEqual({ ok: true });
      expectError(
        await w.call('DELETE', `/v3/activity/${id}/text-live/${first.body.id}`, { token: w.aToken }),
        404,
        TEXT_LIVE_ERRORS.postNotFound,
      );
      expect((await w.call('GET', `/watch/${id}/text-live`)).body.items).toEqual([second.body]);

      expect(heard).toEqual([
        { type: 'chat.message', message: { type: 'textLivePost', post: first.body } },
        { type: 'chat.message', message: { type: 'textLivePost', post: second.body } },
        { type: 'chat.message', message: { type: 'textLiveDeleted', id: first.body.id } },
      ]);
    } finally {
      stop();
    }
  });

  it('refuses an empty post, too many pictures, too long a text, and writes nothing', async () => {
    const id = await w.activity(w.aToken, '图文校验');
    const post = (body: unknown) => w.call('POST', `/v3/activity/${id}/text-live`, { token: w.aToken, body });
    const empty = await post({ text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'text', message: `text: ${TEXT_LIVE_ERRORS.postEmpty}` });
    expect((await post({ text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post({ images: Array(TEXT_LIVE_MAX_IMAGES + 1).fill('/files/a.png') })).status).toBe(400);
    expect((await post({ images: [''] })).status).toBe(400);
    expect((await post({ text: 5 })).status).toBe(400);
    expect((await w.call('GET', `/v3/activity/${id}/text-live`, { token: w.aToken })).body.pager.total).toBe(0);
  });

  it('keeps posts to their agent: another agent’s activity or post is not found', async () => {
    const id = await w.activity(w.aToken, '图文租户');
    const mine = await w.call('POST', `/v3/activity/${id}/text-live`, { token: w.aToken, body: { text: '一' } });
    const bId = await w.activity(w.bToken, 'B 的图文');
    const missing = ERROR_MESSAGES.activityNotFound;
    expectError(await w.call('GET', `/v3/activity/${id}/text-live`, { token: w.bToken }), 404, missing);
    expectError(
      await w.call('POST', `/v3/activity/${id}/text-live`, { token: w.bToken, body: { text: 'x' } }),
      404,
      missing,
    );
    expectError(
      await w.call('DELETE', `/v3/activity/${id}/text-live/${mine.body.id}`, { token: w.bToken }),
      404,
      missing,
    );
    // B names its own activity with A's post: still not found, and A's post stays.
    expectError(
      await w.call('DELETE', `/v3/activity/${bId}/text-live/${mine.body.id}`, { token: w.bToken }),
      404,
      TEXT_LIVE_ERRORS.postNotFound,
    );
    expectError(await w.call('GET', `/v3/activity/${id}/text-live`, { token: w.subToken }), 404, missing);
    expect((await w.call('GET', `/v3/activity/${id}/text-live`)).status).toBe(401);
    expectError(await w.call('GET', '/watch/999999/text-live'), 404, missing);
    expect((await w.call('GET', `/watch/${id}/text-live`)).body.items).toHaveLength(1);
  });
});

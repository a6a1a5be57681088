import { ERROR_CODES, menuEntrySourceKey, pageSourceKey } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { readAgentHomepage, readPublishedPage } from '../../src/features/pages/index.ts';
import { useWorld } from '../activity-world.ts';
import { createAgent, engines, sessionFor } from '../harness.ts';
import { multipart, PNG } from '../upload-form.ts';

let counter = 0;

describe.each(engines)('the public page and page pictures on %s', (engine) => {
  const w = useWorld(engine);
  const createPage = async (token: string, data?: unknown) => {
    const response = await w.call('POST', '/page', { token, body: { name: `公开页 ${++counter}`, data } });
    expect(response.status, response.text).toBe(200);
    return response.body.id as number;
  };

  it('resolves a published page for its owner: lists, columns, menus, catalogs, never the draft', async () => {
    const [a1, a2, a3] = [
      await w.activity(w.aToken, '一'),
      await w.activity(w.aToken, '二'),
      await w.activity(w.aToken),
    ];
    const group = (
      await w.call('POST', '/agent/activity-group', { token: w.aToken, body: { name: `门户组${engine}` } })
    ).body.id;
    await w.t.ctx.db.updateTable('activities').set({ groupId: group }).where('id', 'in', [a1, a3]).execute();
    await w.t.ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', a2).execute();
    const catalog = (await w.call('POST', '/v3/catalog', { token: w.aToken, body: { name: `门户合辑${engine}` } })).body
      .id;
    const page = await createPage(w.aToken);
    const column = (
      await w.call('POST', `/page/${page}/list`, {
        token: w.aToken,
        body: { title: '栏目', source: { kind: 'chosen', activityIds: [a3, a1] } },
      })
    ).body.id;
    const data = {
      components: [
        {
          id: 'hero',
          type: 'banner',
          menuArr: [{ image: '/files/b.png', link: { kind: 'activity', activityId: a1 } }],
        },
        { id: 'chosen', type: 'activity', source: { kind: 'chosen', activityIds: [a2, a1] } },
        { id: 'live', type: 'activity', source: { kind: 'live' } },
        { id: 'col', type: 'activity', source: { kind: 'column', listId: column }, num: 1 },
        {
          id: 'tabs',
          type: 'activity-tab',
          tabs: [
            { title: '分组', source: { kind: 'group', groupId: group } },
            { title: '最新', source: { kind: 'new' }, num: 2 },
          ],
        },
        {
          id: 'nav',
          type: 'mobilesNav',
          menuArr: [
            { title: '组', type: 'group', groupId: group, num: 1 },
            { title: '选', type: 'activity', activities: [a2] },
            { title: '链', type: 'link', url: 'https://example.com' },
          ],
        },
        { id: 'cat', type: 'catalog', catalogIds: [catalog] },
        { id: 'play', type: 'player', activityId: a3 },
      ],
    };
    expect(await readPublishedPage(w.t.ctx.db, page)).toBeNull();
    await w.call('PUT', `/page/${page}`, { token: w.aToken, body: { data, publish: true } });
    // A later draft is not what the public sees.
    await w.call('PUT', `/page/${page}`, { token: w.aToken, body: { data: { components: [] } } });

    const view = await readPublishedPage(w.t.ctx.db, page);
    expect(view).not.toBeNull();
    if (!view) return;
    expect(view.data.components.map((c) => c.id)).toEqual([
      'hero',
      'chosen',
      'live',
      'col',
      'tabs',
      'nav',
      'cat',
      'play',
    ]);
    expect(view.agentId).toBe(w.a.id);
    expect(view.sources[pageSourceKey('chosen')]).toEqual([a2, a1]);
    expect(view.sources[pageSourceKey('live')]).toEqual([a2]);
    expect(view.sources[pageSourceKey('col')]).toEqual([a3]);
    expect([...(view.sources[pageSourceKey('tabs', 0)] ?? [])].sort()).toEqual([a1, a3].sort());
    expect(view.sources[pageSourceKey('tabs', 1)]).toHaveLength(2);
    expect(view.sources[menuEntrySourceKey('nav', 0)]).toHaveLength(1);
    expect(view.sources[menuEntrySourceKey('nav', 1)]).toEqual([a2]);
    expect(view.sources[menuEntrySourceKey('nav', 2)]).toEqual([]);
    expect(view.catalogs.cat).toMatchObject([{ id: catalog, link: `/watch/catalog/${catalog}` }]);
    const cardIds = view.activities.map((card) => card.id);
    expect(cardIds).toEqual(expect.arrayContaining([a1, a2, a3]));
    expect(new Set(cardIds).size).toBe(cardIds.length);
    expect(view.activities.find((card) => card.id === a2)).toMatchObject({ isPushing: true, watchUrl: `/watch/${a2}` });

    // An activity deleted after publishing drops out of every list, and leaves no gap in a list of num.
    await w.t.ctx.db.updateTable('activities').set({ deletedAt: new Date() }).where('id', '=', a1).execute();
    const later = await readPublishedPage(w.t.ctx.db, page);
    expect(later?.sources[pageSourceKey('chosen')]).toEqual([a2]);
    expect(later?.activities.map((card) => card.id)).not.toContain(a1);
    const short = await createPage(w.aToken, {
      components: [{ id: 'one', type: 'activity', source: { kind: 'chosen', activityIds: [a3, a2] }, num: 1 }],
    });
    await w.call('PUT', `/page/${short}`, { token: w.aToken, body: { publish: true } });
    expect((await readPublishedPage(w.t.ctx.db, short))?.sources.one).toEqual([a3]);
    await w.t.ctx.db.updateTable('activities').set({ deletedAt: new Date() }).where('id', '=', a3).execute();
    const shortened = await readPublishedPage(w.t.ctx.db, short);
    expect(shortened?.sources.one).toEqual([a2]);
    expect(shortened?.activities.map((card) => card.id)).toEqual([a2]);
  });

  it('shows only the owner’s activities even when stored data names another agent’s', async () => {
    const bActivity = await w.activity(w.bToken);
    const page = await createPage(w.aToken);
    // Written past the API's checks, as old data might be.
    const data = JSON.stringify({
      config: {},
      components: [{ id: 'x', type: 'activity', source: { kind: 'chosen', activityIds: [bActivity] } }],
    });
    await w.t.ctx.db
      .updateTable('pages')
      .set({ data, publishedData: data, publishedAt: new Date() })
      .where('id', '=', page)
      .execute();
    const view = await readPublishedPage(w.t.ctx.db, page);
    expect(view?.sources.x).toEqual([]);
    expect(view?.activities).toEqual([]);
  });

  it('reads the agent’s home page only while it is published', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    const page = await createPage(token, { components: [{ id: 's', type: 'slogan', text: '欢迎' }] });
    expect(await readAgentHomepage(w.t.ctx.db, agent.id)).toBeNull();
    await w.call('POST', `/page/${page}/homepage/set`, { token });
    expect(await readAgentHomepage(w.t.ctx.db, agent.id)).toBeNull();
    await w.call('PUT', `/page/${page}`, { token, body: { publish: true } });
    expect((await readAgentHomepage(w.t.ctx.db, agent.id))?.id).toBe(page);
    await w.call('PUT', `/page/${page}`, { token, body: { publish: false } });
    expect(await readAgentHomepage(w.t.ctx.db, agent.id)).toBeNull();
  });

  it('uploads a page picture for the caller’s agent only, checking its type and content', async () => {
    const send = async (agentId: number, token: string, file: { name: string; type: string; data: Buffer }) => {
      const form = multipart(file);
      return w.t.app.inject({
        method: 'POST',
        url: `/api/agent/${agentId}/upload`,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
    };
    const ok = await send(w.a.id, w.aToken, { name: 'a.png', type: 'image/png', data: PNG });
    expect(ok.statusCode, ok.body).toBe(200);
    const stored = ok.json();
    expect(stored.filepath).toMatch(new RegExp(`^agent/${w.a.id}/page-[A-Za-z0-9_-]+\\.png$`));
    expect(stored.filepath.split('/')).toHaveLength(3);
    expect(stored.url).toBe(`/files/${stored.filepath}`);
    const served = await w.t.app.inject({ method: 'GET', url: stored.url });
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // A sub-account uploads for its agent.
    expect((await send(w.a.id, w.subToken, { name: 'a.png', type: 'image/png', data: PNG })).statusCode).toBe(200);

    const foreign = await send(w.b.id, w.aToken, { name: 'a.png', type: 'image/png', data: PNG });
    expect(foreign.statusCode).toBe(404);
    const svg = await send(w.a.id, w.aToken, { name: 'a.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') });
    expect(svg.json()).toMatchObject({ statusCode: 400, field: 'file' });
    const fake = await send(w.a.id, w.aToken, { name: 'a.png', type: 'image/png', data: Buffer.from('not a png') });
    expect(fake.json()).toMatchObject({ statusCode: 400, message: 'file: File is not an image' });
    const empty = await send(w.a.id, w.aToken, { name: 'a.png', type: 'image/png', data: Buffer.alloc(0) });
    expect(empty.json()).toMatchObject({ statusCode: 400, field: 'file' });
    const big = await send(w.a.id, w.aToken, {
      name: 'big.png',
      type: 'image/png',
      data: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: ERROR_CODES.fileTooLarge, field: 'file' });
    const json = await w.call('POST', `/agent/${w.a.id}/upload`, { token: w.aToken, body: { file: 'x' } });
    expect(json.body).toMatchObject({ statusCode: 400, field: 'file' });
  });
});

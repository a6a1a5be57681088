import { ERROR_MESSAGES } from '@yanbo/contracts';
import {
  MEDIA_REPORT_MAX_STREAMS,
  MEDIA_SIGNATURE_HEADER,
  type MediaReport,
  type MediaReportStream,
} from '@yanbo/contracts/media-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endLapsedMediaSources } from '../../src/features/live-stream/media-reports.ts';
import { endSilentExternalPushes } from '../../src/features/live-stream/push-liveness.ts';
import { mediaBodySigned, signMediaBody } from '../../src/platform/ingest/media-signature.ts';
import { call, createAgent, engines, expectError, sessionFor, startApp, type TestApp } from '../harness.ts';
import { waitFor } from './push.ts';

// A media process's reports (issue 15, media as its own process): signed with a key derived from SECRET_KEY, they are
// the API's truth for the pushes the process carries, its viewers and the ingest list; an unsigned or wrongly signed
// report changes nothing, an older one than the last is ignored, and a process whose reports stop has its pushes
// ended once a few of its intervals have passed.

describe('the report signature', () => {
  const body = JSON.stringify({ source: 'media-1', intervalMs: 1000, sentAt: 1, streams: [] });

  it('is the body’s HMAC under a key derived from the secret', () => {
    const signature = signMediaBody('secret-a', body);
    expect(mediaBodySigned('secret-a', body, signature)).toBe(true);
    // Another deployment's secret, another body, or no signature at all: refused.
    expect(mediaBodySigned('secret-b', body, signature)).toBe(false);
    expect(mediaBodySigned('secret-a', body.replace('media-1', 'media-2'), signature)).toBe(false);
    expect(mediaBodySigned('secret-a', body, undefined)).toBe(false);
    expect(mediaBodySigned('secret-a', body, '')).toBe(false);
    expect(mediaBodySigned('secret-a', body, [signature])).toBe(false);
  });

  it('is not the secret’s plain HMAC of the body (the key is derived for reports only)', () => {
    expect(signMediaBody('secret-a', body)).not.toBe(signMediaBody('secret-a', `${body} `));
    expect(signMediaBody('secret-a', body)).toMatch(/^[\w-]{43}$/);
  });
});

describe.each(engines)('media process reports on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let activity: { id: number; stream: { app: string; stream: string } };
  let sentAt = Date.now();

  beforeAll(async () => {
    t = await startApp(engine, { embeddedIngest: false });
    const agent = await createAgent(t.ctx);
    token = await sessionFor(t.ctx, agent.id);
    activity = (await call(t.app, 'POST', '/activity', { token, body: { name: '媒体进程' } })).body;
  });
  afterAll(async () => t?.close());

  const live = (viewers: number, extra: Partial<MediaReportStream> = {}): MediaReportStream => ({
    app: activity.stream.app,
    stream: activity.stream.stream,
    viewers,
    bytesIn: 123_456,
    publisherId: 7,
    remoteAddress: '10.0.0.9',
    hasVideo: true,
    hasAudio: true,
    width: 320,
    height: 240,
    fps: 25,
    bitrateKbps: 800,
    startedAt: new Date().toISOString(),
    ...extra,
  });
  const report = (streams: MediaReportStream[], overrides: Partial<MediaReport> = {}): MediaReport => {
    sentAt += 1;
    return { source: 'media-test', intervalMs: 10_000, sentAt, streams, ...overrides };
  };
  const post = (body: unknown, secret = 'test-secret') => {
    const text = JSON.stringify(body);
    return call(t.app, 'POST', '/ingest/hooks/on_report', {
      body: text,
      headers: { 'content-type': 'application/json', [MEDIA_SIGNATURE_HEADER]: signMediaBody(secret, text) },
    });
  };
  const state = async () => {
    const detail = (await call(t.app, 'GET', `/activity/${activity.id}`, { token })).body;
    const usage = (await call(t.app, 'GET', `/v3/activity/${activity.id}/usage`, { token })).body;
    const ingest = (await call(t.app, 'GET', `/activity/${activity.id}/ingest`, { token })).body;
    return { isPushing: detail.isPushing as boolean, online: usage.online as number, ingest };
  };

  it('refuses a report without the right signature and changes nothing', async () => {
    const body = report([live(5)]);
    const unsigned = await call(t.app, 'POST', '/ingest/hooks/on_report', { body });
    expect(unsigned.status).toBe(401);
    expect((await post(body, 'another-secret')).status).toBe(401);
    // Signed, then changed on the way.
    const text = JSON.stringify(body);
    const tampered = await call(t.app, 'POST', '/ingest/hooks/on_report', {
      body: text.replace('"viewers":5', '"viewers":500'),
      headers: { 'content-type': 'application/json', [MEDIA_SIGNATURE_HEADER]: signMediaBody('test-secret', text) },
    });
    expect(tampered.status).toBe(401);
    expect(await t.ctx.db.selectFrom('mediaSources').selectAll().execute()).toEqual([]);
    expect(await state()).toMatchObject({ isPushing: false, online: 0, ingest: { items: [] } });
  });

  it('takes a signed report as the truth for the push, its viewers and the ingest list', async () => {
    expect((await post(report([live(3)]))).status).toBe(200);
    const now = await state();
    expect(now.isPushing).toBe(true);
    expect(now.online).toBe(3);
    expect(now.ingest).toMatchObject({
      mode: 'external',
      isPushing: true,
      items: [{ publisherId: 7, remoteAddress: '10.0.0.9', bytesIn: 123_456, viewers: 3, width: 320, frameRate: 25 }],
    });
    // A 标清 rendition's viewers count with its activity's stream.
    const sd = { ...live(2), stream: `${activity.stream.stream}_sd` };
    expect((await post(report([live(3), sd]))).status).toBe(200);
    expect((await state()).online).toBe(5);
  });

  it('ignores a report older than the last one applied', async () => {
    const stale = report([], { sentAt: sentAt - 100 });
    expect((await post(stale)).status).toBe(200);
    expect(await state()).toMatchObject({ isPushing: true, online: 5 });
  });

  it('ends the push when the stream leaves the reports', async () => {
    expect((await post(report([]))).status).toBe(200);
    expect(await state()).toMatchObject({ isPushing: false, online: 0, ingest: { items: [] } });
  });

  it('bounds the report: its streams, its size, its clock', async () => {
    const many = Array.from({ length: MEDIA_REPORT_MAX_STREAMS + 1 }, (_, i) => live(0, { stream: `s${i}` }));
    expect((await post(report(many))).status).toBe(400);
    const huge = await post(report([live(1, { remoteAddress: 'x'.repeat(600_000) })]));
    expect(huge.status).toBe(413);
    const skewed = await post(report([live(1)], { sentAt: Date.now() - 3_600_000 }));
    expect({ status: skewed.status, field: skewed.body.field }).toEqual({ status: 400, field: 'sentAt' });
    expect((await post(report([live(1)], { intervalMs: 10 }))).status).toBe(400);
    expect((await post({ ...report([]), source: '../../etc' })).status).toBe(400);
    expect(await state()).toMatchObject({ isPushing: false, online: 0 });
  });

  it('ends the pushes of a source whose reports stopped, after a few of its intervals', async () => {
    expect((await post(report([live(4)], { source: 'media-dies', intervalMs: 500 }))).status).toBe(200);
    expect(await state()).toMatchObject({ isPushing: true, online: 4 });
    // The server's own sweep runs every second; here it is asked too, until the source has lapsed.
    await waitFor(async () => {
      await endLapsedMediaSources(t.ctx);
      const now = await state();
      return !now.isPushing && now.online === 0;
    }, 10_000);
    expect((await state()).ingest.items).toEqual([]);
  });

  it('keeps a push another living source still carries when one source lapses', async () => {
    expect((await post(report([live(1)], { source: 'media-a', intervalMs: 500 }))).status).toBe(200);
    expect((await post(report([live(1)], { source: 'media-b', intervalMs: 10_000 }))).status).toBe(200);
    expect(await state()).toMatchObject({ isPushing: true, online: 2 });
    await waitFor(async () => {
      await endLapsedMediaSources(t.ctx);
      return (await state()).online === 1;
    }, 10_000);
    expect(await state()).toMatchObject({ isPushing: true, online: 1 });
    expect((await post(report([], { source: 'media-b', intervalMs: 10_000 }))).status).toBe(200);
    expect(await state()).toMatchObject({ isPushing: false, online: 0 });
  });

  it('offers live transcoding while a living media process says where its RTMP is, and shows its 标清 rendition', async () => {
    const toggle = (enabled: boolean) =>
      call(t.app, 'PUT', `/activity/${activity.id}/liveTranscode`, { token, body: { enabled } });
    // No media process offers it (the earlier tests' sources forgotten): the toggle is refused and stays off.
    await t.ctx.db.deleteFrom('mediaSources').execute();
    expectError(await toggle(true), 409, ERROR_MESSAGES.transcodeNeedsEmbeddedIngest);
    // Only rtmp://host[:port] is taken as the address (the report is signed, and still checked).
    for (const rtmpUrl of ['http://127.0.0.1:1935', 'rtmp://127.0.0.1:1935/live', 'rtmp://user@host']) {
      const refused = await post(report([], { source: 'media-rtmp', rtmpUrl }));
      expect({ status: refused.status, field: refused.body.field }).toEqual({ status: 400, field: 'rtmpUrl' });
    }
    expect((await post(report([], { source: 'media-rtmp', rtmpUrl: 'rtmp://media.internal:1935' }))).status).toBe(200);
    expect((await toggle(true)).status).toBe(200);
    expect((await toggle(false)).status).toBe(200);

    const renditions = async () =>
      (
        (await call(t.app, 'GET', `/activity/${activity.id}`, { token })).body.stream.pullSource.renditions as {
          name: string;
        }[]
      ).map((r) => r.name);
    expect(await renditions()).toEqual(['origin']);
    const sd = { ...live(0), stream: `${activity.stream.stream}_sd` };
    expect((await post(report([live(1), sd], { source: 'media-rtmp' }))).status).toBe(200);
    expect(await renditions()).toEqual(['origin', 'sd']);
    expect((await post(report([], { source: 'media-rtmp' }))).status).toBe(200);
    expect(await renditions()).toEqual(['origin']);
  });

  it("sees a media process's publish at once (so the silent-push rule ends it should no report follow), not nginx's", async () => {
    const key = (await call(t.app, 'GET', `/activity/${activity.id}`, { token })).body.stream.pushStreamKey.split(
      '?key=',
    )[1];
    /** nginx-rtmp's webhook, as the media process calls it too. */
    const hook = (action: 'publish' | 'publish_done', clientid: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ingest/hooks/on_${action}`,
        payload: new URLSearchParams({
          call: action,
          app: 'live',
          name: activity.stream.stream,
          key,
          clientid,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const openSession = () =>
      t.ctx.db
        .selectFrom('ingestSessions')
        .select('lastSeenAt')
        .where('activityId', '=', activity.id)
        .where('endedAt', 'is', null)
        .executeTakeFirstOrThrow();

    expect((await hook('publish', '42')).statusCode).toBe(200);
    expect((await openSession()).lastSeenAt).toBeNull();
    expect((await hook('publish_done', '42')).statusCode).toBe(200);

    expect((await hook('publish', 'media-0d4c')).statusCode).toBe(200);
    expect((await openSession()).lastSeenAt).not.toBeNull();
    // No report ever lists it: once it has been silent past the bound, the rule ends it.
    expect(await endSilentExternalPushes(t.ctx, -1_000)).toEqual([activity.id]);
    expect((await state()).isPushing).toBe(false);
  });
});

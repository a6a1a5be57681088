import { describe, expect, it } from 'vitest';
import { mediaServerReply, parseMediaServerCallback } from '../../src/platform/ingest/webhooks.ts';

describe('media server callbacks', () => {
  it('reads nginx-rtmp on_publish / on_publish_done with the publish arguments', () => {
    const body = {
      call: 'publish',
      app: 'live',
      name: 'sabc',
      type: 'live',
      addr: '10.0.0.5',
      clientid: '17',
      tcurl: 'rtmp://push.example.com/live',
      key: 'secret',
    };
    expect(parseMediaServerCallback(body)).toEqual({
      action: 'publish',
      app: 'live',
      stream: 'sabc',
      query: { key: 'secret' },
      clientId: '17',
      remoteAddress: '10.0.0.5',
      source: 'nginx-rtmp',
    });
    expect(parseMediaServerCallback({ ...body, call: 'publish_done' })?.action).toBe('unpublish');
    expect(parseMediaServerCallback({ ...body, call: 'play' })).toBeNull();
  });

  it('reads SRS on_publish / on_unpublish with the key in param', () => {
    const body = {
      action: 'on_publish',
      client_id: 'x1',
      ip: '10.0.0.6',
      vhost: '__defaultVhost__',
      app: 'live',
      stream: 'sabc',
      param: '?key=secret',
      tcUrl: 'rtmp://push.example.com/live',
    };
    expect(parseMediaServerCallback(body)).toMatchObject({
      action: 'publish',
      app: 'live',
      stream: 'sabc',
      query: { key: 'secret' },
      source: 'srs',
    });
    expect(parseMediaServerCallback({ ...body, action: 'on_unpublish' })?.action).toBe('unpublish');
  });

  it('reads a generic body and refuses incomplete ones', () => {
    expect(parseMediaServerCallback({ event: 'publish', app: 'live', stream: 's?key=k' })?.query).toEqual({ key: 'k' });
    expect(parseMediaServerCallback({ event: 'publish', app: 'live' })).toBeNull();
    expect(parseMediaServerCallback(null)).toBeNull();
    expect(parseMediaServerCallback('publish')).toBeNull();
  });

  it('answers in a form both nginx-rtmp and SRS understand', () => {
    expect(mediaServerReply(true)).toEqual({ statusCode: 200, body: { code: 0, message: 'ok' } });
    expect(mediaServerReply(false).statusCode).toBe(403);
  });
});

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAmf0Values } from '../../src/platform/ingest/amf0.ts';
import { createRtmpServer, type PublishInfo, type RtmpServer } from '../../src/platform/ingest/rtmp-server.ts';
import { RtmpTestClient } from './rtmp-test-client.ts';

interface Event {
  kind: 'start' | 'end';
  app: string;
  stream: string;
  info: PublishInfo;
  at: number;
}

const KEY = 'k3y';
const avcConfig = Buffer.from([0x17, 0, 0, 0, 0, 1, 0x42, 0xc0, 0x1e, 0xff, 0xe1, 0, 2, 0x67, 0x42, 1, 0, 1, 0x68]);
const keyframe = (size: number) => Buffer.concat([Buffer.from([0x17, 1, 0, 0, 0]), Buffer.alloc(size, 0x65)]);

describe('RTMP server (scripted client)', () => {
  let server: RtmpServer;
  let port: number;
  const events: Event[] = [];
  const queries: Record<string, string>[] = [];
  const lines: string[] = [];

  const waitEvent = async (kind: Event['kind'], stream: string, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = events.find((e) => e.kind === kind && e.stream === stream);
      if (event) return event;
      if (Date.now() > deadline) throw new Error(`no ${kind} event for ${stream}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  beforeAll(async () => {
    server = createRtmpServer({
      port: 0,
      host: '127.0.0.1',
      publishIdleTimeoutMs: 400,
      handshakeTimeoutMs: 2000,
      authorizePublish: async (_app, _stream, query) => {
        queries.push(query);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return query.key === KEY;
      },
      onPublishStart: (app, stream, info) => {
        events.push({ kind: 'start', app, stream, info, at: Date.now() });
      },
      onPublishEnd: (app, stream, info) => {
        events.push({ kind: 'end', app, stream, info, at: Date.now() });
      },
      log: (line) => lines.push(line),
    });
    port = await server.listen();
  });

  afterAll(async () => {
    await server.close();
  });

  it('connects: window ack size, peer bandwidth, chunk size, then _result Connect.Success', async () => {
    const client = await RtmpTestClient.open(port);
    const result = await client.connect('live', port);
    expect(result[0]).toBe('_result');
    expect(result[3]).toMatchObject({ level: 'status', code: 'NetConnection.Connect.Success' });
    const types = client.received.map((r) => r.message.typeId);
    expect(types.slice(0, 4)).toEqual([5, 6, 1, 20]);
    client.socket.destroy();
  });

  it('publishes with a valid key, forwards media to the hub, ends on FCUnpublish/deleteStream', async () => {
    const client = await RtmpTestClient.open(port);
    client.setChunkSize(4096);
    const { streamId, code } = await client.publish('live', `pub1?key=${KEY}&x=1`, port);
    expect(code).toBe('NetStream.Publish.Start');
    expect(client.received.some((r) => r.message.typeId === 4 && r.message.payload.readUInt16BE(0) === 0)).toBe(true);
    const start = await waitEvent('start', 'pub1');
    expect(start.app).toBe('live');
    expect(queries.at(-1)).toEqual({ key: KEY, x: '1' });

    client.data(streamId, ['@setDataFrame', 'onMetaData', { width: 320, videocodecid: 7 }]);
    client.media(streamId, 9, 0, avcConfig);
    client.media(streamId, 9, 0, keyframe(100_000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const live = server.hub.get('live', 'pub1')!;
    expect(live.metadataObject).toMatchObject({ width: 320 });
    expect(live.snapshot().gop[0].data.length).toBe(100_005);
    expect(server.sessions().find((s) => s.state === 'publishing')).toMatchObject({ app: 'live', stream: 'pub1' });

    client.command(streamId, 'FCUnpublish', null, 'pub1');
    client.command(0, 'deleteStream', null, streamId);
    const end = await waitEvent('end', 'pub1');
    expect(end.info.reason).toBe('unpublish');
    expect(server.hub.isLive('live', 'pub1')).toBe(false);
    client.socket.destroy();
  });

  it('refuses a wrong key with NetStream.Publish.BadName and closes the connection', async () => {
    const client = await RtmpTestClient.open(port);
    const { code } = await client.publish('live', 'pub2?key=wrong', port);
    expect(code).toBe('NetStream.Publish.BadName');
    await client.closed;
    expect(events.some((e) => e.stream === 'pub2')).toBe(false);
    expect(server.hub.isLive('live', 'pub2')).toBe(false);
  });

  it('accepts the key in the connect app query too', async () => {
    const client = await RtmpTestClient.open(port);
    const { code } = await client.publish(`live?key=${KEY}`, 'pub3', port);
    expect(code).toBe('NetStream.Publish.Start');
    expect((await waitEvent('start', 'pub3')).app).toBe('live');
    client.socket.destroy();
    await waitEvent('end', 'pub3');
  });

  it('ends the publish the moment the connection drops', async () => {
    const client = await RtmpTestClient.open(port);
    await client.publish('live', `pub4?key=${KEY}`, port);
    await waitEvent('start', 'pub4');
    const droppedAt = Date.now();
    client.socket.destroy();
    const end = await waitEvent('end', 'pub4');
    expect(end.at - droppedAt).toBeLessThan(200);
    expect(end.info.reason).toBe('close');
  });

  it('ends the publish of a publisher that goes silent', async () => {
    const client = await RtmpTestClient.open(port);
    await client.publish('live', `pub5?key=${KEY}`, port);
    const start = await waitEvent('start', 'pub5');
    const end = await waitEvent('end', 'pub5');
    expect(end.info.reason).toBe('timeout');
    expect(end.at - start.at).toBeLessThan(1000);
    await client.closed;
  });

  it('refuses a second publisher while the first is live; the first keeps publishing', async () => {
    const first = await RtmpTestClient.open(port);
    const { streamId } = await first.publish('live', `pub6?key=${KEY}`, port);
    const firstId = (await waitEvent('start', 'pub6')).info.sessionId;
    first.media(streamId, 9, 0, avcConfig);
    // The first keeps sending while the second tries: it is live, not a ghost.
    const feeding = setInterval(() => first.media(streamId, 9, 40, keyframe(10)), 50);
    try {
      const second = await RtmpTestClient.open(port);
      const refused = await second.publish('live', `pub6?key=${KEY}`, port);
      expect(refused.code).toBe('NetStream.Publish.BadName');
      const status = await second.waitStatus('NetStream.Publish.BadName');
      expect((status.values![3] as Record<string, unknown>).description).toBe('Stream already publishing');
      await second.closed;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(server.hub.get('live', 'pub6')?.publisherId).toBe(firstId);
      expect(events.filter((e) => e.stream === 'pub6').map((e) => e.kind)).toEqual(['start']);
      expect(first.socket.destroyed).toBe(false);
    } finally {
      clearInterval(feeding);
    }
    first.socket.destroy();
    await waitEvent('end', 'pub6');
  });

  it('accepts a backup publisher once the first is gone: connection closed, or silent past the idle timeout', async () => {
    const first = await RtmpTestClient.open(port);
    await first.publish('live', `pub8?key=${KEY}`, port);
    await waitEvent('start', 'pub8');
    first.socket.destroy();
    const backup = await RtmpTestClient.open(port);
    expect((await backup.publish('live', `pub8?key=${KEY}`, port)).code).toBe('NetStream.Publish.Start');
    const mine = events.filter((e) => e.stream === 'pub8');
    expect(mine.map((e) => `${e.kind}:${e.info.reason ?? ''}`)).toEqual(['start:', 'end:close', 'start:']);
    expect(server.hub.get('live', 'pub8')?.publisherId).toBe(mine[2].info.sessionId);

    // The backup goes silent without closing (a dead network path): after the idle timeout (400 ms here) a third
    // encoder is accepted.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const third = await RtmpTestClient.open(port);
    expect((await third.publish('live', `pub8?key=${KEY}`, port)).code).toBe('NetStream.Publish.Start');
    expect(events.filter((e) => e.stream === 'pub8').map((e) => `${e.kind}:${e.info.reason ?? ''}`)).toEqual([
      'start:',
      'end:close',
      'start:',
      'end:timeout',
      'start:',
    ]);
    await backup.closed;
    third.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('plays a live stream over RTMP starting from the cached keyframe', async () => {
    const publisher = await RtmpTestClient.open(port);
    const { streamId } = await publisher.publish('live', `pub7?key=${KEY}`, port);
    publisher.media(streamId, 9, 1000, avcConfig);
    publisher.media(streamId, 9, 1000, keyframe(10));
    publisher.media(streamId, 9, 1040, Buffer.from([0x27, 1, 0, 0, 0, 0x41]));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const player = await RtmpTestClient.open(port);
    await player.connect('live', port);
    const playStream = await player.createStream();
    player.command(playStream, 'play', null, 'pub7');
    await player.waitStatus('NetStream.Play.Start');
    const video = await player.waitFor((r) => r.message.typeId === 9 && r.message.payload[1] === 1);
    expect(video.message.payload[0]).toBe(0x17);
    publisher.media(streamId, 9, 1080, Buffer.from([0x27, 1, 0, 0, 0, 0x41]));
    // On the stream's own clock, which every player shares (one encoding of each message for all of them).
    const live = await player.waitFor((r) => r.message.typeId === 9 && r.message.timestamp === 1080);
    expect(live.message.streamId).toBe(playStream);
    publisher.socket.destroy();
    await player.waitStatus('NetStream.Play.UnpublishNotify');

    player.command(playStream, 'play', null, 'nothing-here');
    await player.waitStatus('NetStream.Play.StreamNotFound');
    player.socket.destroy();
  });

  it('handles concurrent publishers', async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => RtmpTestClient.open(port)));
    const codes = await Promise.all(clients.map((c, i) => c.publish('live', `multi${i}?key=${KEY}`, port)));
    expect(codes.map((c) => c.code)).toEqual(Array(4).fill('NetStream.Publish.Start'));
    expect(server.hub.list().filter((s) => s.stream.startsWith('multi')).length).toBe(4);
    for (const c of clients) c.socket.destroy();
    for (let i = 0; i < 4; i++) await waitEvent('end', `multi${i}`);
  });

  it('closes connections that send malformed data and keeps serving others', async () => {
    const garbage = net.connect(port, '127.0.0.1');
    garbage.on('error', () => {});
    garbage.write(Buffer.concat([Buffer.from([6]), Buffer.alloc(1536)]));
    await new Promise((resolve) => garbage.on('close', resolve));

    const badChunk = await RtmpTestClient.open(port);
    badChunk.socket.write(Buffer.from([0x43, 0, 0, 0, 0, 0, 4, 20, 1, 2, 3, 4]));
    await badChunk.closed;

    const badAmf = await RtmpTestClient.open(port);
    badAmf.send({ csid: 3, typeId: 20, streamId: 0, timestamp: 0, payload: Buffer.from([0x02, 0x00, 0x09, 0x61]) });
    await badAmf.closed;

    const badChunkSize = await RtmpTestClient.open(port);
    badChunkSize.send({ csid: 2, typeId: 1, streamId: 0, timestamp: 0, payload: Buffer.from([0, 0, 0, 0]) });
    await badChunkSize.closed;

    const badApp = await RtmpTestClient.open(port);
    const reply = await badApp.connect('../etc', port);
    expect(reply[0]).toBe('_error');
    await badApp.closed;

    const ok = await RtmpTestClient.open(port);
    const connected = await ok.connect('live', port);
    expect(connected[0]).toBe('_result');
    ok.command(0, 'noSuchCommand', null);
    ok.send({ csid: 3, typeId: 20, streamId: 0, timestamp: 0, payload: encodeAmf0Values([]) });
    expect((await ok.call(0, 'createStream', null))[3]).toBe(1);
    ok.socket.destroy();
    expect(lines.some((l) => l.includes('malformed'))).toBe(true);
  });
});

import {
  MEETING_CLOSE_CODES,
  MEETING_ENDED_NOTICE,
  MEETING_REFUSAL_TEXTS,
  MEETING_REFUSALS,
  MEETING_ROOM_CAPACITY,
  type MeetingDetails,
  type MeetingServerMessage,
} from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { parseIceServers } from '../../src/config.ts';
import { call, engines, signedInAgent, startApp, type TestApp } from '../harness.ts';

// The meeting room's signalling socket (issue 10) through real WebSocket clients against the app listening on a port:
// admission by the join link's token, the room's capacity, the relay of offers, answers and candidates between two
// peers, the attendance it records, and 结束会议 closing every socket.

type Message = MeetingServerMessage;
type Of<T extends Message['type']> = Extract<Message, { type: T }>;

interface Socket {
  ws: WebSocket;
  received: Message[];
  waitFor<T extends Message['type']>(type: T, match?: (message: Of<T>) => boolean, ms?: number): Promise<Of<T>>;
  send(message: unknown): void;
  closed: Promise<number>;
}

describe.each(engines)('meeting signalling on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let token: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await startApp(engine, { meetingIceServers: [{ urls: 'stun:stun.example.com:3478' }] });
    token = (await signedInAgent(t.ctx)).token;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http://', 'ws://');
  }, 60_000);
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t?.close();
  });

  const api = (method: 'GET' | 'POST', url: string, body?: unknown, as = token) =>
    call(t.app, method, url, { token: as, body });

  async function newActivity(name: string): Promise<number> {
    const created = await api('POST', '/activity', { name });
    expect(created.status, created.text).toBe(200);
    return created.body.id;
  }

  async function invite(activityId: number, nickname: string, role: 'host' | 'guest' = 'guest') {
    const joined = await api('POST', `/v3/activity/${activityId}/meeting/join`, { nickname, role });
    expect(joined.status, joined.text).toBe(200);
    return joined.body as { meetingId: number; token: string };
  }

  async function open(activityId: number): Promise<Socket> {
    const ws = new WebSocket(`${base}/api/meeting/${activityId}/signal`);
    sockets.push(ws);
    const received: Message[] = [];
    let listeners: (() => void)[] = [];
    ws.on('message', (data) => {
      received.push(JSON.parse(String(data)));
      for (const listener of listeners) listener();
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const waitFor = <T extends Message['type']>(type: T, match: (message: Of<T>) => boolean = () => true, ms = 8_000) =>
      new Promise<Of<T>>((resolve, reject) => {
        const check = () => {
          const at = received.findIndex((m) => m.type === type && match(m as Of<T>));
          if (at < 0) return;
          const [found] = received.splice(at, 1);
          done();
          resolve(found as Of<T>);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${type} within ${ms} ms; got ${JSON.stringify(received)}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          listeners = listeners.filter((listener) => listener !== check);
        };
        listeners.push(check);
        check();
      });
    return { ws, received, waitFor, send: (message) => ws.send(JSON.stringify(message)), closed };
  }

  async function enter(activityId: number, linkToken: string, media = { audio: true, video: true }) {
    const socket = await open(activityId);
    socket.send({ type: 'hello', token: linkToken, ...media });
    return { ...socket, welcome: await socket.waitFor('welcome') };
  }

  const details = async (activityId: number): Promise<MeetingDetails> =>
    (await api('GET', `/activity/${activityId}/meeting`)).body;

  it('relays offers, answers and candidates between two peers, says who joins and leaves, records attendance', async () => {
    const activityId = await newActivity('圆桌会议');
    const hostLink = await invite(activityId, '主持人', 'host');
    const guestLink = await invite(activityId, '嘉宾甲');

    const host = await enter(activityId, hostLink.token);
    expect(host.welcome).toMatchObject({
      you: { nickname: '主持人', role: 'host', audio: true, video: true },
      peers: [],
      iceServers: [{ urls: 'stun:stun.example.com:3478' }],
    });
    const guest = await enter(activityId, guestLink.token, { audio: false, video: true });
    expect(guest.welcome.peers).toEqual([host.welcome.you]);
    const joined = await host.waitFor('joined');
    expect(joined.peer).toEqual({ ...guest.welcome.you, nickname: '嘉宾甲', role: 'guest', audio: false });

    // The newcomer offers; the one already there answers; candidates go both ways, each only to whom it names.
    guest.send({ type: 'signal', to: host.welcome.you.peerId, signal: { kind: 'offer', sdp: 'v=0 offer' } });
    const offer = await host.waitFor('signal');
    expect(offer).toEqual({
      type: 'signal',
      from: guest.welcome.you.peerId,
      peer: guest.welcome.you,
      signal: { kind: 'offer', sdp: 'v=0 offer' },
    });
    host.send({ type: 'signal', to: guest.welcome.you.peerId, signal: { kind: 'answer', sdp: 'v=0 answer' } });
    expect((await guest.waitFor('signal')).signal).toEqual({ kind: 'answer', sdp: 'v=0 answer' });
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    host.send({ type: 'signal', to: guest.welcome.you.peerId, signal: { kind: 'candidate', candidate } });
    expect((await guest.waitFor('signal')).signal).toEqual({ kind: 'candidate', candidate });
    // A signal to oneself or to no one in the room goes nowhere.
    host.send({ type: 'signal', to: host.welcome.you.peerId, signal: { kind: 'offer', sdp: 'self' } });
    host.send({ type: 'signal', to: 999_999, signal: { kind: 'offer', sdp: 'nobody' } });

    guest.send({ type: 'media', audio: true, video: false });
    expect(await host.waitFor('media')).toEqual({
      type: 'media',
      peerId: guest.welcome.you.peerId,
      audio: true,
      video: false,
    });
    expect(host.received.filter((m) => m.type === 'signal')).toEqual([]);

    const live = await details(activityId);
    expect(live.state).toBe('ongoing');
    expect(live.current?.attendeeCount).toBe(2);
    expect(live.current?.attendees.map((a) => [a.nickname, a.online, a.leftAt])).toEqual([
      ['主持人', true, null],
      ['嘉宾甲', true, null],
    ]);

    guest.ws.close();
    expect(await host.waitFor('left')).toEqual({ type: 'left', peerId: guest.welcome.you.peerId });
    const after = await details(activityId);
    const guestLine = after.current?.attendees.find((a) => a.nickname === '嘉宾甲');
    expect(guestLine).toMatchObject({ online: false, leftAt: expect.any(String) });
    expect(guestLine?.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(guestLine?.leftAt ?? '')).toBeGreaterThanOrEqual(Date.parse(guestLine?.joinedAt ?? ''));

    // Coming back with the same link adds to the same line; its time is the sum of both visits.
    const again = await enter(activityId, guestLink.token);
    expect(again.welcome.you.peerId).not.toBe(guest.welcome.you.peerId);
    await host.waitFor('joined', (m) => m.peer.peerId === again.welcome.you.peerId);
    const back = await details(activityId);
    expect(back.current?.attendeeCount).toBe(2);
    expect(back.current?.attendees.find((a) => a.nickname === '嘉宾甲')).toMatchObject({ online: true, leftAt: null });
    const visits = await t.ctx.db
      .selectFrom('meetingAttendances')
      .select(['participantId', 'leftAt'])
      .where('meetingId', '=', hostLink.meetingId)
      .orderBy('id')
      .execute();
    expect(visits).toHaveLength(3);
    expect(visits.filter((v) => v.leftAt === null)).toHaveLength(2);
  });

  it('refuses a forged token, another activity’s token, bad messages, a signal before hello and oversized ones', async () => {
    const activityId = await newActivity('拒绝');
    const otherId = await newActivity('别的活动');
    const link = await invite(activityId, '嘉宾');

    const forged = await open(activityId);
    forged.send({ type: 'hello', token: `${link.token.slice(0, -4)}AAAA`, audio: true, video: true });
    expect(await forged.waitFor('refused')).toEqual({
      type: 'refused',
      code: MEETING_REFUSALS.linkInvalid,
      message: '会议链接无效或已过期',
    });
    expect(await forged.closed).toBe(MEETING_CLOSE_CODES.refused);

    const elsewhere = await open(otherId);
    elsewhere.send({ type: 'hello', token: link.token, audio: true, video: true });
    expect((await elsewhere.waitFor('refused')).code).toBe(MEETING_REFUSALS.linkInvalid);
    expect(await elsewhere.closed).toBe(MEETING_CLOSE_CODES.refused);

    const early = await open(activityId);
    early.send({ type: 'signal', to: 1, signal: { kind: 'offer', sdp: 'x' } });
    expect((await early.waitFor('refused')).code).toBe(MEETING_REFUSALS.notReady);
    early.send('not json');
    expect((await early.waitFor('refused')).code).toBe(MEETING_REFUSALS.badMessage);
    early.send({ type: 'signal', to: 1, signal: { kind: 'offer', sdp: 'x'.repeat(70_000) } });
    expect(await early.closed).toBe(1009);

    const peer = await enter(activityId, link.token);
    peer.send({ type: 'signal', to: 'everyone', signal: { kind: 'offer', sdp: 'x' } });
    expect((await peer.waitFor('refused')).code).toBe(MEETING_REFUSALS.badMessage);
    // Nothing was recorded for the refused sockets.
    const rows = await t.ctx.db
      .selectFrom('meetingAttendances')
      .select('id')
      .where('meetingId', '=', link.meetingId)
      .execute();
    expect(rows).toHaveLength(1);
    peer.ws.close();
    await peer.closed;
  });

  it(`holds ${MEETING_ROOM_CAPACITY} at once: the next is refused in Chinese; a link opened twice replaces the first`, async () => {
    const activityId = await newActivity('满员');
    const links: { meetingId: number; token: string }[] = [];
    for (let n = 1; n <= MEETING_ROOM_CAPACITY + 1; n += 1) links.push(await invite(activityId, `嘉宾${n}`));
    const inRoom: Awaited<ReturnType<typeof enter>>[] = [];
    for (const link of links.slice(0, MEETING_ROOM_CAPACITY)) inRoom.push(await enter(activityId, link.token));
    expect(inRoom.at(-1)?.welcome.peers).toHaveLength(MEETING_ROOM_CAPACITY - 1);

    const seventh = await open(activityId);
    seventh.send({ type: 'hello', token: links[MEETING_ROOM_CAPACITY]?.token, audio: true, video: true });
    expect(await seventh.waitFor('refused')).toEqual({
      type: 'refused',
      code: MEETING_REFUSALS.full,
      message: MEETING_REFUSAL_TEXTS.MEETING_FULL,
    });
    expect(MEETING_REFUSAL_TEXTS.MEETING_FULL).toContain('会议室已满');
    expect(await seventh.closed).toBe(MEETING_CLOSE_CODES.full);

    // The first link again (another tab): it is still one of six, so it enters and its older socket is closed.
    const first = inRoom[0];
    const reopened = await enter(activityId, links[0]?.token ?? '');
    expect(await first?.closed).toBe(MEETING_CLOSE_CODES.replaced);
    expect(reopened.welcome.peers).toHaveLength(MEETING_ROOM_CAPACITY - 1);
    await inRoom[1]?.waitFor('left', (m) => m.peerId === first?.welcome.you.peerId);

    // One leaves: now the seventh gets in.
    inRoom[1]?.ws.close();
    await inRoom[2]?.waitFor('left', (m) => m.peerId === inRoom[1]?.welcome.you.peerId);
    const late = await enter(activityId, links[MEETING_ROOM_CAPACITY]?.token ?? '');
    expect(late.welcome.peers).toHaveLength(MEETING_ROOM_CAPACITY - 1);
    for (const socket of [...inRoom, reopened, late]) socket.ws.close();
  });

  it('结束会议 tells every socket 会议已结束 and closes it; the ended meeting’s links never enter again', async () => {
    const activityId = await newActivity('结束');
    const a = await invite(activityId, '甲', 'host');
    const b = await invite(activityId, '乙');
    const alice = await enter(activityId, a.token);
    const bob = await enter(activityId, b.token);
    await alice.waitFor('joined');

    const ended = await api('POST', `/activity/${activityId}/meeting/end`);
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toMatchObject({ state: 'ended', attendeeCount: 2 });
    for (const socket of [alice, bob]) {
      expect(await socket.waitFor('ended')).toEqual({ type: 'ended', message: MEETING_ENDED_NOTICE });
      expect(await socket.closed).toBe(MEETING_CLOSE_CODES.ended);
    }
    expect(MEETING_ENDED_NOTICE).toBe('会议已结束');
    const afterEnd = await details(activityId);
    expect(afterEnd.state).toBe('idle');
    expect(afterEnd.items[0]?.attendees.every((line) => !line.online && line.leftAt !== null)).toBe(true);

    const late = await open(activityId);
    late.send({ type: 'hello', token: b.token, audio: true, video: true });
    expect(await late.waitFor('refused')).toMatchObject({ code: MEETING_REFUSALS.ended, message: '会议已结束' });
    expect(await late.closed).toBe(MEETING_CLOSE_CODES.ended);

    // 加入会议 again starts a new meeting, with a room of its own.
    const next = await invite(activityId, '丙', 'host');
    expect(next.meetingId).not.toBe(a.meetingId);
    const carol = await enter(activityId, next.token);
    expect(carol.welcome.peers).toEqual([]);
    carol.ws.close();
  });

  it('caps the sockets one address holds on an activity, and closes a socket that never says hello', async () => {
    const activityId = await newActivity('连接数');
    const held: Socket[] = [];
    for (let n = 0; n < 12; n += 1) held.push(await open(activityId));
    const over = await open(activityId);
    expect((await over.waitFor('refused')).code).toBe(MEETING_REFUSALS.busy);
    expect(await over.closed).toBe(MEETING_CLOSE_CODES.full);
    expect(await held[0]?.closed).toBe(MEETING_CLOSE_CODES.handshakeTimeout);
    for (const socket of held) socket.ws.terminate();
  }, 20_000);

  it('reads MEETING_ICE_SERVERS as JSON or a comma list, and refuses anything else', () => {
    expect(parseIceServers('')).toEqual([]);
    expect(parseIceServers('stun:a.example.com:3478, turn:b.example.com')).toEqual([
      { urls: 'stun:a.example.com:3478' },
      { urls: 'turn:b.example.com' },
    ]);
    expect(parseIceServers('[{"urls":["turn:t.example.com"],"username":"u","credential":"p"}]')).toEqual([
      { urls: ['turn:t.example.com'], username: 'u', credential: 'p' },
    ]);
    expect(() => parseIceServers('[{"url":1}]')).toThrow(/MEETING_ICE_SERVERS/);
    expect(() => parseIceServers('[oops')).toThrow(/MEETING_ICE_SERVERS/);
  });
});

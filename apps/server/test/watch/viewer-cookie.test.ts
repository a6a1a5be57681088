import { randomBytes } from 'node:crypto';
import { type ChatServerMessage, ERROR_CODES, INTERACTION_ERRORS, VIEWER_COOKIE } from '@yanbo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  verifiedViewerId,
  viewerCookieValue,
  viewerFromCookie,
  viewerIdOf,
} from '../../src/features/watch/viewer-cookie.ts';
import { cookieValue, MAX_COOKIE_HEADER_LENGTH } from '../../src/platform/cookies.ts';
import { useWorld } from '../activity-world.ts';
import { type CallResult, engines, expectError, signedViewerCookie } from '../harness.ts';

// The watch page's viewer cookie: the viewer id is public (chat userIds, gift messages, invitation links), so the
// cookie carries it signed, and a cookie of one's own making with someone else's id is nobody.

const SECRET = 'viewer-cookie-secret';
const newViewer = () => randomBytes(16).toString('base64url');

describe('the viewer cookie’s signature', () => {
  it('proves the id it was made for, and nothing after one character is changed', () => {
    const id = newViewer();
    const value = viewerCookieValue(SECRET, id);
    expect(value).toMatch(new RegExp(`^${id}\\.[A-Za-z0-9_-]{22}$`));
    expect(verifiedViewerId(SECRET, value)).toBe(id);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let at = 0; at < value.length; at += 1) {
      const other = alphabet[(alphabet.indexOf(value[at] as string) + 1) % alphabet.length];
      const tampered = `${value.slice(0, at)}${other}${value.slice(at + 1)}`;
      expect(verifiedViewerId(SECRET, tampered), `character ${at}`).toBeUndefined();
    }
  });

  it('refuses another secret’s signature, the bare id, and malformed values', () => {
    const id = newViewer();
    const value = viewerCookieValue(SECRET, id);
    expect(verifiedViewerId('another-secret', value)).toBeUndefined();
    expect(verifiedViewerId(SECRET, viewerCookieValue('another-secret', id))).toBeUndefined();
    for (const forged of [
      undefined,
      '',
      id,
      `${id}.`,
      `.${value.split('.')[1]}`,
      `${value}x`,
      value.slice(0, -1),
      `${value}.${value.split('.')[1]}`,
      viewerCookieValue(SECRET, 'short'),
      viewerCookieValue(SECRET, `${id};x`),
      viewerCookieValue(SECRET, 'x'.repeat(65)),
    ]) {
      expect(verifiedViewerId(SECRET, forged), String(forged)).toBeUndefined();
    }
  });

  it('reads the viewer from a Cookie header among others, and ignores an absurdly long header', () => {
    const id = newViewer();
    const cookie = `${VIEWER_COOKIE}=${viewerCookieValue(SECRET, id)}`;
    expect(viewerFromCookie(SECRET, cookie)).toBe(id);
    expect(viewerFromCookie(SECRET, `a=1; ${VIEWER_COOKIE}_mobile=x; ${cookie}; b=2`)).toBe(id);
    expect(viewerIdOf({ secretKey: SECRET }, { headers: { cookie } })).toBe(id);
    expect(viewerIdOf({ secretKey: SECRET }, { headers: {} })).toBeUndefined();
    expect(viewerFromCookie(SECRET, `${VIEWER_COOKIE}=${id}`)).toBeUndefined();
    expect(viewerFromCookie(SECRET, undefined)).toBeUndefined();
    const padding = `pad=${'x'.repeat(MAX_COOKIE_HEADER_LENGTH)}`;
    expect(viewerFromCookie(SECRET, `${cookie}; ${padding}`)).toBeUndefined();
    expect(cookieValue(`a=1; b = two=2 ; c=`, 'b')).toBe('two=2');
    expect(cookieValue('a=1; c=', 'c')).toBeUndefined();
    expect(cookieValue('a=1; a=2', 'a')).toBe('1');
  });
});

/** The viewer id a response's Set-Cookie gave (the value before its signature), and the Cookie header it makes. */
function cookieOf(response: CallResult): { cookie: string; value: string } | undefined {
  const match = new RegExp(`${VIEWER_COOKIE}=([^;]+)`).exec(String(response.headers['set-cookie'] ?? ''));
  return match ? { cookie: `${VIEWER_COOKIE}=${match[1]}`, value: match[1] as string } : undefined;
}

describe.each(engines)('a forged viewer cookie on %s', (engine) => {
  const w = useWorld(engine);
  let base = '';

  beforeAll(async () => {
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http://', 'ws://');
  });

  const visit = (activityId: number, cookie?: string) =>
    w.call('POST', `/watch/${activityId}/visit`, { body: {}, headers: cookie ? { cookie } : {} });

  /** Someone else's public id in cookies of one's own making: bare, with a made-up signature, with a stolen one. */
  const forgeriesOf = (id: string) => {
    const mac = viewerCookieValue(w.t.ctx.secretKey, id).split('.')[1] as string;
    const other = viewerCookieValue(w.t.ctx.secretKey, newViewer()).split('.')[1] as string;
    return [
      `${VIEWER_COOKIE}=${id}`,
      `${VIEWER_COOKIE}=${id}.${'A'.repeat(22)}`,
      `${VIEWER_COOKIE}=${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${VIEWER_COOKIE}=${id}.${other}`,
      `${VIEWER_COOKIE}=${viewerCookieValue('not-the-server-secret', id)}`,
    ];
  };

  it('gives a signed cookie on the first visit, keeps its viewer across visits, and a forged one gets a new viewer', async () => {
    const id = await w.activity(w.aToken);
    const first = await visit(id);
    expect(first.status, first.text).toBe(200);
    const given = cookieOf(first);
    expect(given?.value).toBe(viewerCookieValue(w.t.ctx.secretKey, first.body.viewerId));
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);

    const again = await visit(id, given?.cookie);
    expect(again.body.viewerId).toBe(first.body.viewerId);
    expect(again.headers['set-cookie']).toBeUndefined();

    for (const forged of forgeriesOf(first.body.viewerId)) {
      const answer = await visit(id, forged);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.viewerId, forged).not.toBe(first.body.viewerId);
      expect(cookieOf(answer)?.value).toBe(viewerCookieValue(w.t.ctx.secretKey, answer.body.viewerId));
    }
  });

  it('does not cast a vote in another viewer’s name: its vote stays single, and its own cookie still knows it', async () => {
    const id = await w.activity(w.aToken);
    const created = await w.call('POST', `/v3/activity/${id}/vote`, {
      token: w.aToken,
      body: { title: '最喜欢的水果', options: ['苹果', '香蕉'] },
    });
    expect(created.status, created.text).toBe(200);
    const voteId = created.body.id as number;
    await w.call('PUT', `/v3/activity/${id}/vote/${voteId}`, { token: w.aToken, body: { status: 'published' } });
    const victim = await visit(id);
    const cookie = cookieOf(victim)?.cookie as string;
    const url = `/watch/${id}/vote/${voteId}`;

    const cast = await w.call('POST', url, { body: { choices: [0] }, headers: { cookie } });
    expect(cast.status, cast.text).toBe(200);
    expect(cast.body).toMatchObject({ tally: [1, 0], voters: 1, myChoices: [0] });

    for (const forged of forgeriesOf(victim.body.viewerId)) {
      expectError(
        await w.call('POST', url, { body: { choices: [1] }, headers: { cookie: forged } }),
        401,
        INTERACTION_ERRORS.viewerUnknown,
        { code: ERROR_CODES.unauthorized },
      );
      const seen = await w.call('GET', `/watch/${id}/vote`, { headers: { cookie: forged } });
      expect(seen.body.items[0]).toMatchObject({ tally: [1, 0], voters: 1, myChoices: null });
    }
    // The viewer's own cookie is still the viewer: its ballot is there, and a second one is refused.
    expect((await w.call('GET', `/watch/${id}/vote`, { headers: { cookie } })).body.items[0].myChoices).toEqual([0]);
    expectError(
      await w.call('POST', url, { body: { choices: [1] }, headers: { cookie } }),
      409,
      INTERACTION_ERRORS.voteAlreadyCast,
    );
    const ballots = await w.t.ctx.db
      .selectFrom('voteBallots')
      .select('viewerId')
      .where('voteId', '=', voteId)
      .execute();
    expect(ballots).toEqual([{ viewerId: victim.body.viewerId }]);
  });

  /** Opens the chat with this Cookie header and answers the userId its welcome names. */
  async function chatUserId(activityId: number, cookie: string): Promise<string> {
    const ws = new WebSocket(`${base}/api/watch/${activityId}/chat`, { headers: { cookie } });
    const welcome = new Promise<ChatServerMessage>((resolve) =>
      ws.on('message', (data) => resolve(JSON.parse(String(data)) as ChatServerMessage)),
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'hello', nickname: '观众' }));
    const first = await welcome;
    ws.close();
    expect(first.type).toBe('welcome');
    return first.type === 'welcome' ? first.userId : '';
  }

  it('does not let the chat socket take another viewer’s identity; a signed cookie keeps its own', async () => {
    const id = await w.activity(w.aToken);
    const victim = newViewer();
    expect(await chatUserId(id, signedViewerCookie(w.t.ctx, victim))).toBe(victim);
    for (const forged of forgeriesOf(victim)) {
      const userId = await chatUserId(id, forged);
      expect(userId, forged).not.toBe(victim);
    }
    // The same signed cookie again is the same viewer.
    expect(await chatUserId(id, signedViewerCookie(w.t.ctx, victim))).toBe(victim);
  });
});

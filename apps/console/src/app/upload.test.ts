import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http';
import { uploadWithPolicy } from './upload';

// The console's uploads follow the policy the server answers: through the server (a form with the token), or with
// files in a bucket straight to it (the presigned form's fields, then the file) and completed with the token.

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const BUCKET = 'http://127.0.0.1:9000/yanbo';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: Sent[];
let answers: Response[];

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal('localStorage', { getItem: () => 'manage-token', setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body,
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`no answer for ${url}`);
    return answer;
  });
});
afterEach(() => vi.unstubAllGlobals());

const picture = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
const policy = (extra: object = {}) => ({
  method: 'POST',
  field: 'file',
  maxBytes: 1024,
  accept: ['image/png'],
  token: 'policy-token',
  expiresAt: '2026-11-26T12:00:00.000Z',
  ...extra,
});

describe('uploadWithPolicy', () => {
  it('posts the presigned form to the bucket (fields first, no session) and completes it with the token', async () => {
    answers.push(
      json(
        policy({
          url: BUCKET,
          fields: { key: 'files/agent/1/avatar/x.png', Policy: 'p', 'Content-Type': 'image/png' },
        }),
      ),
      new Response(null, { status: 204 }),
      json({ filepath: 'agent/1/avatar/x.png', url: '/files/agent/1/avatar/x.png' }),
    );
    expect(await uploadWithPolicy('agent-avatar', picture())).toEqual({
      filepath: 'agent/1/avatar/x.png',
      url: '/files/agent/1/avatar/x.png',
    });
    expect(sent[0].url).toBe('/api/v3/upload-policy/agent-avatar?type=image%2Fpng');
    expect(sent[1]).toMatchObject({ url: BUCKET, method: 'POST', headers: {} });
    const form = sent[1].body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Policy', 'Content-Type', 'file']);
    expect(sent[2]).toMatchObject({ url: '/api/upload/complete', method: 'POST', body: '{"token":"policy-token"}' });
  });

  it('names a file over the bucket’s size limit as the server does (413), and the bucket’s other refusals', async () => {
    answers.push(
      json(policy({ url: BUCKET, fields: { key: 'k' } })),
      new Response('<Error><Code>EntityTooLarge</Code><Message>Size 2048 out of range</Message></Error>', {
        status: 400,
      }),
    );
    const tooLarge = await uploadWithPolicy('agent', picture()).catch((error: unknown) => error);
    expect(tooLarge).toBeInstanceOf(ApiError);
    expect((tooLarge as ApiError).status).toBe(413);
    answers.push(
      json(policy({ url: BUCKET, fields: { key: 'k' } })),
      new Response('<Error><Code>AccessDenied</Code><Message>Policy expired.</Message></Error>', { status: 403 }),
    );
    const expired = await uploadWithPolicy('agent', picture()).catch((error: unknown) => error);
    expect(expired).toMatchObject({ status: 403, message: 'Policy expired.' });
    expect(sent.filter((request) => request.url === '/api/upload/complete')).toEqual([]);
  });

  it('posts through the server with the token and the session when the policy is its own', async () => {
    answers.push(
      json(policy({ url: '/api/upload?token=policy-token' })),
      json({ filepath: 'agent/1/files/x.png', url: '/files/agent/1/files/x.png' }),
    );
    expect((await uploadWithPolicy('agent', picture())).filepath).toBe('agent/1/files/x.png');
    expect(sent[1]).toMatchObject({
      url: '/api/upload?token=policy-token',
      headers: { authorization: 'Bearer manage-token' },
    });
    expect([...(sent[1].body as FormData).keys()]).toEqual(['token', 'file']);
  });
});

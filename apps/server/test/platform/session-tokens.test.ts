import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSessions, transactionEndingSessions } from '../../src/platform/sessions.ts';
import {
  call,
  createAgent,
  createSubagent,
  DEFAULT_PASSWORD,
  engines,
  login,
  sessionFor,
  startApp,
  type TestApp,
} from '../harness.ts';
import { multipart, PNG } from '../upload-form.ts';

// Issue 8, tokens die with the session: a message token (the console's event stream) and an upload policy name the
// session that asked for them and are refused once it has ended (logout, password change, a disabled or deleted
// account); an open event stream closes when its session ends.

/** Resolves when the stream's body ends (the server closed it); rejects after timeoutMs. */
async function streamEnds(response: Response, timeoutMs: number): Promise<void> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('stream still open');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('stream still open')), left)),
      ]);
      if (chunk.done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

describe.each(engines)('tokens die with the session on %s', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startApp(engine);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const messageToken = async (token: string) =>
    (await call(t.app, 'POST', '/ephemeral-token', { token })).body.token as string;
  const policyToken = async (token: string) =>
    (await call(t.app, 'GET', '/v3/upload-policy/agent-avatar', { token })).body.token as string;
  const upload = (policy: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...multipart({ name: 'a.png', type: 'image/png', data: PNG }, policy),
    });
  const openStream = (token: string) => fetch(`${base}/api/realtime/console?token=${encodeURIComponent(token)}`);

  it('after logout the message token and the upload policy are refused, and the open stream is closed', async () => {
    const agent = await createAgent(t.ctx);
    const session = await login(t.app, agent.mobile, DEFAULT_PASSWORD);
    const message = await messageToken(session);
    const policy = await policyToken(session);
    // Both work while the session stands.
    expect((await upload(policy)).statusCode).toBe(200);
    const stream = await openStream(message);
    expect(stream.status).toBe(200);

    expect((await call(t.app, 'GET', '/logout', { token: session })).status).toBe(200);
    // Closed at once (well before the 15 s heartbeat), and the browser's retry with the same token is refused.
    await streamEnds(stream, 5_000);
    expect((await openStream(message)).status).toBe(401);
    expect((await upload(policy)).json()).toMatchObject({
      statusCode: 403,
      message: 'Upload policy is invalid or expired',
    });
  });

  it('a password change ends the other sessions’ tokens and streams, not the one that changed it', async () => {
    const agent = await createAgent(t.ctx);
    const laptop = await login(t.app, agent.mobile, DEFAULT_PASSWORD);
    const phone = await login(t.app, agent.mobile, DEFAULT_PASSWORD);
    const laptopMessage = await messageToken(laptop);
    const laptopPolicy = await policyToken(laptop);
    const laptopStream = await openStream(laptopMessage);
    expect(laptopStream.status).toBe(200);
    const changed = await call(t.app, 'PUT', `/agent/${agent.id}/password`, {
      token: phone,
      body: { oldPassword: DEFAULT_PASSWORD, password: 'a-new-password-2' },
    });
    expect(changed.status, changed.text).toBe(200);
    await streamEnds(laptopStream, 5_000);
    expect((await openStream(laptopMessage)).status).toBe(401);
    expect((await upload(laptopPolicy)).statusCode).toBe(403);
    // The phone's own session goes on.
    expect((await upload(await policyToken(phone))).statusCode).toBe(200);
    const phoneStream = await openStream(await messageToken(phone));
    expect(phoneStream.status).toBe(200);
    await phoneStream.body?.cancel();
  });

  it('a disabled agent’s and a deleted sub-account’s tokens are refused', async () => {
    const agent = await createAgent(t.ctx);
    const session = await sessionFor(t.ctx, agent.id);
    const message = await messageToken(session);
    const policy = await policyToken(session);
    await t.ctx.db.updateTable('agents').set({ status: 'disabled' }).where('id', '=', agent.id).execute();
    expect((await openStream(message)).status).toBe(401);
    expect((await upload(policy)).statusCode).toBe(403);

    const parent = await createAgent(t.ctx);
    const sub = await createSubagent(t.ctx, { agentId: parent.id });
    const subSession = await sessionFor(t.ctx, parent.id, sub.id);
    const subMessage = await messageToken(subSession);
    const subPolicy = await policyToken(subSession);
    expect((await upload(subPolicy)).statusCode).toBe(200);
    await t.ctx.db.updateTable('subagents').set({ deletedAt: new Date() }).where('id', '=', sub.id).execute();
    expect((await openStream(subMessage)).status).toBe(401);
    expect((await upload(subPolicy)).statusCode).toBe(403);
  });

  it('a sub-account deleted by its main account has its open stream closed at once', async () => {
    const parent = await createAgent(t.ctx);
    const sub = await createSubagent(t.ctx, { agentId: parent.id });
    const parentSession = await sessionFor(t.ctx, parent.id);
    const subMessage = await messageToken(await sessionFor(t.ctx, parent.id, sub.id));
    const stream = await openStream(subMessage);
    expect(stream.status).toBe(200);
    const deleted = await call(t.app, 'DELETE', `/agent/subagent/${sub.id}`, { token: parentSession });
    expect(deleted.status, deleted.text).toBe(200);
    await streamEnds(stream, 5_000);
    expect((await openStream(subMessage)).status).toBe(401);
  });

  it('sessions are ended in a transaction only through transactionEndingSessions, which tells the holders', async () => {
    const agent = await createAgent(t.ctx);
    const session = await login(t.app, agent.mobile, DEFAULT_PASSWORD);
    await expect(
      t.ctx.db.transaction().execute((trx) => endSessions(trx, { agentId: agent.id, subaccounts: true })),
    ).rejects.toThrow(/transactionEndingSessions/);
    const stream = await openStream(await messageToken(session));
    expect(stream.status).toBe(200);
    const ended = await transactionEndingSessions(t.ctx.db, (trx) =>
      endSessions(trx, { agentId: agent.id, subaccounts: true }),
    );
    expect(ended).toBe(1);
    await streamEnds(stream, 5_000);
  });
});

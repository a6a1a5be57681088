import {
  DEFAULT_AGENT_AREA,
  DEFAULT_AGENT_MARGIN,
  ERROR_CODES,
  ERROR_MESSAGES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_RECORD_PAGE_SIZE,
  LOGIN_TICKET_TTL_SECONDS,
  SESSION_TTL_DAYS,
} from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomToken } from '../src/platform/crypto.ts';
import {
  call,
  createAgent,
  DEFAULT_PASSWORD,
  engines,
  expectError,
  lastSmsCode,
  login,
  nextIp,
  nextMobile,
  sendPublicSms,
  sessionFor,
  startApp,
  type TestAgent,
  type TestApp,
  wrongCode,
} from './harness.ts';

const WRONG_CREDENTIALS = { code: ERROR_CODES.wrongCredentials };
const LOCKED_MESSAGE = 'Too many failed logins, try again later';
const TICKET_INVALID_MESSAGE = 'Login token is invalid or expired';
/** The tests that hash 50–60 passwords one after another: work, not waiting, and slow on a busy machine. */
const SLOW_TEST_MS = 120_000;

const near = (iso: string, expectedMs: number, toleranceMs = 60_000) =>
  expect(Math.abs(Date.parse(iso) - expectedMs)).toBeLessThan(toleranceMs);

describe.each(engines)('account login (%s)', (engine) => {
  let t: TestApp;
  let agent: TestAgent;

  beforeAll(async () => {
    t = await startApp(engine);
    agent = await createAgent(t.ctx, { contact: '张三', company: '演播科技', coopLevel: 2 });
  });
  afterAll(() => t?.close());

  const sessionCount = async (agentId: number) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('agentId', '=', agentId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const recordsOf = (username: string) =>
    t.ctx.db.selectFrom('loginRecords').selectAll().where('username', '=', username).orderBy('id').execute();

  describe('POST /agent/login', () => {
    test('a mobile and its password open a session that answers GET /agent/me', async () => {
      const ip = nextIp();
      const response = await call(t.app, 'POST', '/agent/login', {
        body: { username: agent.mobile, password: DEFAULT_PASSWORD },
        ip,
        headers: { 'user-agent': 'vitest-browser' },
      });
      expect(response.status).toBe(200);
      expect(response.body.token).toMatch(/^[\w-]{43}$/);
      near(response.body.expiresAt, Date.now() + SESSION_TTL_DAYS * 86_400_000);
      expect(response.body.me).toMatchObject({
        id: agent.id,
        mobile: agent.mobile,
        contact: '张三',
        company: '演播科技',
        coopLevel: 2,
        isSubAgent: false,
        subagent: null,
        impersonatedBy: null,
      });
      const me = await call(t.app, 'GET', '/agent/me', { token: response.body.token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(agent.id);
      const records = await recordsOf(agent.mobile);
      expect(records.at(-1)).toMatchObject({
        agentId: agent.id,
        subagentId: null,
        method: 'password',
        success: true,
        ip,
        userAgent: 'vitest-browser',
      });
    });

    test('a wrong password answers 401 wrong username or password, opens no session and is recorded', async () => {
      const other = await createAgent(t.ctx);
      const response = await call(t.app, 'POST', '/agent/login', {
        body: { username: other.mobile, password: 'not-the-password' },
        ip: nextIp(),
      });
      expectError(response, 401, ERROR_MESSAGES.wrongCredentials, WRONG_CREDENTIALS);
      expect(await sessionCount(other.id)).toBe(0);
      const records = await recordsOf(other.mobile);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ agentId: other.id, success: false, method: 'password' });
    });

    test('an unknown username answers the same 401 as a wrong password', async () => {
      const username = nextMobile();
      const response = await call(t.app, 'POST', '/agent/login', {
        body: { username, password: DEFAULT_PASSWORD },
        ip: nextIp(),
      });
      expectError(response, 401, ERROR_MESSAGES.wrongCredentials, WRONG_CREDENTIALS);
      const records = await recordsOf(username);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ agentId: null, success: false });
    });

    const guess = (username: string, password: string, ip: string, headers?: Record<string, string>) =>
      call(t.app, 'POST', '/agent/login', { body: { username, password }, ip, headers });

    test(`${LOGIN_MAX_FAILURES} wrong passwords keep that address off that account; the owner elsewhere signs in`, async () => {
      const victim = await createAgent(t.ctx);
      const stranger = nextIp();
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        expectError(
          await guess(victim.mobile, `guess-${i}`, stranger),
          401,
          ERROR_MESSAGES.wrongCredentials,
          WRONG_CREDENTIALS,
        );
      }
      // Even the right password from the guessing address is refused now: the guesser cannot test it.
      const locked = await guess(victim.mobile, DEFAULT_PASSWORD, stranger);
      expectError(locked, 429, LOCKED_MESSAGE, { code: ERROR_CODES.loginLocked });
      // Told to come back when the window ends (15 minutes after the first failure).
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(LOGIN_FAILURE_WINDOW_SECONDS - 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_SECONDS);
      expect(await sessionCount(victim.id)).toBe(0);
      // The owner, from an address that has not been failing, signs in at once with the right password.
      expect((await guess(victim.mobile, DEFAULT_PASSWORD, nextIp())).status).toBe(200);
      // The limit is per account: another account still signs in from the guessing address.
      const bystander = await createAgent(t.ctx);
      expect(await login(t.app, bystander.mobile, DEFAULT_PASSWORD, stranger)).toMatch(/^[\w-]{43}$/);
    });

    test('the owner still signs in after a stranger’s 50 wrong passwords, forwarded addresses rotating', async () => {
      const victim = await createAgent(t.ctx);
      const stranger = nextIp();
      const answers = [];
      for (let i = 0; i < 50; i++) {
        answers.push((await guess(victim.mobile, `guess-${i}`, stranger, { 'x-forwarded-for': nextIp() })).status);
      }
      // Rotating X-Forwarded-For does not make a new address: five were checked, the rest refused.
      expect(answers.filter((status) => status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
      expect(answers.filter((status) => status === 429)).toHaveLength(50 - LOGIN_MAX_FAILURES);
      expect((await guess(victim.mobile, DEFAULT_PASSWORD, nextIp())).status).toBe(200);
    });

    test(
      'guesses from many addresses slow the failing ones down, never the owner’s',
      async () => {
        const victim = await createAgent(t.ctx);
        const strangers = Array.from({ length: 50 }, () => nextIp());
        for (const ip of strangers) expect((await guess(victim.mobile, 'wrong', ip)).status).toBe(401);
        // A failing address trying again at once waits out the account's delay, told how long.
        const again = await guess(victim.mobile, 'wrong-again', strangers[0] as string);
        expect(again.status).toBe(429);
        expect(again.body).toMatchObject({ code: ERROR_CODES.rateLimited });
        expect(again.body.message).toMatch(/^Too many failed logins for this account, try again in \d+ s$/);
        expect(again.body.message).toContain(`try again in ${again.headers['retry-after']} s`);
        // Its right password is held back as well, while the owner at a clean address gets in.
        expect((await guess(victim.mobile, DEFAULT_PASSWORD, strangers[1] as string)).status).toBe(429);
        expect(await sessionCount(victim.id)).toBe(0);
        expect((await guess(victim.mobile, DEFAULT_PASSWORD, nextIp())).status).toBe(200);
        // The owner's sign-in ends the slowdown.
        expect((await guess(victim.mobile, 'wrong-once-more', strangers[2] as string)).status).toBe(401);
      },
      SLOW_TEST_MS,
    );

    test(
      'one address spraying a password over many accounts is cut off, rotating headers or not',
      async () => {
        const sprayer = nextIp();
        const answers = [];
        for (let i = 0; i < 60; i++) {
          answers.push((await guess(nextMobile(), 'Summer2026!', sprayer, { 'x-forwarded-for': nextIp() })).status);
        }
        expect(answers.filter((status) => status === 401)).toHaveLength(30);
        expect(answers.slice(30).every((status) => status === 429)).toBe(true);
        // Cut off for every account, a real one included, while other addresses are untouched.
        const fresh = await createAgent(t.ctx);
        expectError(await guess(fresh.mobile, DEFAULT_PASSWORD, sprayer), 429, LOCKED_MESSAGE, {
          code: ERROR_CODES.loginLocked,
        });
        expect((await guess(fresh.mobile, DEFAULT_PASSWORD, nextIp())).status).toBe(200);
      },
      SLOW_TEST_MS,
    );

    test('parallel wrong guesses from one address cannot get past the limit', async () => {
      const target = await createAgent(t.ctx);
      const ip = nextIp();
      const guesses = await Promise.all(
        Array.from({ length: LOGIN_MAX_FAILURES * 3 }, (_, i) => guess(target.mobile, `parallel-${i}`, ip)),
      );
      expect(guesses.filter((response) => response.status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
      expect(guesses.filter((response) => response.status === 429)).toHaveLength(LOGIN_MAX_FAILURES * 2);
    });

    test('a disabled agent with the right password answers 403 Agent Disabled and gets no session', async () => {
      const disabled = await createAgent(t.ctx, { status: 'disabled' });
      const response = await call(t.app, 'POST', '/agent/login', {
        body: { username: disabled.mobile, password: DEFAULT_PASSWORD },
        ip: nextIp(),
      });
      expectError(response, 403, ERROR_MESSAGES.agentDisabled, { code: ERROR_CODES.agentDisabled });
      expect(await sessionCount(disabled.id)).toBe(0);
      expect((await recordsOf(disabled.mobile)).map((record) => record.success)).toEqual([false]);
    });

    test('a missing password answers 400 naming the field', async () => {
      const response = await call(t.app, 'POST', '/agent/login', { body: { username: agent.mobile }, ip: nextIp() });
      expectError(response, 400, 'password: Invalid input: expected string, received undefined', {
        code: ERROR_CODES.validation,
        field: 'password',
      });
      const empty = await call(t.app, 'POST', '/agent/login', {
        body: { username: '  ', password: 'x' },
        ip: nextIp(),
      });
      expectError(empty, 400, 'username: Username is required', { code: ERROR_CODES.validation, field: 'username' });
    });
  });

  describe('GET /agent/login/token and POST /agent/login/token', () => {
    let parent: TestAgent;
    let child: TestAgent;
    let sibling: TestAgent;
    let grandchild: TestAgent;
    let stranger: TestAgent;
    let parentToken: string;
    let childToken: string;

    beforeAll(async () => {
      parent = await createAgent(t.ctx, { coopLevel: 3 });
      child = await createAgent(t.ctx, { parentId: parent.id, coopLevel: 2 });
      sibling = await createAgent(t.ctx, { parentId: parent.id, coopLevel: 2 });
      grandchild = await createAgent(t.ctx, { parentId: child.id, coopLevel: 1 });
      stranger = await createAgent(t.ctx, { coopLevel: 3 });
      parentToken = await sessionFor(t.ctx, parent.id);
      childToken = await sessionFor(t.ctx, child.id);
    });

    const ticketCount = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('loginTickets')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    test('a ticket for a child opens the child console once, recorded as impersonation', async () => {
      const ticket = await call(t.app, 'GET', `/agent/login/token?agentId=${child.id}`, { token: parentToken });
      expect(ticket.status).toBe(200);
      expect(ticket.body.token).toMatch(/^[\w-]{43}$/);
      expect(ticket.body.url).toBe(`/login?token=${encodeURIComponent(ticket.body.token)}`);
      near(ticket.body.expiresAt, Date.now() + LOGIN_TICKET_TTL_SECONDS * 1000, 10_000);

      const ip = nextIp();
      const session = await call(t.app, 'POST', '/agent/login/token', { body: { token: ticket.body.token }, ip });
      expect(session.status).toBe(200);
      expect(session.body.me).toMatchObject({ id: child.id, impersonatedBy: parent.id, isSubAgent: false });
      const me = await call(t.app, 'GET', '/agent/me', { token: session.body.token });
      expect(me.body).toMatchObject({ id: child.id, impersonatedBy: parent.id });
      const record = await t.ctx.db
        .selectFrom('loginRecords')
        .selectAll()
        .where('agentId', '=', child.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({ method: 'impersonation', success: true, username: child.mobile, ip });

      const again = await call(t.app, 'POST', '/agent/login/token', { body: { token: ticket.body.token } });
      expectError(again, 401, TICKET_INVALID_MESSAGE, { code: ERROR_CODES.loginTicketInvalid });
    });

    test('impersonation reaches every level below the caller', async () => {
      const ticket = await call(t.app, 'GET', `/agent/login/token?agentId=${grandchild.id}`, { token: parentToken });
      expect(ticket.status).toBe(200);
      const session = await call(t.app, 'POST', '/agent/login/token', { body: { token: ticket.body.token } });
      expect(session.body.me).toMatchObject({ id: grandchild.id, impersonatedBy: parent.id });
      const fromChild = await call(t.app, 'GET', `/agent/login/token?agentId=${grandchild.id}`, {
        token: childToken,
      });
      expect(fromChild.status).toBe(200);
    });

    test('a sibling, the parent, oneself, another tenant or a missing id answer 404 and make no ticket', async () => {
      const before = await ticketCount();
      for (const agentId of [sibling.id, parent.id, child.id, stranger.id, 999_999]) {
        const response = await call(t.app, 'GET', `/agent/login/token?agentId=${agentId}`, { token: childToken });
        expectError(response, 404, ERROR_MESSAGES.agentNotFound);
      }
      const fromStranger = await call(t.app, 'GET', `/agent/login/token?agentId=${child.id}`, {
        token: await sessionFor(t.ctx, stranger.id),
      });
      expectError(fromStranger, 404, ERROR_MESSAGES.agentNotFound);
      expect(await ticketCount()).toBe(before);
    });

    test('needs a session and a numeric agentId', async () => {
      expectError(
        await call(t.app, 'GET', `/agent/login/token?agentId=${child.id}`),
        401,
        ERROR_MESSAGES.unauthorized,
        { code: ERROR_CODES.unauthorized },
      );
      expectError(
        await call(t.app, 'GET', '/agent/login/token?agentId=abc', { token: parentToken }),
        400,
        'agentId: Invalid input: expected number, received NaN',
        { code: ERROR_CODES.validation, field: 'agentId' },
      );
    });

    test('an expired or unknown ticket answers 401', async () => {
      const ticket = await call(t.app, 'GET', `/agent/login/token?agentId=${child.id}`, { token: parentToken });
      await t.ctx.db
        .updateTable('loginTickets')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('createdBy', '=', parent.id)
        .where('consumedAt', 'is', null)
        .execute();
      const expired = await call(t.app, 'POST', '/agent/login/token', { body: { token: ticket.body.token } });
      expectError(expired, 401, TICKET_INVALID_MESSAGE, { code: ERROR_CODES.loginTicketInvalid });
      const unknown = await call(t.app, 'POST', '/agent/login/token', { body: { token: randomToken() } });
      expectError(unknown, 401, TICKET_INVALID_MESSAGE, { code: ERROR_CODES.loginTicketInvalid });
      const short = await call(t.app, 'POST', '/agent/login/token', { body: { token: 'short' } });
      expectError(short, 400, 'token: Token is invalid', { code: ERROR_CODES.validation, field: 'token' });
    });

    test('a ticket for an agent disabled since answers 403 Agent Disabled', async () => {
      const doomed = await createAgent(t.ctx, { parentId: parent.id });
      const ticket = await call(t.app, 'GET', `/agent/login/token?agentId=${doomed.id}`, { token: parentToken });
      await t.ctx.db.updateTable('agents').set({ status: 'disabled' }).where('id', '=', doomed.id).execute();
      const response = await call(t.app, 'POST', '/agent/login/token', { body: { token: ticket.body.token } });
      expectError(response, 403, ERROR_MESSAGES.agentDisabled, { code: ERROR_CODES.agentDisabled });
      expect(await sessionCount(doomed.id)).toBe(0);
    });
  });

  describe('POST /agent/login/sms', () => {
    test('a login code opens a session once', async () => {
      const smsAgent = await createAgent(t.ctx);
      expect((await sendPublicSms(t.app, smsAgent.mobile, 'login')).status).toBe(200);
      const code = lastSmsCode(t.dataDir, smsAgent.mobile, 'login');
      const response = await call(t.app, 'POST', '/agent/login/sms', {
        body: { mobile: smsAgent.mobile, code },
        ip: nextIp(),
      });
      expect(response.status).toBe(200);
      expect(response.body.me).toMatchObject({ id: smsAgent.id, mobile: smsAgent.mobile });
      expect((await call(t.app, 'GET', '/agent/me', { token: response.body.token })).body.id).toBe(smsAgent.id);
      expect((await recordsOf(smsAgent.mobile)).map((record) => [record.method, record.success])).toEqual([
        ['sms', true],
      ]);
      const reused = await call(t.app, 'POST', '/agent/login/sms', { body: { mobile: smsAgent.mobile, code } });
      expectError(reused, 400, ERROR_MESSAGES.verificationCode, {
        code: ERROR_CODES.verificationCode,
        field: 'code',
      });
      expect(await sessionCount(smsAgent.id)).toBe(1);
    });

    test('a wrong code, a code for another purpose or an unknown mobile open nothing', async () => {
      const smsAgent = await createAgent(t.ctx);
      await sendPublicSms(t.app, smsAgent.mobile, 'login');
      const code = lastSmsCode(t.dataDir, smsAgent.mobile, 'login');
      const wrong = await call(t.app, 'POST', '/agent/login/sms', {
        body: { mobile: smsAgent.mobile, code: wrongCode(code) },
      });
      expectError(wrong, 400, ERROR_MESSAGES.verificationCode, { code: ERROR_CODES.verificationCode, field: 'code' });

      await sendPublicSms(t.app, smsAgent.mobile, 'lostpass');
      const lostpassCode = lastSmsCode(t.dataDir, smsAgent.mobile, 'lostpass');
      if (lostpassCode !== code) {
        const otherPurpose = await call(t.app, 'POST', '/agent/login/sms', {
          body: { mobile: smsAgent.mobile, code: lostpassCode },
        });
        expectError(otherPurpose, 400, ERROR_MESSAGES.verificationCode, {
          code: ERROR_CODES.verificationCode,
          field: 'code',
        });
      }
      expect(await sessionCount(smsAgent.id)).toBe(0);

      const unknown = await call(t.app, 'POST', '/agent/login/sms', { body: { mobile: nextMobile(), code } });
      expectError(unknown, 404, ERROR_MESSAGES.agentNotFound);
      const malformed = await call(t.app, 'POST', '/agent/login/sms', {
        body: { mobile: smsAgent.mobile, code: '12' },
      });
      expectError(malformed, 400, 'code: Verification code must be 6 digits', {
        code: ERROR_CODES.validation,
        field: 'code',
      });
      // The wrong guess is not a login: the right code still works.
      const right = await call(t.app, 'POST', '/agent/login/sms', { body: { mobile: smsAgent.mobile, code } });
      expect(right.status).toBe(200);
    });
  });

  describe('GET /agent/me and GET /logout', () => {
    test('GET /agent/me answers the whole profile of the caller', async () => {
      const token = await sessionFor(t.ctx, agent.id);
      const response = await call(t.app, 'GET', '/agent/me', { token });
      expect(response.status).toBe(200);
      const row = await t.ctx.db
        .selectFrom('agents')
        .select('createdAt')
        .where('id', '=', agent.id)
        .executeTakeFirstOrThrow();
      expect(response.body).toEqual({
        id: agent.id,
        parentId: null,
        mobile: agent.mobile,
        contact: '张三',
        company: '演播科技',
        email: '',
        avatar: '',
        status: 'enabled',
        coopLevel: 2,
        extra: { area: DEFAULT_AGENT_AREA, address: '', margin: DEFAULT_AGENT_MARGIN },
        createdAt: row.createdAt.toISOString(),
        isSubAgent: false,
        subagent: null,
        impersonatedBy: null,
        hasContract: false,
      });
    });

    test('no token, a malformed header, an unknown or an expired token answer 401', async () => {
      const unauthorized = { code: ERROR_CODES.unauthorized };
      expectError(await call(t.app, 'GET', '/agent/me'), 401, ERROR_MESSAGES.unauthorized, unauthorized);
      expectError(
        await call(t.app, 'GET', '/agent/me', { headers: { authorization: 'Token abc' } }),
        401,
        ERROR_MESSAGES.unauthorized,
        unauthorized,
      );
      expectError(
        await call(t.app, 'GET', '/agent/me', { token: randomToken() }),
        401,
        ERROR_MESSAGES.unauthorized,
        unauthorized,
      );
      const token = await sessionFor(t.ctx, agent.id);
      await t.ctx.db
        .updateTable('sessions')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('revokedAt', 'is', null)
        .where('agentId', '=', agent.id)
        .where('createdAt', '>', new Date(Date.now() - 5000))
        .execute();
      expectError(await call(t.app, 'GET', '/agent/me', { token }), 401, ERROR_MESSAGES.unauthorized, unauthorized);
    });

    test('GET /logout ends this session only', async () => {
      const other = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, other.id);
      const second = await sessionFor(t.ctx, other.id);
      const response = await call(t.app, 'GET', '/logout', { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expectError(await call(t.app, 'GET', '/agent/me', { token }), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
      expectError(await call(t.app, 'GET', '/logout', { token }), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
      expect((await call(t.app, 'GET', '/agent/me', { token: second })).status).toBe(200);
    });
  });

  describe('GET /agent/login-record', () => {
    let owner: TestAgent;
    let token: string;

    beforeAll(async () => {
      owner = await createAgent(t.ctx);
      const noise = await createAgent(t.ctx);
      await login(t.app, noise.mobile, DEFAULT_PASSWORD);
      await call(t.app, 'POST', '/agent/login', {
        body: { username: owner.mobile, password: 'wrong-password' },
        ip: '10.1.1.1',
        headers: { 'user-agent': 'first' },
      });
      await call(t.app, 'POST', '/agent/login', {
        body: { username: owner.mobile, password: DEFAULT_PASSWORD },
        ip: '10.1.1.2',
        headers: { 'user-agent': 'second' },
      });
      const third = await call(t.app, 'POST', '/agent/login', {
        body: { username: owner.mobile, password: DEFAULT_PASSWORD },
        ip: '10.1.1.3',
        headers: { 'user-agent': 'third' },
      });
      token = third.body.token;
    });

    test('answers the caller’s logins newest first, failures included', async () => {
      const response = await call(t.app, 'GET', '/agent/login-record', { token });
      expect(response.status).toBe(200);
      expect(response.body.pager).toEqual({ page: 1, pageSize: LOGIN_RECORD_PAGE_SIZE, total: 3 });
      expect(
        response.body.items.map(({ id, createdAt, ...rest }: { id: number; createdAt: string }) => {
          expect(Number.isInteger(id)).toBe(true);
          near(createdAt, Date.now());
          return rest;
        }),
      ).toEqual([
        { method: 'password', success: true, ip: '10.1.1.3', userAgent: 'third', username: owner.mobile },
        { method: 'password', success: true, ip: '10.1.1.2', userAgent: 'second', username: owner.mobile },
        { method: 'password', success: false, ip: '10.1.1.1', userAgent: 'first', username: owner.mobile },
      ]);
    });

    test('pages', async () => {
      const first = await call(t.app, 'GET', '/agent/login-record?page=1&pageSize=2', { token });
      expect(first.body.pager).toEqual({ page: 1, pageSize: 2, total: 3 });
      expect(first.body.items.map((item: { ip: string }) => item.ip)).toEqual(['10.1.1.3', '10.1.1.2']);
      const second = await call(t.app, 'GET', '/agent/login-record?page=2&pageSize=2', { token });
      expect(second.body.pager).toEqual({ page: 2, pageSize: 2, total: 3 });
      expect(second.body.items.map((item: { ip: string }) => item.ip)).toEqual(['10.1.1.1']);
      const beyond = await call(t.app, 'GET', '/agent/login-record?page=3&pageSize=2', { token });
      expect(beyond.body).toEqual({ items: [], pager: { page: 3, pageSize: 2, total: 3 } });
    });

    test('rejects a bad page size and needs a session', async () => {
      expectError(
        await call(t.app, 'GET', '/agent/login-record?pageSize=0', { token }),
        400,
        'pageSize: Too small: expected number to be >=1',
        { code: ERROR_CODES.validation, field: 'pageSize' },
      );
      expectError(
        await call(t.app, 'GET', '/agent/login-record?pageSize=101', { token }),
        400,
        'pageSize: Too big: expected number to be <=100',
        { code: ERROR_CODES.validation, field: 'pageSize' },
      );
      expectError(await call(t.app, 'GET', '/agent/login-record'), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
    });
  });
});

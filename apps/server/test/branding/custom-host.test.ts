import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSubagent, engines, sessionFor, signedInAgent, startApp, type TestApp } from '../harness.ts';
import { type DnsStandIn, startDnsStandIn } from './dns-stand-in.ts';

// Custom hosts (issue 8): no IP literal, localhost or platform host; a host restyles /login only after its owner has
// put the TXT record the console shows into DNS and pressed 验证. DNS is a stand-in on a free UDP port (DNS_RESOLVER).

describe.each(engines)('custom host on %s', (engine) => {
  let t: TestApp;
  let dns: DnsStandIn;
  beforeAll(async () => {
    dns = await startDnsStandIn();
    t = await startApp(engine, {
      dnsResolver: dns.address,
      publicHosts: ['live.yanbo.example', 'Console.Yanbo.Example'],
      pullDomain: 'play.yanbo.example:8080',
      pushDomain: 'push.yanbo.example:1935',
    });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  const agentToken = () => signedInAgent(t.ctx);
  const setHost = (token: string, host: string) =>
    call(t.app, 'PUT', '/agent/customization', { token, body: { host } });
  const verify = (token: string) => call(t.app, 'POST', '/agent/customization/host/verify', { token });
  const loginPage = (host: string) => call(t.app, 'GET', `/agent/template/public?host=${host}`);

  it('refuses IP literals, localhost and the platform’s own hosts with 400 naming host, storing nothing', async () => {
    const { token } = await agentToken();
    for (const host of [
      '127.0.0.1',
      '10.0.0.8',
      '127.1',
      '2130706433',
      'localhost',
      'admin.localhost',
      'live.yanbo.example',
      'console.yanbo.example',
      'play.yanbo.example',
      'push.yanbo.example',
    ]) {
      const response = await setHost(token, host);
      expect(response.status, host).toBe(400);
      expect(response.body, host).toMatchObject({
        message: ERROR_MESSAGES.hostNotAllowed,
        code: ERROR_CODES.hostNotAllowed,
        field: 'host',
      });
    }
    expect((await call(t.app, 'GET', '/agent/customization', { token })).body.host).toBe('');
  });

  it('a host restyles /login only once its TXT record is found; a new host must be proved again', async () => {
    const { agent, token } = await agentToken();
    await call(t.app, 'PUT', '/agent/template', { token, body: { title: '星河直播' } });
    const saved = await setHost(token, 'live.xinghe.example');
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ host: 'live.xinghe.example', hostVerified: false });
    const record = saved.body.hostVerification;
    expect(record.name).toBe('_yanbo-verify.live.xinghe.example');
    expect(record.value).toMatch(/^yanbo-verify=[\w-]{20,}$/);
    // The value is the agent's own: another agent gets another one for the same host.
    const other = await agentToken();
    await setHost(other.token, 'other.xinghe.example');
    expect(
      (await call(t.app, 'GET', '/agent/customization', { token: other.token })).body.hostVerification.value,
    ).not.toBe(record.value);

    // 待验证: the platform's own login page.
    expect((await loginPage('live.xinghe.example')).body.customized).toBe(false);
    const missing = await verify(token);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: ERROR_MESSAGES.hostNotVerified,
      code: ERROR_CODES.hostNotVerified,
      field: 'host',
    });
    expect(dns.asked).toContain('_yanbo-verify.live.xinghe.example');

    // A wrong value proves nothing.
    dns.records.set(record.name, [['yanbo-verify=somebody-else']]);
    expect((await verify(token)).status).toBe(400);

    // The record, even split in chunks as long TXT values are: 已验证, and /login shows the agent's page.
    dns.records.set(record.name, [['v=spf1 -all'], [record.value.slice(0, 10), record.value.slice(10)]]);
    const verified = await verify(token);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ host: 'live.xinghe.example', hostVerified: true });
    expect((await loginPage('live.xinghe.example')).body).toMatchObject({ customized: true, title: '星河直播' });

    // Saving the same host keeps the proof; a new host is 待验证 again and the old one no longer restyles /login.
    expect((await setHost(token, 'live.xinghe.example')).body.hostVerified).toBe(true);
    const moved = await setHost(token, 'www.xinghe.example');
    expect(moved.body).toMatchObject({ hostVerified: false });
    expect(moved.body.hostVerification.name).toBe('_yanbo-verify.www.xinghe.example');
    expect((await loginPage('www.xinghe.example')).body.customized).toBe(false);
    expect((await loginPage('live.xinghe.example')).body.customized).toBe(false);
    expect(agent.id).toBeGreaterThan(0);
  });

  it('an unverified claim does not block the real owner; two agents proving one host at once: one wins', async () => {
    const squatter = await agentToken();
    const owner = await agentToken();
    expect((await setHost(squatter.token, 'brand.xinghe.example')).status).toBe(200);
    const claimed = await setHost(owner.token, 'brand.xinghe.example');
    expect(claimed.status, claimed.text).toBe(200);
    dns.records.set(claimed.body.hostVerification.name, [[claimed.body.hostVerification.value]]);
    expect((await verify(owner.token)).body.hostVerified).toBe(true);
    // The squatter cannot prove it (its value is not in DNS), and cannot claim it any more once it is verified.
    expect((await verify(squatter.token)).status).toBe(400);
    expect((await setHost(squatter.token, 'www.squatter.example')).status).toBe(200);
    const refused = await setHost(squatter.token, 'brand.xinghe.example');
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('host');

    // Both records in DNS (its owner put both there), both verify at once: the unique index lets one through.
    const a = await agentToken();
    const b = await agentToken();
    const recordA = (await setHost(a.token, 'race.xinghe.example')).body.hostVerification;
    const recordB = (await setHost(b.token, 'race.xinghe.example')).body.hostVerification;
    dns.records.set(recordA.name, [[recordA.value], [recordB.value]]);
    const race = await Promise.all([verify(a.token), verify(b.token)]);
    expect(race.map((response) => response.status).sort()).toEqual([200, 400]);
    expect((await loginPage('race.xinghe.example')).body.customized).toBe(true);
  });

  it('verify needs a host, and is the main account’s', async () => {
    const { agent, token } = await agentToken();
    const none = await verify(token);
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('host');
    const sub = await createSubagent(t.ctx, { agentId: agent.id });
    const subToken = await sessionFor(t.ctx, agent.id, sub.id);
    expect((await verify(subToken)).status).toBe(403);
  });
});

import {
  ERROR_MESSAGES,
  REGISTRATION_ERRORS,
  type Registration,
  VIEWER_COOKIE,
  VIEWER_MOBILE_COOKIE,
} from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { registrationsOfActivities } from '../../src/features/registration/index.ts';
import { useWorld } from '../activity-world.ts';
import { type CallResult, engines, expectError, lastSmsCode, nextIp, nextMobile, readSmsOutbox } from '../harness.ts';
import { multipart, PNG } from '../upload-form.ts';

// Registration forms (issue 12): the builder's forms, bind and unbind (one registration per activity, seed 001 §8),
// the config by hash, duplicate, records with whitelist people, review with its SMS, the CSV, and the watch page's
// gate: a bound activity plays only once the viewer's record lets it in.

const FIELDS = [
  { key: 'name', label: '姓名', type: 'text', required: true },
  { key: 'phone', label: '手机号', type: 'mobile', required: true },
  { key: 'city', label: '城市', type: 'region' },
  { key: 'topics', label: '感兴趣的话题', type: 'multiSelect', options: ['直播', '电商', '教育'] },
  { key: 'day', label: '到场日期', type: 'date' },
];

function cookieOf(response: CallResult, name: string): string {
  const match = new RegExp(`${name}=([^;]+)`).exec(String(response.headers['set-cookie'] ?? ''));
  if (!match) throw new Error(`no ${name} cookie`);
  return `${name}=${match[1]}`;
}

describe.each(engines)('registration on %s', (engine) => {
  const w = useWorld(engine);

  async function form(token = w.aToken, body: Record<string, unknown> = {}): Promise<Registration> {
    const created = await w.call('POST', '/v3/registration', {
      token,
      body: { name: '春季发布会报名', fields: FIELDS, config: { needsReview: true }, ...body },
    });
    expect(created.status, created.text).toBe(200);
    return created.body as Registration;
  }
  const bind = (id: number, activityIds: number[], token = w.aToken) =>
    w.call('POST', `/v3/registration/${id}/bind`, { token, body: { activityIds } });

  /** A viewer of the activity: its visit's cookie, then signed in by SMS with the mobile; both cookies. */
  async function viewer(activityId: number, mobile = nextMobile()) {
    const visit = await w.call('POST', `/watch/${activityId}/visit`, { body: {} });
    expect(visit.status, visit.text).toBe(200);
    const browser = cookieOf(visit, VIEWER_COOKIE);
    const ip = nextIp();
    expect((await w.call('POST', `/watch/${activityId}/sign-in/code`, { body: { mobile }, ip })).status).toBe(200);
    const code = lastSmsCode(w.t.dataDir, mobile, 'viewer');
    const signed = await w.call('POST', `/watch/${activityId}/sign-in`, {
      body: { mobile, code },
      ip,
      headers: { cookie: browser },
    });
    expect(signed.status, signed.text).toBe(200);
    return { mobile, cookie: `${browser}; ${cookieOf(signed, VIEWER_MOBILE_COOKIE)}`, browser };
  }
  const submit = (activityId: number, cookie: string, answers: Record<string, unknown>) =>
    w.call('POST', `/watch/${activityId}/registration`, { body: { answers }, headers: { cookie } });

  it('creates, lists, reads, edits and deletes a form, refusing bad fields naming them', async () => {
    const created = await form();
    expect(created).toMatchObject({ kind: 'enroll', name: '春季发布会报名', bindings: 0, records: 0 });
    expect(created.fields[3]?.options).toEqual(['直播', '电商', '教育']);
    const listed = await w.call('GET', '/v3/registration?name=春季', { token: w.aToken });
    expect(listed.body.items.map((item: Registration) => item.id)).toContain(created.id);
    expect(listed.body.pager).toMatchObject({ page: 1, pageSize: 10 });
    const forms = await w.call('GET', '/v3/registration?kind=form', { token: w.aToken });
    expect(forms.body.items.map((item: Registration) => item.id)).not.toContain(created.id);

    const edited = await w.call('PATCH', `/v3/registration/${created.id}`, {
      token: w.aToken,
      body: { name: '改名报名', fields: FIELDS.slice(0, 2) },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ name: '改名报名', config: { needsReview: true } });
    expect(edited.body.fields).toHaveLength(2);
    expect((await w.call('GET', `/v3/registration/${created.id}`, { token: w.aToken })).body.name).toBe('改名报名');

    const twoMobiles = await w.call('POST', '/v3/registration', {
      token: w.aToken,
      body: { name: 'x', fields: [FIELDS[1], { ...FIELDS[1], key: 'phone2' }] },
    });
    expect(twoMobiles.status).toBe(400);
    expect(twoMobiles.body.message).toContain('fields.1.type');
    const oneOption = await w.call('POST', '/v3/registration', {
      token: w.aToken,
      body: { name: 'x', fields: [{ key: 'a', label: '选', type: 'select', options: ['一'] }] },
    });
    expect(oneOption.status).toBe(400);
    expect(oneOption.body.message).toContain('fields.0.options');
    const longName = await w.call('POST', '/v3/registration', { token: w.aToken, body: { name: '名'.repeat(61) } });
    expect(longName.status).toBe(400);
    expect(longName.body.message).toContain('name');

    expect((await w.call('DELETE', `/v3/registration/${created.id}`, { token: w.aToken })).body).toEqual({ ok: true });
    expectError(
      await w.call('GET', `/v3/registration/${created.id}`, { token: w.aToken }),
      404,
      REGISTRATION_ERRORS.registrationNotFound,
    );
  });

  it('keeps the config by hash, and duplicates a form without its bindings or records', async () => {
    const created = await form();
    const saved = await w.call('PUT', `/v3/registration/${created.id}/hash/0`, {
      token: w.aToken,
      body: { title: '报名参会', successText: '报名成功，等待通知', needsReview: false },
    });
    expect(saved.status, saved.text).toBe(200);
    const read = await w.call('GET', `/v3/registration/${created.id}/hash/0`, { token: w.aToken });
    expect(read.body).toMatchObject({ title: '报名参会', successText: '报名成功，等待通知', needsReview: false });
    const tooLong = await w.call('PUT', `/v3/registration/${created.id}/hash/0`, {
      token: w.aToken,
      body: { submitText: '提'.repeat(11) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('submitText');

    const activityId = await w.activity(w.aToken);
    expect((await bind(created.id, [activityId])).status).toBe(200);
    const copy = await w.call('POST', `/v3/registration/${created.id}/duplicate`, { token: w.aToken });
    expect(copy.status, copy.text).toBe(200);
    expect(copy.body).toMatchObject({ name: '春季发布会报名 副本', bindings: 0, records: 0 });
    expect(copy.body.config.title).toBe('报名参会');
    expect(copy.body.id).not.toBe(created.id);
  });

  it('binds one registration per activity, refusing one bound elsewhere with nothing written', async () => {
    const first = await form();
    const second = await form();
    const [one, two] = [await w.activity(w.aToken), await w.activity(w.aToken)];
    const bound = await bind(first.id, [one]);
    expect(bound.status, bound.text).toBe(200);
    expect(bound.body.bindings).toBe(1);
    // Binding again to the same form changes nothing.
    expect((await bind(first.id, [one])).body.bindings).toBe(1);
    // Seed 001 §8: 添加失败，活动已被应用在其它报名表下, and the other activity of the call is not bound either.
    expectError(await bind(second.id, [two, one]), 400, REGISTRATION_ERRORS.activityInOtherRegistration, {
      field: 'activityIds',
    });
    expect((await w.call('GET', `/v3/registration/${second.id}`, { token: w.aToken })).body.bindings).toBe(0);

    // What the catalogs' chapter rule reads: which registration holds each activity.
    expect(await registrationsOfActivities(w.t.ctx.db, [one, two])).toEqual(new Map([[one, first.id]]));
    const bindings = await w.call('GET', `/v3/registration/${first.id}/bindings`, { token: w.aToken });
    expect(bindings.body.items.map((item: { activityId: number }) => item.activityId)).toEqual([one]);
    const ofActivity = await w.call('GET', `/v3/activity/${one}/registration`, { token: w.aToken });
    expect(ofActivity.body.registration.id).toBe(first.id);
    expect((await w.call('GET', `/v3/activity/${two}/registration`, { token: w.aToken })).body).toEqual({
      registration: null,
    });

    expectError(
      await w.call('POST', `/v3/registration/${second.id}/unbind`, { token: w.aToken, body: { activityIds: [one] } }),
      400,
      REGISTRATION_ERRORS.notBound,
      { field: 'activityIds' },
    );
    const unbound = await w.call('POST', `/v3/registration/${first.id}/unbind`, {
      token: w.aToken,
      body: { activityIds: [one] },
    });
    expect(unbound.body.bindings).toBe(0);
    expect((await bind(second.id, [one])).status).toBe(200);
    // A form application binds apart from the registration.
    const application = await form(w.aToken, { kind: 'form', name: '调查表', fields: [FIELDS[0]] });
    expect((await bind(application.id, [one])).status).toBe(200);
  });

  it('gates the watch page: the form, 等待审核, approval with its SMS, a rejection with its reason', async () => {
    const created = await form();
    const activityId = await w.activity(w.aToken, '报名直播');
    await bind(created.id, [activityId]);
    const person = await viewer(activityId);

    const page = await w.call('GET', `/watch/${activityId}`, { headers: { cookie: person.cookie } });
    expect(page.body).toMatchObject({ registrationGate: 'form', playback: null });
    const asked = await w.call('GET', `/watch/${activityId}/registration`, { headers: { cookie: person.cookie } });
    expect(asked.body).toMatchObject({ gate: 'form', form: { id: created.id, name: '春季发布会报名' } });

    // The mobile answered is the one the viewer proved, else the field is refused.
    const other = await submit(activityId, person.cookie, { name: '张三', phone: nextMobile() });
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('answers.phone');
    const badRegion = await submit(activityId, person.cookie, { name: '张三', phone: person.mobile, city: 999999 });
    expect(badRegion.status).toBe(400);
    expect(badRegion.body.message).toContain('answers.city');
    const missing = await submit(activityId, person.cookie, { phone: person.mobile });
    expect(missing.body.message).toContain('answers.name');

    const answers = { name: '张三', phone: person.mobile, city: 330106, topics: ['直播', '教育'], day: '2026-12-01' };
    const sent = await submit(activityId, person.cookie, answers);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ gate: 'pending' });
    // Sent twice (a double tap), the second leaving the mobile to the sign-in: one record.
    const { phone: _phone, ...withoutMobile } = answers;
    expect((await submit(activityId, person.cookie, withoutMobile)).body.gate).toBe('pending');
    const records = await w.call('GET', `/v3/registration/record?registrationId=${created.id}`, { token: w.aToken });
    expect(records.body.pager.total).toBe(1);
    const record = records.body.items[0];
    expect(record).toMatchObject({ mobile: person.mobile, status: 'pending', activityId, source: 'form' });
    expect(record.answers).toMatchObject({ name: '张三', city: 330106 });
    expect((await w.call('GET', `/watch/${activityId}`, { headers: { cookie: person.cookie } })).body).toMatchObject({
      registrationGate: 'pending',
      playback: null,
    });

    // A rejection needs its reason, and tells the person.
    const noReason = await w.call('POST', `/v3/registration/${created.id}/review`, {
      token: w.aToken,
      body: { recordIds: [record.id], status: 'rejected' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('reason');
    const rejected = await w.call('POST', `/v3/registration/${created.id}/review`, {
      token: w.aToken,
      body: { recordIds: [record.id], status: 'rejected', reason: '名额已满' },
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.items[0]).toMatchObject({ status: 'rejected', reason: '名额已满' });
    const seen = await w.call('GET', `/watch/${activityId}/registration`, { headers: { cookie: person.cookie } });
    expect(seen.body).toMatchObject({ gate: 'rejected', reason: '名额已满' });
    const outbox = () =>
      readSmsOutbox(w.t.dataDir).filter((line) => line.mobile === person.mobile && line.purpose === 'review');
    expect(outbox().at(-1)).toMatchObject({ form: '春季发布会报名', result: '未通过' });

    const approved = await w.call('POST', `/v3/registration/${created.id}/review`, {
      token: w.aToken,
      body: { recordIds: [record.id], status: 'approved' },
    });
    expect(approved.body.items[0]).toMatchObject({ status: 'approved', reason: '' });
    expect(outbox().at(-1)).toMatchObject({ result: '已通过' });
    expect(outbox()).toHaveLength(2);
    // Approving again sends nothing more.
    await w.call('POST', `/v3/registration/${created.id}/review`, {
      token: w.aToken,
      body: { recordIds: [record.id], status: 'approved' },
    });
    expect(outbox()).toHaveLength(2);

    // The approved person plays, and goes straight in from another browser known by its signed-in mobile.
    const open = await w.call('GET', `/watch/${activityId}`, { headers: { cookie: person.cookie } });
    expect(open.body.registrationGate).toBe('open');
    expect(open.body.playback).not.toBeNull();
    const otherBrowser = cookieOf(await w.call('POST', `/watch/${activityId}/visit`, { body: {} }), VIEWER_COOKIE);
    const mobileCookie = person.cookie.split('; ')[1] as string;
    const again = `${otherBrowser}; ${mobileCookie}`;
    expect((await w.call('GET', `/watch/${activityId}`, { headers: { cookie: again } })).body).toMatchObject({
      registrationGate: 'open',
    });
    // The browser alone (signed out) is not the person.
    expect(
      (await w.call('GET', `/watch/${activityId}`, { headers: { cookie: otherBrowser } })).body.registrationGate,
    ).toBe('form');
    // A resubmission by the approved person keeps it approved.
    expect((await submit(activityId, again, answers)).body.gate).toBe('open');

    // The CSV: BOM, Chinese headings, Beijing time, the region's names.
    const file = await w.call('GET', `/activity/${activityId}/registration/download`, { token: w.aToken });
    expect(file.status, file.text).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.text.startsWith('\uFEFF提交时间,手机号,姓名,城市,感兴趣的话题,到场日期,审核状态,审核原因,来源')).toBe(
      true,
    );
    expect(file.text).toContain(`${person.mobile},张三,浙江省 杭州市 西湖区,直播、教育,2026-12-01,已通过,,报名`);
    expect(file.text).toMatch(/\r\n\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
  });

  it('writes a CRM field’s answer into the person’s profile, which the CRM shows', async () => {
    const crm = await w.call('POST', `/v3/agent/${w.a.id}/user_extra_conf`, {
      token: w.aToken,
      body: { fields: [{ key: 'company', label: '公司', type: 'text', required: true }] },
    });
    expect(crm.status, crm.text).toBe(200);
    const created = await form(w.aToken, {
      fields: [FIELDS[0], FIELDS[1], { key: 'org', label: '公司', type: 'extra', extraKey: 'company' }],
      config: { needsReview: false },
    });
    const activityId = await w.activity(w.aToken);
    await bind(created.id, [activityId]);
    const person = await viewer(activityId);
    const sent = await submit(activityId, person.cookie, { name: '赵六', phone: person.mobile, org: '演播科技' });
    expect(sent.status, sent.text).toBe(200);
    const found = await w.call('GET', `/v3/user/search?mobile=${person.mobile}`, { token: w.aToken });
    expect(found.body.items[0].info).toMatchObject({ company: '演播科技' });
    await w.call('POST', `/v3/agent/${w.a.id}/user_extra_conf`, { token: w.aToken, body: { fields: [] } });
  });

  it('lets whitelist mobiles in without the form, lists and deletes them by record id', async () => {
    const created = await form();
    const activityId = await w.activity(w.aToken);
    await bind(created.id, [activityId]);
    const mobile = nextMobile();
    const listed = await w.call('POST', `/v3/registration/${created.id}/review`, {
      token: w.aToken,
      body: { mobiles: [mobile], status: 'approved' },
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items[0]).toMatchObject({ mobile, status: 'approved', source: 'whitelist', activityId: null });
    const whitelisted = await w.call('POST', `/v3/registration/${created.id}/review`, {
      token: w.aToken,
      body: { mobiles: [mobile], status: 'rejected', reason: 'x' },
    });
    expect(whitelisted.status).toBe(400);

    const person = await viewer(activityId, mobile);
    expect((await w.call('GET', `/watch/${activityId}`, { headers: { cookie: person.cookie } })).body).toMatchObject({
      registrationGate: 'open',
    });
    const records = await w.call('GET', `/v3/registration/record?registrationId=${created.id}&mobile=${mobile}`, {
      token: w.aToken,
    });
    expect(records.body.items).toHaveLength(1);
    const recordId = records.body.items[0].id;
    expectError(
      await w.call('DELETE', `/v3/registration/record/${recordId}`, { token: w.bToken }),
      404,
      REGISTRATION_ERRORS.recordNotFound,
    );
    expect((await w.call('DELETE', `/v3/registration/record/${recordId}`, { token: w.aToken })).body).toEqual({
      ok: true,
    });
    expect((await w.call('GET', `/watch/${activityId}`, { headers: { cookie: person.cookie } })).body).toMatchObject({
      registrationGate: 'form',
      playback: null,
    });
  });

  it('lets a form without review in at once, and one without a mobile knows the browser', async () => {
    const created = await form(w.aToken, { fields: [FIELDS[0]], config: { needsReview: false } });
    const activityId = await w.activity(w.aToken);
    await bind(created.id, [activityId]);
    const visit = await w.call('POST', `/watch/${activityId}/visit`, { body: {} });
    const browser = cookieOf(visit, VIEWER_COOKIE);
    expect((await submit(activityId, browser, { name: '李四' })).body.gate).toBe('open');
    expect((await w.call('GET', `/watch/${activityId}`, { headers: { cookie: browser } })).body.registrationGate).toBe(
      'open',
    );
    // Another browser is someone else.
    const stranger = cookieOf(await w.call('POST', `/watch/${activityId}/visit`, { body: {} }), VIEWER_COOKIE);
    expect((await w.call('GET', `/watch/${activityId}`, { headers: { cookie: stranger } })).body.registrationGate).toBe(
      'form',
    );
    // No cookie at all: nobody to record.
    expect((await submit(activityId, '', { name: '王五' })).status).toBe(404);
    // A closed form takes no new records.
    await w.call('PUT', `/v3/registration/${created.id}/hash/0`, { token: w.aToken, body: { closed: true } });
    expectError(await submit(activityId, stranger, { name: '王五' }), 400, REGISTRATION_ERRORS.closed);
    // An unbound activity has no form to submit.
    const plain = await w.activity(w.aToken);
    expectError(await submit(plain, stranger, { name: '王五' }), 404, REGISTRATION_ERRORS.noForm);
    expect((await w.call('GET', `/watch/${plain}/registration`)).body).toEqual({
      form: null,
      gate: 'open',
      reason: '',
    });
  });

  it('collects a form application on the watch page without holding the stream', async () => {
    const application = await form(w.aToken, {
      kind: 'form',
      name: '满意度调查',
      fields: [{ key: 'score', label: '评分', type: 'select', options: ['满意', '一般'], required: true }],
      config: { needsReview: true },
    });
    const activityId = await w.activity(w.aToken);
    await bind(application.id, [activityId]);
    const browser = cookieOf(await w.call('POST', `/watch/${activityId}/visit`, { body: {} }), VIEWER_COOKIE);
    expect((await w.call('GET', `/watch/${activityId}`, { headers: { cookie: browser } })).body.registrationGate).toBe(
      'open',
    );
    const asked = await w.call('GET', `/watch/${activityId}/registration?kind=form`, { headers: { cookie: browser } });
    expect(asked.body).toMatchObject({ gate: 'form', form: { kind: 'form', name: '满意度调查' } });
    const wrong = await w.call('POST', `/watch/${activityId}/registration`, {
      body: { kind: 'form', answers: { score: '很差' } },
      headers: { cookie: browser },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('answers.score');
    const sent = await w.call('POST', `/watch/${activityId}/registration`, {
      body: { kind: 'form', answers: { score: '满意' } },
      headers: { cookie: browser },
    });
    // A form application needs no review, whatever its config says: the answer is taken as it is.
    expect(sent.body.gate).toBe('open');
    const data = await w.call('GET', `/v3/registration/record?registrationId=${application.id}`, { token: w.aToken });
    expect(data.body.items).toMatchObject([{ answers: { score: '满意' }, status: 'approved', mobile: null }]);
    // The registration's own call on the activity knows nothing of it.
    expect((await w.call('GET', `/v3/activity/${activityId}/registration`, { token: w.aToken })).body).toEqual({
      registration: null,
    });
  });

  it('takes a file attached for the form’s file field, and only one of this activity’s', async () => {
    const created = await form(w.aToken, {
      fields: [{ key: 'photo', label: '证件照', type: 'file', required: true }],
      config: { needsReview: false },
    });
    const activityId = await w.activity(w.aToken);
    const browser = cookieOf(await w.call('POST', `/watch/${activityId}/visit`, { body: {} }), VIEWER_COOKIE);
    const attach = (file: { name: string; type: string; data: Buffer }, id = activityId) =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/watch/${id}/registration/file`,
        ...multipart(file),
        remoteAddress: nextIp(),
      });
    // No form bound: nothing to attach to.
    expect((await attach({ name: 'a.png', type: 'image/png', data: PNG })).statusCode).toBe(404);
    await bind(created.id, [activityId]);
    const stored = await attach({ name: 'a.png', type: 'image/png', data: PNG });
    expect(stored.statusCode, stored.body).toBe(200);
    const { url } = stored.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/files/activity/${activityId}/registration/.+\\.png$`));
    // A picture that is not one, and a type not taken, are refused naming the file.
    const fake = await attach({ name: 'a.png', type: 'image/png', data: Buffer.from('not a picture at all') });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().field).toBe('file');
    expect((await attach({ name: 'a.txt', type: 'text/plain', data: Buffer.from('x') })).statusCode).toBe(400);
    expect((await w.call('POST', `/watch/${activityId}/registration/file`, { body: {} })).status).toBe(400);

    const elsewhere = await submit(activityId, browser, { photo: '/files/agent/1/files/other.png' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toContain('answers.photo');
    const sent = await submit(activityId, browser, { photo: url });
    expect(sent.status, sent.text).toBe(200);
    const records = await w.call('GET', `/v3/registration/record?registrationId=${created.id}`, { token: w.aToken });
    expect(records.body.items[0].answers).toEqual({ photo: url });
  });

  it('bounds the submissions one address sends', async () => {
    const created = await form(w.aToken, { fields: [FIELDS[0]], config: { needsReview: false } });
    const activityId = await w.activity(w.aToken);
    await bind(created.id, [activityId]);
    const ip = nextIp();
    const browser = cookieOf(await w.call('POST', `/watch/${activityId}/visit`, { body: {}, ip }), VIEWER_COOKIE);
    const send = () =>
      w.call('POST', `/watch/${activityId}/registration`, {
        body: { answers: { name: '李四' } },
        headers: { cookie: browser },
        ip,
      });
    for (let i = 0; i < 60; i += 1) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(REGISTRATION_ERRORS.submitLimit);
    expect(refused.headers['retry-after']).toBeTruthy();
    // Another address is not held back.
    expect((await submit(activityId, browser, { name: '李四' })).status).toBe(200);
  });

  it('keeps forms to their agent and a sub-account to its own forms and activities', async () => {
    const created = await form();
    const bActivity = await w.activity(w.bToken);
    const aActivity = await w.activity(w.aToken);
    const notFound = (response: CallResult) => expectError(response, 404, REGISTRATION_ERRORS.registrationNotFound);
    notFound(await w.call('GET', `/v3/registration/${created.id}`, { token: w.bToken }));
    notFound(await w.call('PATCH', `/v3/registration/${created.id}`, { token: w.bToken, body: { name: 'x' } }));
    notFound(await w.call('DELETE', `/v3/registration/${created.id}`, { token: w.bToken }));
    notFound(await w.call('POST', `/v3/registration/${created.id}/duplicate`, { token: w.bToken }));
    notFound(await w.call('GET', `/v3/registration/${created.id}/bindings`, { token: w.bToken }));
    notFound(await w.call('GET', `/v3/registration/${created.id}/hash/0`, { token: w.bToken }));
    notFound(await w.call('PUT', `/v3/registration/${created.id}/hash/0`, { token: w.bToken, body: {} }));
    notFound(await w.call('GET', `/v3/registration/record?registrationId=${created.id}`, { token: w.bToken }));
    notFound(
      await w.call('POST', `/v3/registration/${created.id}/review`, {
        token: w.bToken,
        body: { mobiles: [nextMobile()], status: 'approved' },
      }),
    );
    // Another agent's activity, bound to one's own form: 404 Activity Not Found, nothing bound.
    expectError(await bind(created.id, [bActivity]), 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await w.call('GET', `/v3/activity/${aActivity}/registration`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await w.call('GET', `/activity/${aActivity}/registration/download`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    // A sub-account sees its own forms only, and binds only its own activities.
    notFound(await w.call('GET', `/v3/registration/${created.id}`, { token: w.subToken }));
    const own = await form(w.subToken, { name: '子账号报名' });
    expect((await w.call('GET', `/v3/registration/${own.id}`, { token: w.aToken })).status).toBe(200);
    expectError(await bind(own.id, [aActivity], w.subToken), 404, ERROR_MESSAGES.activityNotFound);
    expect((await bind(own.id, [w.subActivityId], w.subToken)).status).toBe(200);
    const subList = await w.call('GET', '/v3/registration', { token: w.subToken });
    expect(subList.body.items.map((item: Registration) => item.id)).toEqual([own.id]);
    // A record of another agent's form is not found either way.
    expectError(
      await w.call('DELETE', '/v3/registration/record/999999', { token: w.aToken }),
      404,
      REGISTRATION_ERRORS.recordNotFound,
    );
  });
});

import { ERROR_MESSAGES, EXTENSION_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

describe.each(engines)('extensions on %s', (engine) => {
  const w = useWorld(engine);

  it('answers each known extension’s defaults, disabled, with its actions', async () => {
    const id = await w.activity(w.aToken);
    const lottery = await w.call('GET', `/v3/activity/${id}/extension/lottery`, { token: w.aToken });
    expect(lottery.body).toEqual({
      identity: 'lottery',
      activityId: id,
      enabled: false,
      settings: {
        title: '',
        prizeName: '',
        winnerCount: 1,
        allowRepeatWinners: false,
        requireMobile: false,
        rule: 'online',
      },
      actions: ['enable', 'disable', 'reset'],
      updatedAt: null,
    });
    const signIn = await w.call('GET', `/v3/activity/${id}/extension/sign-in`, { token: w.aToken });
    expect(signIn.body.settings).toEqual({ title: '', durationSeconds: 60, requireMobile: false });
    const questionnaire = await w.call('GET', `/v3/activity/${id}/extension/questionnaire`, { token: w.aToken });
    expect(questionnaire.body.settings).toEqual({ title: '', questions: [], isAnonymous: false });
    expectError(
      await w.call('GET', `/v3/activity/${id}/extension/karaoke`, { token: w.aToken }),
      404,
      EXTENSION_ERRORS.extensionNotFound,
    );
  });

  it('saves settings merged with what is stored, checked by the extension’s schema', async () => {
    const id = await w.activity(w.aToken);
    const url = `/v3/activity/${id}/extension/lottery`;
    const saved = await w.call('POST', url, { token: w.aToken, body: { prizeName: '耳机', winnerCount: 3 } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings).toMatchObject({ prizeName: '耳机', winnerCount: 3, allowRepeatWinners: false });
    expect(saved.body.updatedAt).not.toBeNull();
    const more = await w.call('POST', url, { token: w.aToken, body: { requireMobile: true } });
    expect(more.body.settings).toMatchObject({ prizeName: '耳机', winnerCount: 3, requireMobile: true });
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual(more.body);

    const badCases: [unknown, string, string][] = [
      [{ winnerCount: 0 }, 'winnerCount', 'winnerCount: Too small: expected number to be >=1'],
      [{ winnerCount: 'many' }, 'winnerCount', 'winnerCount: Invalid input: expected number, received string'],
      [{ jackpot: 1 }, 'jackpot', 'jackpot: Unknown field'],
    ];
    for (const [body, field, message] of badCases) {
      expectError(await w.call('POST', url, { token: w.aToken, body }), 400, message, {
        code: 'VALIDATION_FAILED',
        field,
      });
    }
    const questions = await w.call('POST', `/v3/activity/${id}/extension/questionnaire`, {
      token: w.aToken,
      body: {
        questions: [
          { title: '满意吗', type: 'single', options: ['是', '否'] },
          { title: '', type: 'text' },
        ],
      },
    });
    expect(questions.status).toBe(400);
    expect(questions.body.field).toBe('questions.1.title');
    expect((await w.call('POST', url, { token: w.aToken, body: [1] })).status).toBe(400);
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual(more.body);
    expectError(
      await w.call('POST', `/v3/activity/${id}/extension/karaoke`, { token: w.aToken, body: {} }),
      404,
      EXTENSION_ERRORS.extensionNotFound,
    );
  });

  it('runs declared actions: enable, disable, reset; unknown actions and extensions 404', async () => {
    const id = await w.activity(w.aToken);
    const base = `/v3/activity/${id}/extension/sign-in`;
    await w.call('POST', base, { token: w.aToken, body: { durationSeconds: 120 } });
    const enabled = await w.call('POST', `${base}/enable`, { token: w.aToken });
    expect(enabled.body).toMatchObject({ enabled: true, settings: { durationSeconds: 120 } });
    // Saving settings keeps it enabled.
    expect((await w.call('POST', base, { token: w.aToken, body: { title: '签到' } })).body.enabled).toBe(true);
    const disabled = await w.call('POST', `${base}/disable`, { token: w.aToken });
    expect(disabled.body).toMatchObject({ enabled: false, settings: { durationSeconds: 120, title: '签到' } });
    await w.call('POST', `${base}/enable`, { token: w.aToken });
    const reset = await w.call('POST', `${base}/reset`, { token: w.aToken });
    expect(reset.body).toMatchObject({
      enabled: false,
      settings: { title: '', durationSeconds: 60, requireMobile: false },
    });
    expectError(await w.call('POST', `${base}/explode`, { token: w.aToken }), 404, EXTENSION_ERRORS.actionNotFound);
    expectError(
      await w.call('POST', `/v3/activity/${id}/extension/karaoke/enable`, { token: w.aToken }),
      404,
      EXTENSION_ERRORS.extensionNotFound,
    );
    // Each activity keeps its own settings.
    const other = await w.activity(w.aToken);
    expect((await w.call('GET', `/v3/activity/${other}/extension/sign-in`, { token: w.aToken })).body.updatedAt).toBe(
      null,
    );
  });

  it('serves the same settings through the extension proxy path', async () => {
    const id = await w.activity(w.aToken);
    const proxy = `/ext-proxy/questionnaire/activity/${id}/setting`;
    const saved = await w.call('POST', proxy, { token: w.aToken, body: { title: '满意度调查', isAnonymous: true } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings).toMatchObject({ title: '满意度调查', isAnonymous: true });
    expect((await w.call('GET', `/v3/activity/${id}/extension/questionnaire`, { token: w.aToken })).body).toEqual(
      saved.body,
    );
    expect((await w.call('GET', proxy, { token: w.aToken })).body).toEqual(saved.body);
    expectError(
      await w.call('GET', `/ext-proxy/karaoke/activity/${id}/setting`, { token: w.aToken }),
      404,
      EXTENSION_ERRORS.extensionNotFound,
    );
    expect((await w.call('POST', proxy, { token: w.aToken, body: { isAnonymous: 'no' } })).body.field).toBe(
      'isAnonymous',
    );
  });

  it('another agent, a sub-account outside its activities, or a missing id: 404 on every call, nothing changed', async () => {
    const id = await w.activity(w.aToken);
    await w.call('POST', `/v3/activity/${id}/extension/lottery`, { token: w.aToken, body: { prizeName: '奖品' } });
    const before = await w.t.ctx.db.selectFrom('activityExtensions').selectAll().where('activityId', '=', id).execute();
    const calls = (target: number): ['GET' | 'POST', string, unknown?][] => [
      ['GET', `/v3/activity/${target}/extension/lottery`],
      ['POST', `/v3/activity/${target}/extension/lottery`, { prizeName: 'hacked' }],
      ['POST', `/v3/activity/${target}/extension/lottery/enable`],
      ['POST', `/v3/activity/${target}/extension/lottery/reset`],
      ['GET', `/ext-proxy/lottery/activity/${target}/setting`],
      ['POST', `/ext-proxy/lottery/activity/${target}/setting`, { prizeName: 'hacked' }],
      // The activity is checked before the extension: nothing tells a stranger which extensions exist there.
      ['GET', `/v3/activity/${target}/extension/karaoke`],
    ];
    for (const [token, target] of [
      [w.bToken, id],
      [w.subToken, id],
      [w.aToken, 2_000_000_000],
    ] as const) {
      for (const [method, url, body] of calls(target)) {
        expectError(await w.call(method, url, { token, body }), 404, ERROR_MESSAGES.activityNotFound);
      }
    }
    expect(
      await w.t.ctx.db.selectFrom('activityExtensions').selectAll().where('activityId', '=', id).execute(),
    ).toEqual(before);
    expect(
      (await w.call('GET', `/v3/activity/${w.subActivityId}/extension/lottery`, { token: w.subToken })).status,
    ).toBe(200);
    expect((await w.call('GET', `/v3/activity/${id}/extension/lottery`)).status).toBe(401);
    expect((await w.call('GET', `/v3/activity/x/extension/lottery`, { token: w.aToken })).body.field).toBe('id');
  });
});

import assert from 'node:assert/strict';
import { api, type Journey, journey, journeyMobile, openPhone, signInOnPhone } from '../harness.ts';

// The board's 扩展应用 beside the watch page on a phone: the organiser writes a questionnaire (问卷) and switches it
// on, the phone hears it and answers it (a required question first refused on the page), and the console's results
// count the answer; the sign-in extension (签到) with 仅限手机号登录的观众 sets the check-in's length in 互动管理, and
// the phone is asked to sign in by SMS before it may check in.

export function extensionJourneys(j: Journey) {
  journey(
    'extensions: a questionnaire switched on reaches a phone, is answered and counted; a check-in for signed-in viewers asks the phone to sign in',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '新品发布会' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        introTabs: [{ title: '聊天室', key: 'chat', type: 'chatRoom' }],
      });

      const consolePage = await j.open(`/#access_token=${agent.token}`);
      await consolePage.goto(`/board/${id}/settings?tab=extensions`);
      const card = consolePage.getByTestId('extension-questionnaire');
      await card.getByText('尚未配置').waitFor();

      // 问卷: two questions written in the settings dialog, one single choice and required, one open text.
      await card.getByRole('button', { name: /配\s*置/ }).click();
      const dialog = consolePage.getByRole('dialog', { name: '配置问卷' });
      await dialog.getByLabel('标题').fill('会后满意度调查');
      await dialog.getByRole('button', { name: '添加问题' }).click();
      await dialog.getByPlaceholder('问题内容').first().fill('你对本场发布会满意吗？');
      await dialog.getByRole('switch', { name: '必答' }).first().click();
      const options = dialog.getByLabel('选项').first();
      for (const option of ['满意', '一般', '不满意']) {
        await options.click();
        await consolePage.keyboard.type(option);
        await consolePage.keyboard.press('Enter');
      }
      await dialog.getByRole('button', { name: '添加问题' }).click();
      await dialog.getByPlaceholder('问题内容').nth(1).fill('还想看到哪些产品？');
      await dialog.locator('.ant-card').nth(1).getByText('单选').click();
      await consolePage
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '问答' })
        .click();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await consolePage.getByText('配置成功').first().waitFor();

      const phone = await openPhone(j, `/watch/${id}`);
      await phone
        .getByTestId('chat-online')
        .getByText(/在线 \d+/)
        .waitFor();
      assert.equal(await phone.getByTestId('questionnaire-floating').count(), 0);

      // Switched on: the phone hears it at once and the questionnaire pops up.
      await card.getByRole('switch', { name: '问卷' }).click();
      await consolePage.getByText('设置成功').first().waitFor();
      await card.getByText('已开启').waitFor();
      const sheet = phone.getByTestId('questionnaire-sheet');
      await sheet.getByText('会后满意度调查').waitFor();
      await sheet.getByText('1. 你对本场发布会满意吗？').waitFor();
      await phone.getByTestId('questionnaire-floating').waitFor();
      // The required question is asked for before anything is sent.
      await sheet.getByRole('button', { name: '提交问卷' }).click();
      await sheet.getByText('请回答第 1 题').waitFor();
      await sheet.getByRole('button', { name: '满意', exact: true }).click();
      await sheet.getByRole('textbox').fill('希望看到新款耳机');
      await j.screenshot(phone, 'extensions-phone-questionnaire');
      await sheet.getByRole('button', { name: '提交问卷' }).click();
      await sheet.getByTestId('questionnaire-done').getByText('感谢参与，问卷已提交').waitFor();
      await j.screenshot(phone, 'extensions-phone-questionnaire-done');
      await sheet.getByRole('button', { name: '关闭' }).click();
      await phone.getByTestId('questionnaire-floating').waitFor({ state: 'detached' });

      // The console's results: one answer sheet, counted per option, the text answer listed.
      await card.getByRole('button', { name: '查看结果' }).click();
      const results = consolePage.getByTestId('questionnaire-results');
      await results.getByText('问卷结果：会后满意度调查').waitFor();
      const first = results.getByTestId('questionnaire-question-0');
      await first.getByText('1 人作答').waitFor();
      await first.getByTestId('questionnaire-option').filter({ hasText: /^满意/ }).getByText('1 票 · 100%').waitFor();
      await first.getByTestId('questionnaire-option').filter({ hasText: '不满意' }).getByText('0 票 · 0%').waitFor();
      await results.getByTestId('questionnaire-text-1').getByText('希望看到新款耳机').waitFor();
      await j.screenshot(consolePage, 'extensions-console-questionnaire-results');
      const tally = await api<{ respondents: number; questions: { counts: number[] }[] }>(
        j,
        agent.token,
        'GET',
        `/v3/activity/${id}/questionnaire/results`,
      );
      assert.equal(tally.respondents, 1);
      assert.deepEqual(tally.questions[0]?.counts, [1, 0, 0]);

      // 签到: the extension's five minutes and 仅限手机号登录的观众 become the check-in's rules.
      await api(j, agent.token, 'POST', `/v3/activity/${id}/extension/sign-in`, {
        title: '到场签到',
        durationSeconds: 300,
        requireMobile: true,
      });
      await api(j, agent.token, 'POST', `/v3/activity/${id}/extension/sign-in/enable`);
      await consolePage.goto(`/board/${id}/interactions?tab=checkins`);
      await consolePage
        .getByTestId('checkin-rules')
        .getByText(/仅限手机号登录的观众签到/)
        .waitFor();
      // The form starts from the extension's title and five minutes.
      await consolePage
        .locator('.ant-select')
        .filter({ has: consolePage.getByRole('combobox', { name: '签到时长' }) })
        .getByText('5 分钟', { exact: true })
        .waitFor();
      const title = await consolePage.getByLabel('签到标题').elementHandle();
      await consolePage.waitForFunction((input) => (input as HTMLInputElement).value === '到场签到', title);
      await consolePage.getByRole('button', { name: '发起签到' }).click();
      await consolePage.getByText('签到已发起').first().waitFor();
      const current = consolePage.getByTestId('checkin-current');
      await current.getByText('到场签到').waitFor();
      await current.getByText('仅限手机号登录的观众').waitFor();
      await current.getByText(/^0[45]:\d\d$/).waitFor();
      await j.screenshot(consolePage, 'extensions-console-checkin-rules');

      const checkin = phone.getByTestId('checkin-sheet');
      await checkin.getByText('到场签到').waitFor();
      await checkin
        .getByTestId('checkin-needs-mobile')
        .getByText(/仅限手机号登录的观众/)
        .waitFor();
      await j.screenshot(phone, 'extensions-phone-checkin-needs-mobile');
      await checkin.getByRole('button', { name: '手机号登录' }).click();
      const mobile = journeyMobile('135');
      await signInOnPhone(j, phone, mobile);
      // Signed in, the page reads itself again as that person: the check-in offers its button.
      await phone
        .getByTestId('watch-viewer')
        .getByText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`)
        .waitFor();
      await checkin.getByRole('button', { name: '签到', exact: true }).click();
      await checkin.getByTestId('checkin-done').waitFor();
      await consolePage.getByTestId('checkin-current').getByText('1', { exact: true }).waitFor();
    },
  );
}

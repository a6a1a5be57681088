import assert from 'node:assert/strict';
import { api, type Journey, journey, openPhone } from '../harness.ts';

// /board/:id/interactions beside the watch page on a phone: a vote published on the console reaches the viewer, who
// votes, and the console's results count the ballot; a check-in started reaches the viewer, who checks in, and the
// console's list names them; a question asked is answered on the console and the viewer sees the answer.

export function interactionJourneys(j: Journey) {
  journey(
    'interactions: a vote, a check-in and an answered question reach the viewer on a phone, and the console sees them',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '互动发布会' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        isVoteFloatingEnabled: true,
        isVoteBannerEnabled: true,
        isVoteChatboxEnabled: true,
        isVoteDisableClose: true,
        introTabs: [
          { title: '聊天室', key: 'chat', type: 'chatRoom' },
          { title: '问答', key: 'qa', type: 'question' },
        ],
      });

      const consolePage = await j.open(`/#access_token=${agent.token}`);
      await consolePage.goto(`/board/${id}`);
      await consolePage.getByRole('link', { name: /互动管理/ }).click();
      await consolePage.waitForURL(`**/board/${id}/interactions`);
      await consolePage.getByText('还没有投票，新建一个吧').waitFor();

      const phone = await openPhone(j, `/watch/${id}`);
      await phone.getByTestId('watch-page').waitFor();
      // In the chat room: the socket that brings the votes is joined.
      await phone
        .getByTestId('chat-online')
        .getByText(/在线 \d+/)
        .waitFor();

      // 投票: drafted and published on the console.
      await consolePage.getByRole('button', { name: '新建投票' }).click();
      const form = consolePage.getByRole('dialog', { name: '新建投票' });
      await form.getByTestId('vote-title').fill('你最想看哪款新品？');
      await form.getByTestId('vote-option-0').fill('手机');
      await form.getByTestId('vote-option-1').fill('耳机');
      await form.getByRole('button', { name: '添加选项' }).click();
      await form.getByTestId('vote-option-2').fill('手表');
      await form.getByRole('button', { name: /^保\s*存$/ }).click();
      await consolePage.getByText('投票已创建').first().waitFor();
      const row = consolePage.getByRole('row', { name: /你最想看哪款新品/ });
      await row.getByText('未发布').waitFor();
      await row.getByRole('button', { name: /^发\s*布$/ }).click();
      await consolePage.getByRole('button', { name: /^确\s*定$/ }).click();
      await consolePage.getByText('投票已发布').first().waitFor();
      await row.getByText('进行中').waitFor();

      // The viewer: the vote pops up and cannot be dismissed before voting; the banner and the chat box offer it too.
      const sheet = phone.getByTestId('vote-sheet');
      await sheet.getByText('你最想看哪款新品？').waitFor();
      await phone.getByTestId('vote-banner').waitFor();
      await phone.getByTestId('vote-floating').waitFor();
      assert.equal(await sheet.getByRole('button', { name: '关闭' }).count(), 0);
      await j.screenshot(phone, 'interactions-phone-vote');
      await sheet.getByRole('button', { name: '耳机' }).click();
      await sheet.getByRole('button', { name: '提交投票' }).click();
      await sheet.getByText('你已投票，当前结果').waitFor();
      await sheet.getByText(/耳机.*我的选择/).waitFor();
      await sheet.getByText('1 票 100%').waitFor();
      await j.screenshot(phone, 'interactions-phone-voted');

      // The console's results count the ballot.
      await row.getByText('1 票 · 100%').waitFor();
      await row.getByText('0 票 · 0%').first().waitFor();
      await j.screenshot(consolePage, 'interactions-console-vote');
      await sheet.getByRole('button', { name: '关闭' }).click();
      await phone.getByTestId('vote-chatbox').getByText('看结果').waitFor();

      // 签到: started on the console, taken on the phone, listed on the console.
      await consolePage.getByRole('tab', { name: '签到' }).click();
      await consolePage.getByRole('button', { name: '发起签到' }).click();
      await consolePage.getByText('签到已发起').first().waitFor();
      await consolePage.getByTestId('checkin-current').getByText('剩余时间').waitFor();
      const checkin = phone.getByTestId('checkin-sheet');
      await checkin.getByText(/签到剩余 \d+ 秒/).waitFor();
      await j.screenshot(phone, 'interactions-phone-checkin');
      await checkin.getByRole('button', { name: '签到', exact: true }).click();
      await checkin.getByTestId('checkin-done').waitFor();
      const users = consolePage.getByTestId('checkin-users');
      await users.getByText(/^观众\d{4}$/).waitFor();
      await consolePage.getByTestId('checkin-current').getByText('1', { exact: true }).waitFor();
      await j.screenshot(consolePage, 'interactions-console-checkin');
      await checkin.getByRole('button', { name: '关闭' }).click();

      // 问答: asked on the phone, answered on the console, the answer reaches the phone.
      await phone.getByRole('tab', { name: '问答' }).click();
      await phone.getByRole('textbox', { name: '向主播提问…' }).fill('新品什么时候开售？');
      await phone.getByRole('button', { name: '提问', exact: true }).click();
      await phone.getByText('提问成功，主播回答后会显示在这里').waitFor();
      await phone.getByTestId('question-item').getByText('等待主播回答').waitFor();

      await consolePage.getByRole('tab', { name: '问答' }).click();
      const question = consolePage.getByRole('row', { name: /新品什么时候开售/ });
      await question.getByText('未回答').waitFor();
      await question.getByRole('button', { name: /^回\s*答$/ }).click();
      const answer = consolePage.getByRole('dialog', { name: '回答问题' });
      await answer.getByTestId('answer-text').fill('下周一上午十点开售');
      await answer.getByRole('button', { name: '公开回答' }).click();
      await consolePage.getByText('已回答，观众可以看到了').first().waitFor();
      await question.getByText('下周一上午十点开售').waitFor();
      await answer.waitFor({ state: 'hidden' });
      await j.screenshot(consolePage, 'interactions-console-question');

      await phone.getByTestId('question-answer').getByText('下周一上午十点开售').waitFor();
      await j.screenshot(phone, 'interactions-phone-answer');
    },
  );
}

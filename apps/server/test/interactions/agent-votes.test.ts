import { INTERACTION_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

// The applications' 投票 screen (/application/vote) lists the agent's votes across its activities and opens one by
// its id; they are the board's votes, so a vote made from either place is the same row.

describe.each(engines)('the agent’s votes across activities on %s', (engine) => {
  const w = useWorld(engine);
  const createVote = async (token: string, activityId: number, title: string) => {
    const response = await w.call('POST', `/v3/activity/${activityId}/vote`, {
      token,
      body: { title, options: ['是', '否'] },
    });
    expect(response.status, response.text).toBe(200);
    return response.body as { id: number };
  };

  it('lists the votes of every activity of the agent, newest first, with their activity, filtered and paged', async () => {
    const [first, second] = [await w.activity(w.aToken, '早场'), await w.activity(w.aToken, '晚场')];
    const v1 = await createVote(w.aToken, first, '午饭吃什么');
    const v2 = await createVote(w.aToken, second, '下一首歌');
    const bAct = await w.activity(w.bToken);
    const bVote = await createVote(w.bToken, bAct, 'B 的投票');
    await w.call('PUT', `/v3/activity/${second}/vote/${v2.id}`, { token: w.aToken, body: { status: 'published' } });

    const all = await w.call('GET', '/v3/agent/vote', { token: w.aToken });
    expect(all.status, all.text).toBe(200);
    const ids = all.body.items.map((vote: { id: number }) => vote.id);
    expect(ids.slice(0, 2)).toEqual([v2.id, v1.id]);
    expect(ids).not.toContain(bVote.id);
    expect(all.body.items[0]).toMatchObject({
      title: '下一首歌',
      status: 'published',
      tally: [0, 0],
      activity: { id: second, name: '晚场' },
    });
    const ofFirst = await w.call('GET', `/v3/agent/vote?activityId=${first}`, { token: w.aToken });
    expect(ofFirst.body.items.map((vote: { id: number }) => vote.id)).toEqual([v1.id]);
    const published = await w.call('GET', '/v3/agent/vote?status=published&title=首歌', { token: w.aToken });
    expect(published.body.items.map((vote: { id: number }) => vote.id)).toEqual([v2.id]);
    const paged = await w.call('GET', '/v3/agent/vote?pageSize=1&page=2', { token: w.aToken });
    expect(paged.body.items.map((vote: { id: number }) => vote.id)).toEqual([v1.id]);
    // Another agent's activity filters to nothing.
    expect((await w.call('GET', `/v3/agent/vote?activityId=${bAct}`, { token: w.aToken })).body.items).toEqual([]);
    expect((await w.call('GET', '/v3/agent/vote?status=open', { token: w.aToken })).status).toBe(400);
  });

  it('reads one vote with its activity, and answers 404 for another agent’s and an unassigned activity’s', async () => {
    const activityId = await w.activity(w.aToken, '发布会');
    const vote = await createVote(w.aToken, activityId, '满意度');
    const got = await w.call('GET', `/v3/agent/vote/${vote.id}`, { token: w.aToken });
    expect(got.body).toMatchObject({ id: vote.id, title: '满意度', status: 'draft', activity: { id: activityId } });

    const bVote = await createVote(w.bToken, await w.activity(w.bToken), 'B');
    expectError(
      await w.call('GET', `/v3/agent/vote/${bVote.id}`, { token: w.aToken }),
      404,
      INTERACTION_ERRORS.voteNotFound,
    );
    // A's sub-account sees the votes of its own activity only.
    expectError(
      await w.call('GET', `/v3/agent/vote/${vote.id}`, { token: w.subToken }),
      404,
      INTERACTION_ERRORS.voteNotFound,
    );
    const own = await createVote(w.subToken, w.subActivityId, '子账号的');
    const subList = await w.call('GET', '/v3/agent/vote', { token: w.subToken });
    expect(subList.body.items.map((v: { id: number }) => v.id)).toEqual([own.id]);
  });
});

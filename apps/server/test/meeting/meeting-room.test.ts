import { ERROR_MESSAGES, MEETING_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { signToken } from '../../src/platform/signed-token.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

// Issue 8: 会议 → 加入会议 led to the console's 404. The join link (/meeting/{id}?token=…) opens a room page whose
// call, POST /api/meeting/{id}/room, checks the link's token and answers the meeting as it is.

describe.each(engines)('meeting room on %s', (engine) => {
  const w = useWorld(engine);

  const join = async (activityId: number, body?: object) => {
    const joined = await w.call('POST', `/v3/activity/${activityId}/meeting/join`, { token: w.aToken, body });
    expect(joined.status, joined.text).toBe(200);
    return joined.body as { token: string; url: string; meetingId: number };
  };
  const room = (activityId: number, token: string) =>
    w.call('POST', `/meeting/${activityId}/room`, { body: { token } });

  it('opens the room of the link’s meeting without a session: the activity, the state and who joined', async () => {
    const id = await w.activity(w.aToken, '季度发布会');
    const host = await join(id, { nickname: '主持人小王', role: 'host' });
    expect(host.url).toBe(`/meeting/${id}?token=${encodeURIComponent(host.token)}`);
    const guest = await join(id, { nickname: '嘉宾李老师', role: 'guest' });

    const seen = await room(id, guest.token);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.body).toMatchObject({
      activity: { id, name: '季度发布会' },
      meeting: { id: guest.meetingId, state: 'ongoing', endedAt: null },
      you: { nickname: '嘉宾李老师', role: 'guest' },
      participantCount: 2,
    });
    expect(seen.body.participants.map((p: { nickname: string }) => p.nickname)).toEqual(['主持人小王', '嘉宾李老师']);

    // Ended by the host: the same link now shows it ended.
    expect((await w.call('POST', `/activity/${id}/meeting/end`, { token: w.aToken })).status).toBe(200);
    const ended = await room(id, host.token);
    expect(ended.body.meeting.state).toBe('ended');
    expect(ended.body.meeting.endedAt).toEqual(expect.any(String));
  });

  it('refuses a forged, expired or another activity’s token alike, and a malformed body with 400', async () => {
    const id = await w.activity(w.aToken);
    const other = await w.activity(w.aToken);
    const { token, meetingId } = await join(id);
    const [body] = token.split('.');
    expectError(await room(id, `${body}.AAAA`), 403, MEETING_ERRORS.meetingLinkInvalid);
    expectError(await room(other, token), 403, MEETING_ERRORS.meetingLinkInvalid);
    const expired = signToken(
      w.t.ctx.secretKey,
      'meeting',
      { activityId: id, meetingId, participantId: 1, role: 'host' },
      -1000,
    ).token;
    expectError(await room(id, expired), 403, MEETING_ERRORS.meetingLinkInvalid);
    // A token made for another purpose (an upload policy, say) is no meeting link.
    const wrongPurpose = signToken(w.t.ctx.secretKey, 'upload', { activityId: id, meetingId }, 60_000).token;
    expectError(await room(id, wrongPurpose), 403, MEETING_ERRORS.meetingLinkInvalid);
    const empty = await w.call('POST', `/meeting/${id}/room`, { body: { token: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('token');
    expect((await w.call('POST', `/meeting/${id}/room`, { body: {} })).status).toBe(400);
  });

  it('answers 404 once the activity is gone, even with a valid link', async () => {
    const id = await w.activity(w.aToken);
    const { token } = await join(id);
    expect((await w.call('DELETE', `/activity/${id}`, { token: w.aToken })).status).toBe(200);
    expectError(await room(id, token), 404, ERROR_MESSAGES.activityNotFound);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { deliverComment, listenForComments, parseCommentEvent } from './comment-events';

const comment = {
  id: 7,
  text: '大家好',
  nickname: 'Alice',
  userId: 'viewer-0000000000000001',
  sid: 'sid-00000001',
  status: 'pending',
  isRobot: false,
  avatar: null,
  isPinned: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('the comment event', () => {
  it('reads what the server publishes, and nothing else', () => {
    const data = JSON.stringify({ type: 'comment', activityId: 3, subagentId: null, comment });
    expect(parseCommentEvent(data)).toEqual({ activityId: 3, comment });
    expect(parseCommentEvent('{"activityId":3}')).toBeNull();
    expect(parseCommentEvent('not json')).toBeNull();
  });

  it('reaches the listeners of its activity only, until they stop listening', () => {
    const mine = vi.fn();
    const other = vi.fn();
    const stop = listenForComments({ activityId: 3, onComment: mine, onResync: () => {} });
    listenForComments({ activityId: 4, onComment: other, onResync: () => {} });
    deliverComment(JSON.stringify({ type: 'comment', activityId: 3, subagentId: null, comment }));
    expect(mine).toHaveBeenCalledWith(comment);
    expect(other).not.toHaveBeenCalled();
    stop();
    deliverComment(JSON.stringify({ type: 'comment', activityId: 3, subagentId: null, comment }));
    expect(mine).toHaveBeenCalledTimes(1);
  });
});

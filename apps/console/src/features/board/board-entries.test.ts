import { describe, expect, it } from 'vitest';
import { boardTexts } from '../../locales/zh-CN/board';
import { BOARD_ENTRIES, boardEntryPath } from './board-rules';

describe('the board tiles', () => {
  it('lead to every screen of the activity that is built, and the rest stay 即将开放', () => {
    const targets = Object.fromEntries(BOARD_ENTRIES.map((entry) => [entry.key, boardEntryPath(entry.route, 7)]));
    expect(targets).toEqual({
      settings: '/board/7/settings',
      liveConfig: '/board/7/live',
      template: '/board/7/template',
      stats: '/stats/7',
      comments: '/board/7/comments',
      liveOps: '/board/7/live-ops',
      interactions: '/board/7/interactions',
      rewards: '/board/7/rewards',
      audience: null,
      exports: null,
      products: null,
      registration: null,
    });
  });

  it('describe only what their screens do: live configuration promises no comments or check mode', () => {
    const liveConfig = boardTexts['board.entry.liveConfig.desc'];
    expect(liveConfig).not.toMatch(/评论|审核/);
    expect(liveConfig).toMatch(/媒体/);
  });
});

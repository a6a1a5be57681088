import { describe, expect, it } from 'vitest';
import { buildUrl, loginPath } from './http';

describe('buildUrl', () => {
  it('puts the path under /api once', () => {
    expect(buildUrl('/agent/me')).toBe('/api/agent/me');
    expect(buildUrl('/api/agent/me')).toBe('/api/agent/me');
  });

  it('drops empty-string, null and undefined query values (seed 000 §5) but keeps 0 and false', () => {
    expect(
      buildUrl('/agent/agent', {
        page: 1,
        pageSize: 10,
        content: '',
        status: null,
        coopLevel: undefined,
        x: 0,
        y: false,
      }),
    ).toBe('/api/agent/agent?page=1&pageSize=10&x=0&y=false');
  });

  it('leaves out the question mark when nothing is left', () => {
    expect(buildUrl('/activity', { name: '', status: null })).toBe('/api/activity');
  });

  it('encodes values', () => {
    expect(buildUrl('/activity', { name: '直播 & 会' })).toBe(
      `/api/activity?name=${encodeURIComponent('直播 & 会').replaceAll('%20', '+')}`,
    );
  });
});

describe('loginPath', () => {
  it('carries where the user was, except the home page', () => {
    expect(loginPath('/board/3?tab=1')).toBe('/login?returnUrl=%2Fboard%2F3%3Ftab%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath()).toBe('/login');
  });
});

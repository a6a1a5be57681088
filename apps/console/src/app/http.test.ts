import { describe, expect, it } from 'vitest';
import { ApiError, buildUrl, errorText, loginPath } from './http';

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

describe('errorText', () => {
  it('says why an upload was refused in Chinese, not the general 提交的信息有误', async () => {
    const refused = (message: string) => new ApiError(400, message, 'VALIDATION_FAILED', 'file');
    expect(await errorText(refused('file: File is not an image'))).toBe('文件不是有效的图片，请重新选择图片上传');
    expect(await errorText(refused('file: File type image/gif is not accepted'))).toBe(
      '不支持该文件类型（image/gif），请重新选择',
    );
  });
});

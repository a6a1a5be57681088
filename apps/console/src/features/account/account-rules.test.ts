import { ERROR_MESSAGES } from '@yanbo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/http';
import { reportSignup } from './report-signup';
import { safeReturnUrl } from './return-url';
import { smsLoginErrorText } from './sms-login-error';

describe('SMS-login error texts (seed 001 §8)', () => {
  it('maps the two known answers and everything else to one message', () => {
    expect(smsLoginErrorText(new ApiError(400, ERROR_MESSAGES.verificationCode))).toBe('验证码输入错误');
    expect(smsLoginErrorText(new ApiError(404, ERROR_MESSAGES.agentNotFound))).toBe('该手机未注册 请先注册');
    expect(smsLoginErrorText(new ApiError(400, 'mobile: Invalid mobile number'))).toBe('手机号或验证码输入错误');
    expect(smsLoginErrorText(new ApiError(404, 'Not Found'))).toBe('手机号或验证码输入错误');
    expect(smsLoginErrorText(new Error('network'))).toBe('手机号或验证码输入错误');
  });
});

describe('the target after signing in', () => {
  it('keeps paths of this site and sends everything else to the root page', () => {
    expect(safeReturnUrl('/user')).toBe('/user');
    expect(safeReturnUrl('/board/12?tab=stats')).toBe('/board/12?tab=stats');
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
    expect(safeReturnUrl('https://evil.example/')).toBe('/');
    expect(safeReturnUrl('//evil.example/')).toBe('/');
    expect(safeReturnUrl('/\\evil.example')).toBe('/');
    expect(safeReturnUrl('/login?returnUrl=/x')).toBe('/');
  });
});

describe('the sign-up analytics callback', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 1000 ms', async () => {
    vi.useFakeTimers();
    let settled = false;
    const never = () => new Promise(() => {});
    const done = reportSignup({ agentId: 1 }, never).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(settled).toBe(true);
  });

  it('reports the console type, enduser by default, and ignores a failing tracker', async () => {
    const sent: string[] = [];
    await reportSignup({ agentId: 7 }, async (body) => {
      sent.push(body);
    });
    expect(JSON.parse(sent[0] as string)).toEqual({ event: 'signup', type: 'enduser', agentId: 7 });
    await expect(reportSignup({ agentId: 7 }, () => Promise.reject(new Error('down')))).resolves.toBeUndefined();
  });
});

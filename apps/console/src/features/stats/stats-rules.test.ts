import { describe, expect, it } from 'vitest';
import { ditchLabel, formatDuration, hostLabel, shareOf } from './stats-rules';

describe('statistics display rules', () => {
  it('writes durations with the parts that are not zero', () => {
    expect(formatDuration(0)).toBe('0 秒');
    expect(formatDuration(30)).toBe('30 秒');
    expect(formatDuration(3600)).toBe('1 小时');
    expect(formatDuration(3725)).toBe('1 小时 2 分 5 秒');
  });

  it('shows shares with one decimal, and nothing of nothing as 0.0%', () => {
    expect(shareOf(2, 3)).toBe('66.7%');
    expect(shareOf(3, 3)).toBe('100.0%');
    expect(shareOf(0, 0)).toBe('0.0%');
  });

  it('names ditches and hosts: no ditch, a deleted ditch by its sign, and direct visits', () => {
    expect(ditchLabel({ sign: 'abc', name: '朋友圈' })).toBe('朋友圈');
    expect(ditchLabel({ sign: 'abc', name: null })).toBe('已删除的渠道（abc）');
    expect(ditchLabel({ sign: null, name: null })).toBe('未通过渠道');
    expect(hostLabel('')).toBe('直接访问');
    expect(hostLabel('mp.weixin.qq.com')).toBe('mp.weixin.qq.com');
  });
});

import { describe, expect, it } from 'vitest';
import { bytesText, currentMonth, secondsText, yuan } from './finance-views-rules';

describe('finance view figures', () => {
  it('writes fen as yuan, signed when asked', () => {
    expect(yuan(12345)).toBe('123.45');
    expect(yuan(-5)).toBe('-0.05');
    expect(yuan(100, true)).toBe('+1.00');
    expect(yuan(-250, true)).toBe('-2.50');
  });
  it('writes bytes and seconds in the unit that reads best', () => {
    expect(bytesText(512)).toBe('512 B');
    expect(bytesText(1536)).toBe('1.50 KB');
    expect(bytesText(-3 * 1024 ** 3)).toBe('-3.00 GB');
    expect(secondsText(0)).toBe('0 秒');
    expect(secondsText(3725)).toBe('1 小时 2 分 5 秒');
    expect(secondsText(3600)).toBe('1 小时');
  });
  it('takes the month in Beijing time', () => {
    expect(currentMonth(new Date('2026-03-31T16:30:00Z'))).toBe('2026-04');
    expect(currentMonth(new Date('2026-03-31T15:30:00Z'))).toBe('2026-03');
  });
});

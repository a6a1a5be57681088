import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/features/sensitive-words/index.ts';

describe('the sensitive word matcher', () => {
  it('takes the stronger action for a word two lists share, whatever their order', () => {
    const lists = [
      { id: 1, words: ['刷单'], action: 'mask' as const },
      { id: 2, words: ['刷单'], action: 'reject' as const },
    ];
    for (const order of [lists, [...lists].reverse()]) {
      const result = compileMatcher(order).check('找我刷单');
      expect(result.verdict).toBe('reject');
      expect(result.matches).toEqual([{ word: '刷单', start: 2, end: 4, listId: 2, action: 'reject' }]);
    }
  });

  it('prefers the longest word at a place and does not overlap matches', () => {
    const result = compileMatcher([{ id: 1, words: ['微信', '加微信号', '信号'], action: 'mask' }]).check(
      '请加微信号联系',
    );
    expect(result.matches.map((m) => m.word)).toEqual(['加微信号']);
    expect(result.masked).toBe('请****联系');
  });

  it('masks a character outside the basic plane with one asterisk and keeps UTF-16 offsets', () => {
    const result = compileMatcher([{ id: 1, words: ['🐶狗'], action: 'mask' }]).check('你这🐶狗！');
    expect(result.matches[0]).toMatchObject({ start: 2, end: 5 });
    expect(result.masked).toBe('你这**！');
  });

  it('passes everything when there are no words', () => {
    expect(compileMatcher([]).check('随便说')).toEqual({ matches: [], verdict: 'pass', masked: '随便说' });
  });
});

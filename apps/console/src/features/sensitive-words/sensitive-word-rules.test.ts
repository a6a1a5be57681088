import { describe, expect, it } from 'vitest';
import { formatWords, parseWords, segmentsOf } from './sensitive-word-rules';

describe('parseWords', () => {
  it('splits on new lines, commas of either width, 、 and semicolons, trims and drops blanks and repeats', () => {
    expect(parseWords(' 加微信 \n代购，刷单、返利;VX\n\nvx,ＶＸ')).toEqual(['加微信', '代购', '刷单', '返利', 'VX']);
  });

  it('round-trips through the box', () => {
    expect(parseWords(formatWords(['甲', '乙']))).toEqual(['甲', '乙']);
  });
});

describe('segmentsOf', () => {
  it('cuts a text into plain and matched runs in order', () => {
    const match = (start: number, end: number) => ({ word: 'x', start, end, listId: 1, action: 'mask' as const });
    expect(segmentsOf('快来加微信买代购', [match(6, 8), match(2, 5)]).map((s) => [s.text, Boolean(s.match)])).toEqual([
      ['快来', false],
      ['加微信', true],
      ['买', false],
      ['代购', true],
    ]);
    expect(segmentsOf('没有', [])).toEqual([{ text: '没有' }]);
  });
});

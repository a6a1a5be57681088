import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/platform/csv.ts';

// The downloads' CSV cells (orders, top gifts, questionnaire answers): a row stays a row, and a spreadsheet opening the
// file runs nothing a viewer or an agent typed.
describe('csvCell', () => {
  it('keeps plain text and numbers as they are', () => {
    expect(csvCell('演讲；抽奖')).toBe('演讲；抽奖');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('quotes what would break the row', () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('第一行\n第二行')).toBe('"第一行\n第二行"');
  });

  it('keeps what a spreadsheet would run as a formula as text, a viewer id starting with - included', () => {
    for (const text of ['=SUM(A1)', '+1', '-w4KHibSmcjCaLxtH4fSdA', '@cmd', '\tx'])
      expect(csvCell(text)).toBe(`'${text}`);
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });
});

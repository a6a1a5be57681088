import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from '../../src/features/watch/html-sanitiser.ts';

describe('rich text sanitiser', () => {
  it('keeps formatting, links, pictures and tables', () => {
    const html =
      '<h2 style="text-align: center; color: #1677ff">议程</h2><p><strong>粗体</strong> <em>斜体</em> <u>下划线</u></p>' +
      '<ul><li>一</li></ul><img src="https://cdn.example.com/a.png" alt="图" width="300">' +
      '<table><tr><td colspan="2">格</td></tr></table><img src="/files/activity/1/a.png">';
    expect(sanitiseHtml(html)).toBe(
      '<h2 style="text-align:center;color:#1677ff">议程</h2><p><strong>粗体</strong> <em>斜体</em> <u>下划线</u></p>' +
        '<ul><li>一</li></ul><img src="https://cdn.example.com/a.png" alt="图" width="300" />' +
        '<table><tr><td colspan="2">格</td></tr></table><img src="/files/activity/1/a.png" />',
    );
  });

  it('drops scripts, event handlers, frames, forms and styles that could run code', () => {
    const html =
      '<p onclick="steal()" onmouseover="x()">文字</p><script>alert(1)</script><iframe src="https://evil"></iframe>' +
      '<form action="/x"><input name="a"></form><style>body{display:none}</style>' +
      '<img src=x onerror="alert(1)"><svg onload="alert(1)"></svg>' +
      '<p style="background-image: url(javascript:alert(1)); color: red">红</p>';
    const clean = sanitiseHtml(html);
    expect(clean).toBe('<p>文字</p><img src="x" /><p style="color:red">红</p>');
    expect(clean).not.toMatch(/script|onerror|onclick|onload|iframe|form|javascript/i);
  });

  it('refuses javascript: and data: addresses and makes links open safely outside', () => {
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitiseHtml('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).not.toContain('alert');
    expect(sanitiseHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img />');
    expect(sanitiseHtml('<a href="https://example.com" target="_self">站点</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">站点</a>',
    );
  });
});

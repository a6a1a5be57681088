import { describe, expect, it } from 'vitest';
import { escapeHtml, safeHref } from '../src/index.ts';

describe('escaping and link filtering', () => {
  it('escapes the five characters that could leave text or an attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('keeps http(s) addresses and paths of this site', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref(' http://example.com ')).toBe('http://example.com');
    expect(safeHref('/watch/12')).toBe('/watch/12');
  });

  it('drops every other scheme, protocol-relative and malformed addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'mailto:a@b.c',
      '//evil.example/x',
      '/\\evil.example',
      'https://',
      'watch/12',
      'https://a.b/x y',
      `https://a.b/${'x'.repeat(2001)}`,
      42,
      null,
    ]) {
      expect(safeHref(bad), String(bad)).toBeNull();
    }
  });
});

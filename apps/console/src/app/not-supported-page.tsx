import { appTexts } from '../locales/zh-CN/app';

// Plain markup and inline styles only: this page is for browsers that can't run the console's styling (antd's
// theme needs CSS variables), so it must not depend on it.

const link = { color: '#1677ff', marginRight: 16 };

export function NotSupportedPage() {
  return (
    <main style={{ maxWidth: 560, margin: '15vh auto 0', padding: 24, fontFamily: 'sans-serif', color: '#333' }}>
      <h1 style={{ fontSize: 24, color: '#1677ff' }}>{appTexts.notSupportedTitle}</h1>
      <p style={{ lineHeight: 1.8 }}>{appTexts.notSupportedBody}</p>
      <p style={{ lineHeight: 1.8 }}>{appTexts.notSupportedAdvice}</p>
      <p>
        <a style={link} href="https://www.google.cn/chrome/">
          {appTexts.downloadChrome}
        </a>
        <a style={link} href="https://www.microsoft.com/zh-cn/edge">
          {appTexts.downloadEdge}
        </a>
      </p>
    </main>
  );
}

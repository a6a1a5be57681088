import { type CSSProperties, useEffect, useRef, useState } from 'react';

interface PreviewFrameProps {
  /** The whole HTML document, as the public page answers it. */
  html: string;
  /** The width the page is laid out at (a phone's 375, a desktop's 1200). */
  width: number;
  /** The height of the shown window, in the page's own pixels. */
  height: number;
  title: string;
  testId: string;
}

/**
 * The built page in a sandboxed frame, laid out at its own width and scaled down to fit the space it is given, so a
 * desktop's 1200 pixels show whole beside the phone. Its own small script runs (a banner turning, a countdown), in
 * an origin of its own: it reaches nothing of the console (no storage, no session, no parent page).
 */
export function PreviewFrame({ html, width, height, title, testId }: PreviewFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(width);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width ?? width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  const scale = Math.min(1, room / width);
  const frame: CSSProperties = {
    width,
    height,
    border: 0,
    transform: `scale(${scale})`,
    transformOrigin: '0 0',
    background: '#fff',
    display: 'block',
  };
  return (
    <div ref={box} style={{ width: '100%', maxWidth: width }}>
      <div
        style={{
          height: height * scale,
          overflow: 'hidden',
          borderRadius: 8,
          border: '1px solid #d9d9d9',
          boxShadow: '0 2px 8px rgba(0, 0, 0, 0.06)',
        }}
      >
        <iframe title={title} data-testid={testId} srcDoc={html} sandbox="allow-scripts" style={frame} />
      </div>
    </div>
  );
}

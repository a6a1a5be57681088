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
 *
 * Two frames take turns: a changed page loads in the hidden one and is shown once it has loaded, so the preview never
 * goes blank while the agent edits.
 */
export function PreviewFrame({ html, width, height, title, testId }: PreviewFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(width);
  const [slots, setSlots] = useState<[string, string]>([html, '']);
  const [shown, setShown] = useState<0 | 1>(0);
  const hidden = shown === 0 ? 1 : 0;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width ?? width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  // A new page goes into the hidden frame; the shown one keeps its document until the new one has loaded.
  useEffect(() => {
    setSlots((current) => {
      if (current[shown] === html || current[hidden] === html) return current;
      const next: [string, string] = [...current];
      next[hidden] = html;
      return next;
    });
  }, [html, shown, hidden]);

  const scale = Math.min(1, room / width);
  const frame = (index: 0 | 1): CSSProperties => ({
    position: 'absolute',
    inset: 0,
    width,
    height,
    border: 0,
    transform: `scale(${scale})`,
    transformOrigin: '0 0',
    background: '#fff',
    visibility: index === shown ? 'visible' : 'hidden',
  });
  return (
    <div ref={box} style={{ width: '100%', maxWidth: width }}>
      <div
        style={{
          position: 'relative',
          height: height * scale,
          overflow: 'hidden',
          borderRadius: 8,
          border: '1px solid #d9d9d9',
          boxShadow: '0 2px 8px rgba(0, 0, 0, 0.06)',
        }}
      >
        {([0, 1] as const).map((index) =>
          slots[index] ? (
            <iframe
              key={index}
              title={title}
              data-testid={index === shown ? testId : `${testId}-next`}
              aria-hidden={index !== shown}
              srcDoc={slots[index]}
              sandbox="allow-scripts"
              style={frame(index)}
              onLoad={() => {
                if (index !== shown && slots[index] === html) setShown(index);
              }}
            />
          ) : null,
        )}
      </div>
    </div>
  );
}

import type { WatchPage } from '@yanbo/contracts/watch';
import { type ReactNode, useEffect, useState } from 'react';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../watch.module.css';
import { countdownParts, filledPaths, formatStart, logoStyle, type Stage } from '../watch-rules';
import { Player } from './player';
import { SubscribeButton } from './subscribe-sheet';

const SLIDE_MS = 3000;

/** The template's logo at its corner, scaled and faded as set. */
export function Logo({ template }: { template: WatchPage['template'] }) {
  const style = logoStyle(template);
  if (!style || !template.imgLogo) return null;
  return (
    <img
      className={`${styles.logo} ${styles[`corner_${template.positionLogo}`]}`}
      src={template.imgLogo}
      alt={t['watch.logo']}
      style={style}
      data-testid="watch-logo"
    />
  );
}

/** Pictures shown in turn (prologue before the push, epilogue after the end). */
function Slides({ paths, testId }: { paths: string[]; testId: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paths.length < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % paths.length), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [paths.length]);
  return (
    <div className={styles.slides} data-testid={testId}>
      {paths.map((path, i) => (
        <img key={path} src={path} alt="" className={styles.slide} style={{ opacity: i === index ? 1 : 0 }} />
      ))}
    </div>
  );
}

function Countdown({ startedAt, position, onDone }: { startedAt: string; position: string; onDone: () => void }) {
  const target = Date.parse(startedAt);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const done = now >= target;
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  if (position === 'hide') return null;
  const parts = countdownParts(target, now);
  const unit = (value: number, label: string) => (
    <span className={styles.countdownUnit}>
      <b>{String(value).padStart(2, '0')}</b>
      {label}
    </span>
  );
  return (
    <div className={`${styles.countdown} ${styles[`corner_${position}`]}`} data-testid="watch-countdown">
      <div className={styles.countdownTitle}>{t['watch.countdown.title']}</div>
      <div>
        {parts.days > 0 && unit(parts.days, t['watch.countdown.days'])}
        {unit(parts.hours, t['watch.countdown.hours'])}
        {unit(parts.minutes, t['watch.countdown.minutes'])}
        {unit(parts.seconds, t['watch.countdown.seconds'])}
      </div>
    </div>
  );
}

/** The 16:9 stage: the player while pushing; otherwise the cover, prologue or epilogue with their notices. */
export function StageView({ page, stage, onStarted }: { page: WatchPage; stage: Stage; onStarted: () => void }) {
  const { template, activity } = page;
  const cover = template.imgCover || activity.cover;
  const prologue = filledPaths(template.prologuePaths);
  const epilogue = filledPaths(template.epiloguePaths);
  let content: ReactNode;
  let note: string | null = null;
  if (stage === 'live' && page.playback) {
    content = <Player playback={page.playback} />;
  } else if (stage === 'ended') {
    content = epilogue.length ? <Slides paths={epilogue} testId="watch-epilogue" /> : null;
    note = t['watch.ended'];
  } else if (stage === 'notStarted' && cover) {
    content = <img className={styles.cover} src={cover} alt="" data-testid="watch-cover" />;
  } else {
    content = prologue.length ? (
      <Slides paths={prologue} testId="watch-prologue" />
    ) : cover ? (
      <img className={styles.cover} src={cover} alt="" data-testid="watch-cover" />
    ) : null;
    note = stage === 'waiting' ? t['watch.waiting'] : activity.startedAt ? null : t['watch.notStarted'];
  }
  return (
    <section className={styles.stage} data-testid="watch-stage">
      {content}
      {note && (
        <div className={styles.stageNote} data-testid="watch-stage-note">
          {note}
        </div>
      )}
      {stage === 'notStarted' && activity.startedAt && (
        <>
          <Countdown startedAt={activity.startedAt} position={template.countdownPosition} onDone={onStarted} />
          <div className={styles.startsAt}>
            {t['watch.startsAt'](formatStart(activity.startedAt))}
            <SubscribeButton activityId={activity.id} />
          </div>
        </>
      )}
      <Logo template={template} />
    </section>
  );
}

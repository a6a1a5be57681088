import { LIVE_EDGE } from '@yanbo/contracts/live-playback';
import type { WatchPlayback } from '@yanbo/contracts/watch';
import { useEffect, useRef, useState } from 'react';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../watch.module.css';
import { pickRendition, type Quality, withViewer } from '../watch-rules';

type PlayerState = 'connecting' | 'playing' | 'error' | 'unsupported';
type FlvPlayer = { destroy(): void };

const RETRY_MS = 3000;
/** One id per page view: the HLS playlist carries it, so the server counts this viewer online. */
const VIEWER_ID = Math.random().toString(36).slice(2, 12);

/**
 * The live player: HTTP-FLV through mpegts.js where Media Source Extensions exist (fetched as a chunk of its own, so
 * the page loads without it), the browser's own HLS elsewhere (iOS Safari). It starts muted, as browsers allow
 * autoplay only so, with a button to turn the sound on; a dropped stream is tried again. With live transcoding on,
 * a 清晰度 switch offers the renditions that are live; a rendition that ends falls back to the original.
 */
export function Player({ playback }: { playback: WatchPlayback }) {
  const [quality, setQuality] = useState<Quality>('origin');
  const source = pickRendition(playback, quality);
  const hls = withViewer(source.hls, VIEWER_ID);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('connecting');
  const [muted, setMuted] = useState(true);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt starts the player again after a failure
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let player: FlvPlayer | null = null;
    let cancelled = false;
    let retry: number | undefined;
    const fail = () => {
      if (cancelled) return;
      setState('error');
      retry = window.setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    };
    const onPlaying = () => setState('playing');
    video.addEventListener('playing', onPlaying);
    (async () => {
      const { default: mpegts } = await import('mpegts.js');
      if (cancelled) return;
      if (mpegts.isSupported() && mpegts.getFeatureList().mseLivePlayback) {
        const flv = mpegts.createPlayer({ type: 'flv', isLive: true, url: source.flv }, LIVE_EDGE);
        player = flv;
        flv.on(mpegts.Events.ERROR, fail);
        flv.attachMediaElement(video);
        flv.load();
        await Promise.resolve(flv.play()).catch(() => {});
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = hls;
        video.addEventListener('error', fail, { once: true });
        await video.play().catch(() => {});
      } else {
        setState('unsupported');
      }
    })().catch(fail);
    return () => {
      cancelled = true;
      window.clearTimeout(retry);
      video.removeEventListener('playing', onPlaying);
      player?.destroy();
      video.removeAttribute('src');
    };
  }, [source.flv, hls, attempt]);

  const notice =
    state === 'unsupported'
      ? t['watch.player.unsupported']
      : state === 'error'
        ? t['watch.player.error']
        : state === 'connecting'
          ? t['watch.player.connecting']
          : null;
  return (
    <div className={styles.player}>
      <video
        ref={videoRef}
        className={styles.video}
        muted={muted}
        playsInline
        autoPlay
        controls={!muted}
        data-testid="watch-video"
      />
      {notice && <div className={styles.playerNotice}>{notice}</div>}
      {playback.renditions.length > 1 && (
        <fieldset className={styles.quality} aria-label={t['watch.player.quality']} data-testid="watch-quality">
          {playback.renditions.map((rendition) => (
            <button
              key={rendition.name}
              type="button"
              className={source.flv === rendition.flv ? styles.qualityActive : undefined}
              aria-pressed={source.flv === rendition.flv}
              onClick={() => setQuality(rendition.name)}
            >
              {t[`watch.player.quality.${rendition.name}`]}
            </button>
          ))}
        </fieldset>
      )}
      {muted && state === 'playing' && (
        <button type="button" className={styles.unmute} onClick={() => setMuted(false)}>
          {t['watch.player.unmute']}
        </button>
      )}
    </div>
  );
}

import { LoadingOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { LIVE_EDGE } from '@yanbo/contracts/live-playback';
import { Flex, Tag, Typography } from 'antd';
import type Mpegts from 'mpegts.js';
import { useEffect, useRef, useState } from 'react';
import { boardTexts as t } from '../../../locales/zh-CN/board';
import { choosePlayback, type Playback } from '../board-rules';

/** A failed or ended connection is retried this often while the activity still says it is pushing. */
const RETRY_MS = 2_000;

type PlayerState = 'connecting' | 'playing' | 'retrying' | 'unsupported';

interface LivePlayerProps {
  isPushing: boolean;
  flvUrl: string;
  hlsUrl: string;
}

const overlay = {
  position: 'absolute' as const,
  inset: 0,
  color: 'rgba(255, 255, 255, 0.85)',
  textAlign: 'center' as const,
  padding: 24,
};

/**
 * The live preview: HTTP-FLV through mpegts.js where Media Source Extensions can play it, else HLS in a plain <video>
 * where the browser plays m3u8 itself; 等待推流 while nothing is pushed. It follows isPushing as it changes.
 */
export function LivePlayer({ isPushing, flvUrl, hlsUrl }: LivePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('connecting');
  const [mode, setMode] = useState<Playback | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const video = videoRef.current;
    if (!isPushing || !video) return;
    // Each attempt (a retry bumps `attempt`) starts over with a new player.
    void attempt;
    let cancelled = false;
    let player: Mpegts.Player | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    setState('connecting');

    const retry = () => {
      if (cancelled) return;
      setState('retrying');
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => setAttempt((count) => count + 1), RETRY_MS);
    };
    const onPlaying = () => !cancelled && setState('playing');
    video.addEventListener('playing', onPlaying);
    video.addEventListener('ended', retry);

    const start = async () => {
      const mpegts = (await import('mpegts.js')).default;
      if (cancelled) return;
      // Its info and debug lines would fill the console on every reconnect; failures still reach retry().
      mpegts.LoggingControl.applyConfig({ enableInfo: false, enableDebug: false, enableVerbose: false });
      const playback = choosePlayback({
        mseLiveFlv: mpegts.isSupported() && mpegts.getFeatureList().mseLivePlayback,
        nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
      });
      setMode(playback);
      if (playback === null) {
        setState('unsupported');
        return;
      }
      if (playback === 'flv') {
        player = mpegts.createPlayer(
          { type: 'flv', isLive: true, url: flvUrl },
          { enableWorker: false, lazyLoad: false, autoCleanupSourceBuffer: true, ...LIVE_EDGE },
        );
        player.on(mpegts.Events.ERROR, retry);
        player.attachMediaElement(video);
        player.load();
      } else {
        video.addEventListener('error', retry);
        video.src = hlsUrl;
      }
      // Muted, so browsers let it start without a click.
      await video.play();
    };
    start().catch((error: unknown) => {
      // play() refused only because the element was reset under it: nothing to retry.
      if (!(error instanceof DOMException && error.name === 'AbortError')) retry();
    });

    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('ended', retry);
      video.removeEventListener('error', retry);
      if (player) {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      }
      video.removeAttribute('src');
      video.load();
    };
  }, [isPushing, flvUrl, hlsUrl, attempt]);

  return (
    <div
      style={{
        position: 'relative',
        aspectRatio: '16 / 9',
        width: '100%',
        background: '#000',
        borderRadius: 8,
        overflow: 'hidden',
      }}
      data-testid="live-player"
      data-state={isPushing ? state : 'waiting'}
    >
      <video
        ref={videoRef}
        muted
        autoPlay
        playsInline
        controls={isPushing && state === 'playing'}
        style={{ width: '100%', height: '100%', display: isPushing ? 'block' : 'none', background: '#000' }}
      />
      {!isPushing && (
        <Flex
          vertical
          align="center"
          justify="center"
          gap={8}
          style={{ ...overlay, background: 'linear-gradient(135deg, #001d66 0%, #002c8c 60%, #0958d9 100%)' }}
        >
          <VideoCameraOutlined style={{ fontSize: 44, color: 'rgba(255, 255, 255, 0.65)' }} />
          <Typography.Text style={{ color: '#fff', fontSize: 18 }}>{t['board.preview.waiting']}</Typography.Text>
          <Typography.Text style={{ color: 'rgba(255, 255, 255, 0.65)' }}>
            {t['board.preview.waitingHint']}
          </Typography.Text>
        </Flex>
      )}
      {isPushing && state !== 'playing' && (
        <Flex vertical align="center" justify="center" gap={12} style={overlay}>
          {state === 'unsupported' ? (
            <Typography.Text style={{ color: '#fff' }}>{t['board.preview.unsupported']}</Typography.Text>
          ) : (
            <>
              <LoadingOutlined style={{ fontSize: 32, color: '#fff' }} />
              <Typography.Text style={{ color: '#fff' }}>
                {state === 'retrying' ? t['board.preview.retrying'] : t['board.preview.connecting']}
              </Typography.Text>
            </>
          )}
        </Flex>
      )}
      {isPushing && state === 'playing' && mode && (
        <Tag color="blue" style={{ position: 'absolute', top: 12, left: 12, margin: 0 }}>
          {mode === 'flv' ? t['board.preview.flv'] : t['board.preview.hls']} · {t['board.preview.muted']}
        </Tag>
      )}
    </div>
  );
}

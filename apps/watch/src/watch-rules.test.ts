import { describe, expect, it } from 'vitest';
import {
  activityIdOf,
  countdownParts,
  ditchOf,
  filledPaths,
  formatPostTime,
  invitedByOf,
  isWechatBrowser,
  logoStyle,
  pickRendition,
  playerLatencyMs,
  stageOf,
  withViewer,
} from './watch-rules';

const at = Date.parse('2026-03-01T10:00:00Z');
const activity = (fields: Partial<Parameters<typeof stageOf>[0]['activity']>) => ({
  activity: {
    id: 1,
    name: 'x',
    status: 'enabled',
    progress: 'OnGoing' as const,
    isPushing: false,
    cover: '',
    startedAt: null,
    endedAt: null,
    ...fields,
  },
});

describe('watch page rules', () => {
  it('shows the live player while pushing, whatever the schedule says', () => {
    expect(stageOf(activity({ isPushing: true, endedAt: '2026-01-01T00:00:00Z' }), at)).toBe('live');
  });

  it('shows the countdown before the start, the epilogue after the end, and waits in between', () => {
    expect(stageOf(activity({ startedAt: '2026-03-01T11:00:00Z', progress: 'NotStart' }), at)).toBe('notStarted');
    expect(stageOf(activity({ startedAt: '2026-03-01T09:00:00Z', endedAt: '2026-03-01T09:30:00Z' }), at)).toBe('ended');
    expect(stageOf(activity({ startedAt: '2026-03-01T09:00:00Z' }), at)).toBe('waiting');
    // No start time set: not started (直播尚未开始), not waiting for a push.
    expect(stageOf(activity({ progress: 'NotStart' }), at)).toBe('notStarted');
  });

  it('says live only while a push is received, and an activity past its start without a push is waiting', () => {
    expect(stageOf(activity({ startedAt: '2026-03-01T09:00:00Z', isPushing: false }), at)).toBe('waiting');
    expect(stageOf(activity({ startedAt: '2026-03-01T09:00:00Z', isPushing: true }), at)).toBe('live');
    expect(stageOf(activity({ startedAt: '2026-03-01T09:00:00Z', isPushing: true, status: 'disabled' }), at)).not.toBe(
      'live',
    );
  });

  it('counts down in days, hours, minutes and seconds, and stops at zero', () => {
    expect(countdownParts(at + ((26 * 60 + 3) * 60 + 7) * 1000, at)).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 7,
    });
    expect(countdownParts(at - 5000, at)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('places the logo by its scale and transparency, or hides it', () => {
    expect(logoStyle({ positionLogo: 'hide', imgLogoScale: 100, imgLogoTransparency: 100 })).toBe(null);
    expect(logoStyle({ positionLogo: 'rightTop', imgLogoScale: 50, imgLogoTransparency: 40 })).toEqual({
      height: 28,
      opacity: 0.4,
    });
  });

  it('reads the activity id and the ditch sign from the share link', () => {
    expect(activityIdOf('/watch/100001')).toBe(100001);
    expect(activityIdOf('/watch/100001/')).toBe(100001);
    expect(activityIdOf('/watch/abc')).toBe(null);
    expect(activityIdOf('/watch/0')).toBe(null);
    expect(activityIdOf('/watch/99999999999')).toBe(null);
    expect(ditchOf('?ditch=AbC_12')).toBe('AbC_12');
    expect(ditchOf('?ditch=')).toBe(undefined);
    expect(ditchOf('')).toBe(undefined);
    expect(filledPaths(['a.png', '', ' ', 'b.png'])).toEqual(['a.png', 'b.png']);
  });
});

describe('playback quality', () => {
  const origin = { name: 'origin' as const, flv: 'http://h/live/live/s1.flv', hls: 'http://h/live/live/s1/index.m3u8' };
  const sd = { name: 'sd' as const, flv: 'http://h/live/live/s1_sd.flv', hls: 'http://h/live/live/s1_sd/index.m3u8' };
  it('plays the chosen rendition while it is live, else the original', () => {
    const both = { flv: origin.flv, hls: origin.hls, renditions: [origin, sd] };
    expect(pickRendition(both, 'sd')).toMatchObject({ flv: sd.flv, hls: sd.hls });
    expect(pickRendition(both, 'origin')).toMatchObject({ flv: origin.flv });
    expect(pickRendition({ ...both, renditions: [origin] }, 'sd')).toMatchObject({ flv: origin.flv, hls: origin.hls });
  });
  it('adds the viewer id to the HLS address', () => {
    expect(withViewer(origin.hls, 'v 1')).toBe('http://h/live/live/s1/index.m3u8?viewer=v%201');
    expect(withViewer('http://h/x.m3u8?a=1', 'v')).toBe('http://h/x.m3u8?a=1&viewer=v');
  });
});

describe('the player’s latency in the heartbeat', () => {
  it('is how far the playing position is behind the newest the page has of the stream', () => {
    const position = { currentTime: 10, bufferedEnd: 12.5, seekableEnd: null, paused: false };
    expect(playerLatencyMs(position)).toBe(2500);
    // A Media Source player's seekable range is its whole duration: the buffered end is the edge.
    expect(playerLatencyMs({ ...position, seekableEnd: 95 })).toBe(2500);
    expect(playerLatencyMs({ ...position, bufferedEnd: null, seekableEnd: 14 })).toBe(4000);
  });

  it('is not reported by a paused player, one without an edge, or one past the bound', () => {
    const position = { currentTime: 10, bufferedEnd: 12, seekableEnd: null, paused: false };
    expect(playerLatencyMs(null)).toBeNull();
    expect(playerLatencyMs({ ...position, paused: true })).toBeNull();
    expect(playerLatencyMs({ ...position, bufferedEnd: null })).toBeNull();
    expect(playerLatencyMs({ ...position, bufferedEnd: null, seekableEnd: Number.POSITIVE_INFINITY })).toBeNull();
    expect(playerLatencyMs({ ...position, bufferedEnd: 5 })).toBeNull();
    expect(playerLatencyMs({ ...position, bufferedEnd: 10 + 601 })).toBeNull();
  });
});

describe('invitation links and text live times', () => {
  it('takes a well-formed inviter from the link and nothing else', () => {
    expect(invitedByOf('?invitedBy=AbCdEfGhIjKlMnOpQrStUv&ditch=x')).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(invitedByOf('?invitedBy=short')).toBeUndefined();
    expect(invitedByOf('?invitedBy=<script>alert(1)</script>xxxxxxxxxxxx')).toBeUndefined();
    expect(invitedByOf('')).toBeUndefined();
  });

  it('shows a post of today by its time, an older one with its date', () => {
    const now = new Date(2026, 2, 1, 20, 0);
    expect(formatPostTime(new Date(2026, 2, 1, 19, 5).toISOString(), now)).toBe('19:05');
    expect(formatPostTime(new Date(2026, 1, 28, 9, 30).toISOString(), now)).toBe('02-28 09:30');
  });
});

describe('isWechatBrowser', () => {
  it('knows WeChat’s browser on phones and desktops, not other browsers or WeCom', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
      'MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
    const android =
      'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      'Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220133 MMWEBSDK/20240404 MMWEBID/1234 ' +
      'MicroMessenger/8.0.49.2600(0x2800313D) WeChat/arm64 Weixin NetType/5G Language/zh_CN ABI/arm64';
    const wecom =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
      'wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light';
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 ' +
      'Mobile/15E148 Safari/604.1';
    expect(isWechatBrowser(iphone)).toBe(true);
    expect(isWechatBrowser(android)).toBe(true);
    expect(isWechatBrowser(wecom)).toBe(false);
    expect(isWechatBrowser(safari)).toBe(false);
  });
});

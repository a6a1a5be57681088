import { ERROR_MESSAGES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import {
  BOARD_ENTRIES,
  boardEntryPath,
  choosePlayback,
  durationParts,
  forbiddenRedirect,
  formatBytes,
  isActivityNotFound,
  streamForHost,
  watchUrl,
} from './board-rules';

describe('choosePlayback', () => {
  it('plays HTTP-FLV where MSE can, HLS where the browser plays it natively, nothing otherwise', () => {
    expect(choosePlayback({ mseLiveFlv: true, nativeHls: true })).toBe('flv');
    expect(choosePlayback({ mseLiveFlv: false, nativeHls: true })).toBe('hls');
    expect(choosePlayback({ mseLiveFlv: false, nativeHls: false })).toBeNull();
  });
});

describe('forbiddenRedirect', () => {
  const forbidden = (body: unknown) => new ApiError(403, ERROR_MESSAGES.forbidden, undefined, undefined, body);

  it("answers the redirect of a '403 Forbidden' that carries one", () => {
    expect(forbiddenRedirect(forbidden({ message: 'Forbidden', redirect: '/' }))).toBe('/');
    expect(forbiddenRedirect(forbidden({ redirect: 'https://example.com/x' }))).toBe('https://example.com/x');
  });

  it('answers null for a 403 without a redirect and for every other failure', () => {
    expect(forbiddenRedirect(forbidden({ message: 'Forbidden' }))).toBeNull();
    expect(forbiddenRedirect(forbidden({ redirect: '' }))).toBeNull();
    expect(forbiddenRedirect(forbidden(null))).toBeNull();
    expect(forbiddenRedirect(new ApiError(403, 'Other', undefined, undefined, { redirect: '/' }))).toBeNull();
    expect(forbiddenRedirect(new ApiError(404, ERROR_MESSAGES.activityNotFound))).toBeNull();
    expect(forbiddenRedirect(new Error('Forbidden'))).toBeNull();
  });
});

describe('isActivityNotFound', () => {
  it('knows the 404 Activity Not Found answer and nothing else', () => {
    expect(isActivityNotFound(new ApiError(404, ERROR_MESSAGES.activityNotFound))).toBe(true);
    expect(isActivityNotFound(new ApiError(404, 'Not Found'))).toBe(false);
    expect(isActivityNotFound(new ApiError(500, ERROR_MESSAGES.activityNotFound))).toBe(false);
  });
});

describe('board entries', () => {
  it('lead to the statistics of this activity, which has a screen', () => {
    expect(boardEntryPath('stats', 42)).toBe('/stats/42');
    expect(boardEntryPath('live-stream', 42)).toBe('/board/42/live');
    expect(boardEntryPath('comments', 42)).toBe('/board/42/comments');
  });

  it('have no path while their screen does not exist, and no path for screens that are not per activity', () => {
    expect(boardEntryPath('audience', 42)).toBeNull();
    expect(boardEntryPath('orders', 42)).toBeNull();
    expect(BOARD_ENTRIES.map((entry) => entry.key)).toContain('settings');
  });
});

describe('usage figures', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024 * 1024)).toBe('5 GB');
  });

  it('splits durations into hours, minutes and seconds', () => {
    expect(durationParts(0)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(durationParts(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
    expect(durationParts(59.9)).toEqual({ hours: 0, minutes: 0, seconds: 59 });
  });
});

describe('stream addresses for the host the console was opened on', () => {
  const stream = {
    app: 'live',
    stream: 's1',
    pushDomain: '127.0.0.1:1935',
    pullDomain: '127.0.0.1:8080',
    pushServer: 'rtmp://127.0.0.1:1935/live',
    pushStreamKey: 's1?key=k',
    pushUrl: 'rtmp://127.0.0.1:1935/live/s1?key=k',
    pullSource: {
      flv: 'http://127.0.0.1:8080/live/live/s1.flv',
      hls: 'http://127.0.0.1:8080/live/live/s1/index.m3u8',
      renditions: [
        {
          name: 'sd' as const,
          flv: 'http://127.0.0.1:8080/live/live/s1_sd.flv',
          hls: 'http://127.0.0.1:8080/live/live/s1_sd/index.m3u8',
        },
      ],
    },
  };

  it('builds default (loopback) addresses from the console host, keeping the RTMP port', () => {
    const shown = streamForHost(stream, { hostname: '192.168.1.20', host: '192.168.1.20:8080' });
    expect(shown.pushServer).toBe('rtmp://192.168.1.20:1935/live');
    expect(shown.pushUrl).toBe('rtmp://192.168.1.20:1935/live/s1?key=k');
    expect(shown.pushStreamKey).toBe('s1?key=k');
    expect(shown.pullSource.flv).toBe('http://192.168.1.20:8080/live/live/s1.flv');
    expect(shown.pullSource.renditions[0]?.hls).toBe('http://192.168.1.20:8080/live/live/s1_sd/index.m3u8');
  });

  it('keeps configured domains, and loopback addresses when the console itself is on loopback', () => {
    const configured = { ...stream, pushDomain: 'push.example.com', pushServer: 'rtmp://push.example.com/live' };
    expect(streamForHost(configured, { hostname: 'console.example.com', host: 'console.example.com' }).pushServer).toBe(
      'rtmp://push.example.com/live',
    );
    expect(streamForHost(stream, { hostname: '127.0.0.1', host: '127.0.0.1:8080' })).toBe(stream);
    expect(streamForHost(stream, { hostname: 'localhost', host: 'localhost:8080' })).toBe(stream);
  });

  it('makes watch links on this site, with the ditch sign when given', () => {
    expect(watchUrl('https://live.example.com', 100001)).toBe('https://live.example.com/watch/100001');
    expect(watchUrl('https://live.example.com', 100001, 'ab_C')).toBe(
      'https://live.example.com/watch/100001?ditch=ab_C',
    );
  });
});

import type { ActivityStream } from '@yanbo/contracts';
import { decrypt, encrypt, randomToken, safeEqual } from '../../platform/crypto.ts';

/** A new activity's stream: a public name for playback addresses and a secret key for pushing. */
export function newStream(secretKey: string) {
  return {
    stream: `s${randomToken(9).replace(/[-_]/g, 'x').toLowerCase()}`,
    streamKeySealed: encrypt(secretKey, randomToken(16)),
  };
}

export interface StreamDomains {
  pushDomain: string;
  pullDomain: string;
}

/** Push and pull addresses built from pushDomain/pullDomain, app and stream (seed 000 §3). */
export function streamAddresses(
  secretKey: string,
  domains: StreamDomains,
  row: { app: string; stream: string | null; streamKeySealed: string | null },
): ActivityStream {
  const stream = row.stream ?? '';
  const key = row.streamKeySealed ? decrypt(secretKey, row.streamKeySealed) : '';
  const pushServer = `rtmp://${domains.pushDomain}/${row.app}`;
  const pushStreamKey = `${stream}?key=${key}`;
  return {
    app: row.app,
    stream,
    pushDomain: domains.pushDomain,
    pullDomain: domains.pullDomain,
    pushServer,
    pushStreamKey,
    pushUrl: `${pushServer}/${pushStreamKey}`,
    pullSource: {
      flv: `http://${domains.pullDomain}/live/${row.app}/${stream}.flv`,
      hls: `http://${domains.pullDomain}/live/${row.app}/${stream}/index.m3u8`,
    },
  };
}

/** Whether a publish of app/stream with this key may start (the ingest's and the media-server webhooks' check). */
export function keyMatches(secretKey: string, streamKeySealed: string | null, key: string): boolean {
  if (!streamKeySealed || !key) return false;
  return safeEqual(decrypt(secretKey, streamKeySealed), key);
}

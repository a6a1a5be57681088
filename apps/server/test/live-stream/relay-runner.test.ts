import { STREAM_JOB_FAILURES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { relayFailure, relayInputArgs } from '../../src/features/live-stream/relay-runner.ts';
import { checkOutboundUrl, createOutboundRules } from '../../src/platform/net/outbound-address.ts';

// How ffmpeg is told to read a checked source, and how its failure is told: no address but the checked one, no
// protocol the scheme does not need, no word the source's server chose.

const rules = createOutboundRules({
  lookup: async (host) => (host === 'cdn.example.com' ? ['93.184.215.14'] : ['2606:4700::1111']),
});
const args = async (url: string) => relayInputArgs(await checkOutboundUrl(rules, url, 'relay'));

describe('relay input', () => {
  it('connects RTMP to the checked address, keeping the typed host in tcUrl, with only rtmp and tcp allowed', async () => {
    expect(await args('rtmp://user:pw@cdn.example.com/live/stream?token=1')).toEqual({
      proxied: false,
      args: [
        ...['-protocol_whitelist', 'rtmp,tcp'],
        ...['-rtmp_tcurl', 'rtmp://cdn.example.com:1935/live'],
        ...['-i', 'rtmp://user:pw@93.184.215.14:1935/live/stream?token=1'],
      ],
    });
    expect((await args('rtmp://v6.example.com:1936/app/inst/stream')).args).toEqual([
      ...['-protocol_whitelist', 'rtmp,tcp'],
      ...['-rtmp_tcurl', 'rtmp://v6.example.com:1936/app/inst'],
      ...['-i', 'rtmp://[2606:4700::1111]:1936/app/inst/stream'],
    ]);
  });

  it('sends HTTP(S), HLS and RTMPS through the checking proxy, and SRT to the checked address', async () => {
    expect(await args('https://cdn.example.com/hls/index.m3u8')).toEqual({
      proxied: true,
      args: [
        ...['-protocol_whitelist', 'http,https,tls,tcp,crypto,httpproxy'],
        ...['-i', 'https://cdn.example.com/hls/index.m3u8'],
      ],
    });
    expect(await args('rtmps://cdn.example.com/live/x')).toMatchObject({
      proxied: true,
      args: ['-protocol_whitelist', 'rtmps,tls,tcp,httpproxy', '-i', 'rtmps://cdn.example.com/live/x'],
    });
    expect((await args('srt://cdn.example.com:9000?streamid=live/x')).args).toEqual([
      ...['-protocol_whitelist', 'srt'],
      ...['-i', 'srt://93.184.215.14:9000?streamid=live/x'],
    ]);
  });
});

describe('relay failures', () => {
  it('are one of a few fixed reasons, whatever the source said', () => {
    expect(relayFailure('anything', 'refused')).toBe(STREAM_JOB_FAILURES.refused);
    expect(relayFailure('', 'timeout')).toBe(STREAM_JOB_FAILURES.timeout);
    expect(relayFailure('http://x: Server returned 403 Forbidden (access denied)', null)).toBe(
      STREAM_JOB_FAILURES.refused,
    );
    expect(relayFailure('tcp://10.0.0.1:22: Connection refused', null)).toBe(STREAM_JOB_FAILURES.refused);
    expect(relayFailure('Connection timed out', null)).toBe(STREAM_JOB_FAILURES.timeout);
    expect(relayFailure('x: Invalid data found when processing input', null)).toBe(STREAM_JOB_FAILURES.invalidStream);
    expect(relayFailure('SSH-2.0-OpenSSH_9.2 Server returned 5XX Server Error reply', null)).toBe(
      STREAM_JOB_FAILURES.unreachable,
    );
  });
});

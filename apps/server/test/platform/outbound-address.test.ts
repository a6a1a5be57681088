import { describe, expect, it } from 'vitest';
import { createJobSlots } from '../../src/platform/ffmpeg/job-slots.ts';
import {
  checkOutboundUrl,
  createOutboundRules,
  isPublicAddress,
  type Lookup,
  OutboundRefusal,
} from '../../src/platform/net/outbound-address.ts';

// The outbound-address rule (issue 8): what a relay URL may name, judged on every address its host resolves to.

/** A resolver answering from a table, so a public-looking name can answer a private address (no network here). */
const table =
  (answers: Record<string, string[]>): Lookup =>
  async (host) => {
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };

const strict = createOutboundRules({
  lookup: table({
    'cdn.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebind.example.com': ['127.0.0.1'],
    'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
    'metadata.example.com': ['169.254.169.254'],
  }),
});

async function refusal(url: string, rules = strict) {
  try {
    await checkOutboundUrl(rules, url, 'relay');
  } catch (error) {
    if (error instanceof OutboundRefusal) return error.reason;
    throw error;
  }
  return 'allowed';
}

describe('public addresses', () => {
  it('passes ordinary unicast only, by ipaddr.js ranges, judging IPv4-mapped IPv6 as its IPv4', () => {
    for (const address of ['8.8.8.8', '93.184.215.14', '2606:4700::1111']) expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '240.0.0.1',
      '198.18.0.1',
      '203.0.113.9',
      '::',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('checking a relay URL', () => {
  it('refuses the addresses an attacker tried, and names why', async () => {
    expect(await refusal('http://127.0.0.1:5432')).toBe('address');
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toBe('address');
    expect(await refusal('rtmp://[::1]/live/x')).toBe('address');
    expect(await refusal('rtmp://10.0.0.1/live/x')).toBe('address');
    expect(await refusal('rtmp://[::ffff:127.0.0.1]/live/x')).toBe('address');
    expect(await refusal('http://[fd00:ec2::254]/latest')).toBe('address');
    expect(await refusal('https://100.100.100.200/latest/meta-data/')).toBe('address');
    expect(await refusal('srt://0.0.0.0:9000?mode=listener')).toBe('srtMode');
    expect(await refusal('srt://203.0.113.1:9000?mode=rendezvous')).toBe('srtMode');
    expect(await refusal('srt://cdn.example.com:9000?localport=8080')).toBe('srtMode');
    expect(await refusal('srt://cdn.example.com')).toBe('host');
    expect(await refusal('srt://:9000')).toBe('scheme');
    expect(await refusal('file:///etc/passwd')).toBe('scheme');
    expect(await refusal('gopher://cdn.example.com/')).toBe('scheme');
  });

  it('refuses a public-looking name when any address it resolves to is not public', async () => {
    expect(await refusal('rtmp://rebind.example.com/live/x')).toBe('address');
    expect(await refusal('http://mixed.example.com/live.flv')).toBe('address');
    expect(await refusal('http://metadata.example.com/')).toBe('address');
    expect(await refusal('http://nowhere.example.com/')).toBe('unresolved');
  });

  it('resolves numeric host forms the way the connection would (hex, decimal, short) and refuses loopback', async () => {
    const system = createOutboundRules();
    expect(await refusal('rtmp://0x7f000001/live/x', system)).toBe('address');
    expect(await refusal('rtmp://2130706433/live/x', system)).toBe('address');
    expect(await refusal('http://127.1:8080/', system)).toBe('address');
    expect(await refusal('http://localhost:8080/', system)).toBe('address');
  });

  it('allows a public source and answers the address the connection must use', async () => {
    const target = await checkOutboundUrl(strict, 'rtmp://cdn.example.com/live/stream?token=1', 'relay');
    expect(target).toMatchObject({ scheme: 'rtmp', hostname: 'cdn.example.com', port: 1935, address: '93.184.215.14' });
    expect((await checkOutboundUrl(strict, 'https://cdn.example.com/hls/index.m3u8', 'relay')).port).toBe(443);
    expect((await checkOutboundUrl(strict, 'srt://cdn.example.com:9000?mode=caller', 'relay')).port).toBe(9000);
    expect((await checkOutboundUrl(strict, 'rtmp://[2606:4700::1111]:1936/live/x', 'relay')).address).toBe(
      '2606:4700::1111',
    );
  });

  it('RELAY_ALLOW_PRIVATE lifts the address rule but not the schemes, SRT modes or metadata services', async () => {
    const onPremises = createOutboundRules({ allowPrivate: true, lookup: table({}) });
    expect(await refusal('rtmp://10.0.0.1/live/x', onPremises)).toBe('allowed');
    expect(await refusal('http://127.0.0.1:8080/live.flv', onPremises)).toBe('allowed');
    expect(await refusal('http://169.254.169.254/latest/meta-data/', onPremises)).toBe('address');
    expect(await refusal('srt://10.0.0.1:9000?mode=listener', onPremises)).toBe('srtMode');
    expect(await refusal('file:///etc/passwd', onPremises)).toBe('scheme');
  });
});

describe('ffmpeg job slots', () => {
  it('caps jobs per agent and in total; a job key already held is handed over, not counted twice', () => {
    const slots = createJobSlots({ perAgent: 2, total: 3 });
    const a1 = slots.take(1, 'relay:1');
    const a2 = slots.take(1, 'relay:2');
    expect(slots.take(1, 'relay:3')).toBe('agent');
    const b1 = slots.take(2, 'relay:4');
    expect(slots.take(3, 'relay:5')).toBe('total');
    // The same activity's relay restarted: takes its own slot over.
    const a1Again = slots.take(1, 'relay:1');
    expect(typeof a1Again).toBe('object');
    expect(slots.used(1)).toBe(2);
    // The replaced job ending gives nothing back; the new one ending does.
    if (typeof a1 === 'object') a1.release();
    expect(slots.used()).toBe(3);
    if (typeof a1Again === 'object') a1Again.release();
    if (typeof a2 === 'object') a2.release();
    expect(slots.used(1)).toBe(0);
    expect(typeof slots.take(3, 'relay:5')).toBe('object');
    if (typeof b1 === 'object') b1.release();
    expect(slots.used()).toBe(1);
  });
});

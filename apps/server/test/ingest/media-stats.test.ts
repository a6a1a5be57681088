import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchStatsText, MEDIA_STATS_MAX_STREAMS, MediaStatsError } from '../../src/platform/ingest/media-stats.ts';
import { parseNginxRtmpStat, readXml } from '../../src/platform/ingest/nginx-rtmp-stat.ts';
import { parseSrsStreams, srsStreamsUrl } from '../../src/platform/ingest/srs-api.ts';

// The statistics of an external media server are read like anything from outside (issue 15): a stat page or an API
// answer that is huge, deeply nested, declares entities or is garbage fails with MediaStatsError, never a crash, a
// hang or an expansion.

/** nginx-rtmp 1.1.4's stat page for one push with one player, as Debian's libnginx-mod-rtmp writes it. */
const STAT_PAGE = `<?xml version="1.0" encoding="utf-8" ?>
<?xml-stylesheet type="text/xsl" href="stat.xsl" ?>
<rtmp>
<nginx_version>1.22.1</nginx_version>
<uptime>5</uptime>
<server>
<application>
<name>live</name>
<live>
<stream>
<name>abc&amp;1</name>
<time>2551</time><bw_in>812000</bw_in>
<bytes_in>65401</bytes_in>
<client><id>2</id><address>127.0.0.1</address><time>1349</time><flashver>LNX 9,0,124,2</flashver><dropped>0</dropped><active/></client>
<client><id>1</id><address>10.0.0.7</address><time>2738</time><flashver>FMLE/3.0 (compatible; Lavf59.27</flashver><publishing/><active/></client>
<meta><video><width>320</width><height>240</height><frame_rate>25</frame_rate><codec>H264</codec><profile></profile></video><audio><codec>AAC</codec></audio></meta>
<nclients>2</nclients>
<publishing/>
<active/>
</stream>
<stream><name>waiting</name><time>100</time><bw_in>0</bw_in><bytes_in>0</bytes_in><nclients>3</nclients><active/></stream>
<nclients>5</nclients>
</live>
</application>
</server>
</rtmp>
`;

describe("nginx-rtmp's stat page", () => {
  it('reads each stream: players without the publisher, bitrate, picture, start, publisher', () => {
    const now = Date.parse('2026-01-01T00:00:10.000Z');
    const [push, waiting] = parseNginxRtmpStat(STAT_PAGE, now);
    expect(push).toEqual({
      app: 'live',
      stream: 'abc&1',
      viewers: 1,
      bitrateKbps: 812,
      fps: 25,
      width: 320,
      height: 240,
      startedAt: '2026-01-01T00:00:07.449Z',
      publishing: true,
      hasVideo: true,
      hasAudio: true,
      bytesIn: 65401,
      publisherId: 1,
      remoteAddress: '10.0.0.7',
    });
    // Players waiting on a stream nobody pushes are its viewers; it is no push.
    expect(waiting).toMatchObject({ stream: 'waiting', viewers: 3, publishing: false, hasVideo: false });
  });

  it('refuses a DTD and entity declarations, and expands no entity but the predefined ones', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE rtmp [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><rtmp>&b;</rtmp>`;
    expect(() => parseNginxRtmpStat(laughs)).toThrow(MediaStatsError);
    const external = `<!DOCTYPE rtmp SYSTEM "file:///etc/passwd"><rtmp/>`;
    expect(() => parseNginxRtmpStat(external)).toThrow(MediaStatsError);
    expect(() => readXml('<rtmp><![CDATA[x]]></rtmp>')).toThrow(MediaStatsError);
    // An undeclared reference stays as it is written; numeric ones are one character each.
    expect(readXml('<a>&xxe;&#65;&#x42;&lt;</a>').text).toBe('&xxe;AB<');
  });

  it('refuses nesting deeper than a stat page has, without recursion', () => {
    const deep = `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`;
    expect(() => readXml(deep)).toThrow(/deeper/);
  });

  it('refuses a page over its size bound, and too many elements', () => {
    expect(() => readXml('<rtmp/>'.padEnd(100, ' '), 50)).toThrow(/larger/);
    const many = `<rtmp>${'<x/>'.repeat(600_000)}</rtmp>`;
    expect(() => readXml(many)).toThrow(/elements/);
  });

  it('reads at most MEDIA_STATS_MAX_STREAMS streams', () => {
    const stream = '<stream><name>s</name><nclients>1</nclients><publishing/></stream>';
    const page = `<rtmp><server><application><name>live</name><live>${stream.repeat(MEDIA_STATS_MAX_STREAMS + 10)}</live></application></server></rtmp>`;
    expect(parseNginxRtmpStat(page)).toHaveLength(MEDIA_STATS_MAX_STREAMS);
  });

  it('fails cleanly on garbage, mismatched tags, text outside the root and other documents', () => {
    for (const garbage of [
      '',
      'not xml at all',
      '<rtmp><server></rtmp>',
      '<rtmp>',
      '<rtmp></rtmp><rtmp></rtmp>',
      'x<rtmp/>',
      '<rtmp><1bad/></rtmp>',
      '<rtmp',
      '<!-- open',
      '<?xml',
      '<html><body>502 Bad Gateway</body></html>',
      '\u0000\u0001<rtmp>',
    ]) {
      expect(() => parseNginxRtmpStat(garbage), garbage).toThrow(MediaStatsError);
    }
  });

  it('skips streams without names and does not trust counts that are not numbers', () => {
    const page = `<rtmp><server><application><name>live</name><live>
      <stream><nclients>4</nclients></stream>
      <stream><name>n</name><nclients>-3</nclients><bw_in>NaN</bw_in><time>1e400</time><publishing/></stream>
    </live></application></server></rtmp>`;
    const streams = parseNginxRtmpStat(page);
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ stream: 'n', viewers: 0, bitrateKbps: undefined, startedAt: undefined });
  });
});

/** An answer of SRS's GET /api/v1/streams/, with the fields SRS's HTTP API documents. */
const SRS_ANSWER = {
  code: 0,
  server: 'vid-0xk989d',
  streams: [
    {
      id: 'vid-a1',
      name: 'abc',
      vhost: 'vid-v1',
      app: 'live',
      tcUrl: 'rtmp://127.0.0.1/live',
      url: '/live/abc',
      live_ms: 1_700_000_000_000,
      clients: 4,
      frames: 2500,
      send_bytes: 1,
      recv_bytes: 998_877,
      kbps: { recv_30s: 1234, send_30s: 3000 },
      publish: { active: true, cid: 'c1' },
      video: { codec: 'H264', profile: 'High', level: '3.1', width: 1280, height: 720 },
      audio: { codec: 'AAC', sample_rate: 44100, channel: 2, profile: 'LC' },
    },
    { id: 'vid-a2', name: 'idle', app: 'live', clients: 2, publish: { active: false }, video: null, audio: null },
  ],
};

describe("SRS's streams API", () => {
  it('reads each stream: players without the publisher, bitrate, picture', () => {
    const [push, idle] = parseSrsStreams(JSON.stringify(SRS_ANSWER));
    expect(push).toEqual({
      app: 'live',
      stream: 'abc',
      viewers: 3,
      bitrateKbps: 1234,
      width: 1280,
      height: 720,
      publishing: true,
      hasVideo: true,
      hasAudio: true,
      bytesIn: 998_877,
      frames: 2500,
      publisherId: undefined,
    });
    expect(idle).toMatchObject({ stream: 'idle', viewers: 2, publishing: false, hasVideo: false, hasAudio: false });
  });

  it('fails cleanly on garbage, an error answer, or the wrong shape', () => {
    for (const garbage of [
      '',
      'nope',
      '{"code":1000}',
      '{"code":0,"streams":{}}',
      '[]',
      'null',
      '{"code":"0","streams":[]}',
    ])
      expect(() => parseSrsStreams(garbage), garbage).toThrow(MediaStatsError);
  });

  it('skips entries that are not streams, and wrong types in a stream', () => {
    const answer = {
      code: 0,
      streams: [
        null,
        7,
        'x',
        { app: 'live' },
        { app: 'live', name: 'x'.repeat(201) },
        { app: 'live', name: 'ok', clients: '-5', kbps: 'fast', video: [1, 2], publish: { active: 'yes' } },
      ],
    };
    expect(parseSrsStreams(JSON.stringify(answer))).toEqual([
      {
        app: 'live',
        stream: 'ok',
        viewers: 0,
        bitrateKbps: undefined,
        width: undefined,
        height: undefined,
        publishing: false,
        hasVideo: false,
        hasAudio: false,
        bytesIn: undefined,
        frames: undefined,
        publisherId: undefined,
      },
    ]);
  });

  it('reads deep nesting without a crash, finding no stream in it', () => {
    // V8's JSON.parse is not recursive: 200,000 levels parse, and an array is no stream.
    const deep = `{"code":0,"streams":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(parseSrsStreams(deep)).toEqual([]);
  });

  it('asks SRS for every stream it reads, not its default ten', () => {
    expect(srsStreamsUrl('http://127.0.0.1:1985/api/v1/streams/')).toBe(
      `http://127.0.0.1:1985/api/v1/streams/?count=${MEDIA_STATS_MAX_STREAMS}`,
    );
    expect(srsStreamsUrl('http://srs:1985/api/v1/streams/?count=50')).toBe('http://srs:1985/api/v1/streams/?count=50');
  });
});

describe('reading the statistics over HTTP', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok') return res.end('<rtmp/>');
      if (req.url === '/huge') {
        // No length announced: the reader stops at its bound.
        res.writeHead(200, { 'content-type': 'text/xml' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        const more = () => {
          while (sent < 64 && res.write(chunk)) sent++;
          if (sent < 64) res.once('drain', more);
          else res.end();
        };
        return more();
      }
      if (req.url === '/announced') {
        res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
        return res.end();
      }
      if (req.url === '/slow') return; // never answers
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/' });
        return res.end();
      }
      res.writeHead(500);
      res.end('boom');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads an answer within its bounds', async () => {
    expect(await fetchStatsText(`${base}/ok`)).toBe('<rtmp/>');
  });

  it('refuses an answer over the size bound, announced or not', async () => {
    await expect(fetchStatsText(`${base}/huge`, { maxBytes: 1024 * 1024 })).rejects.toThrow(/larger/);
    await expect(fetchStatsText(`${base}/announced`, { maxBytes: 1024 * 1024 })).rejects.toThrow(/larger/);
  });

  it('gives up on a server that does not answer in time', async () => {
    const started = Date.now();
    await expect(fetchStatsText(`${base}/slow`, { timeoutMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('follows no redirect and reads no error page', async () => {
    await expect(fetchStatsText(`${base}/redirect`)).rejects.toThrow();
    await expect(fetchStatsText(`${base}/error`)).rejects.toThrow(/500/);
  });
});

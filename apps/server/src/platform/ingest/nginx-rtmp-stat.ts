/**
 * nginx-rtmp's statistics page (`rtmp_stat all;`): an XML document of its applications and their live streams, read
 * with a small purpose-built reader rather than a general XML parser. It reads elements and text only: no DTD, no
 * entity but the five predefined and numeric references (nothing is ever expanded beyond one character), no CDATA,
 * attributes ignored; the size, the nesting depth and the number of elements are bounded, and anything else fails
 * with MediaStatsError.
 *
 * The page, as nginx-rtmp 1.1.4 writes it (per stream, under rtmp > server > application > live):
 *   <stream><name>abc</name><time>2551</time><bw_in>…</bw_in><bytes_in>…</bytes_in>…
 *     <client><id>1</id><address>127.0.0.1</address><time>2738</time>…<publishing/><active/></client>
 *     <meta><video><width>320</width><height>240</height><frame_rate>25</frame_rate><codec>H264</codec>…</video>
 *       <audio><codec>AAC</codec>…</audio></meta>
 *     <nclients>2</nclients><publishing/><active/></stream>
 * `time` is milliseconds since the stream (or client) began, `bw_in` bits per second, and `nclients` counts every
 * client of the stream, its publisher among them.
 */
import {
  countOf,
  MEDIA_STATS_MAX_BYTES,
  MEDIA_STATS_MAX_STREAMS,
  MediaStatsError,
  type MediaStreamStats,
} from './media-stats.ts';

export interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

/** The stat page's elements nest six deep; anything past this is not one. */
const MAX_DEPTH = 16;
/** About 20 elements per stream and per client: far more than MEDIA_STATS_MAX_STREAMS streams need. */
const MAX_ELEMENTS = 500_000;
const NAME = /^[A-Za-z_][\w.-]{0,63}$/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeText(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Reads an XML document into its root element; throws MediaStatsError on anything it does not read. */
export function readXml(text: string, maxBytes = MEDIA_STATS_MAX_BYTES): XmlElement {
  if (text.length > maxBytes) throw new MediaStatsError(`XML larger than ${maxBytes} bytes`);
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    const textEnd = open === -1 ? text.length : open;
    if (textEnd > at) {
      const chunk = text.slice(at, textEnd);
      const top = stack.at(-1);
      if (top) top.text += decodeText(chunk);
      else if (chunk.trim() !== '') throw new MediaStatsError('XML: text outside the root element');
    }
    if (open === -1) break;
    if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open + 2);
      if (end === -1) throw new MediaStatsError('XML: unterminated processing instruction');
      at = end + 2;
      continue;
    }
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end === -1) throw new MediaStatsError('XML: unterminated comment');
      at = end + 3;
      continue;
    }
    if (text.startsWith('<!', open)) throw new MediaStatsError('XML: DTD, entity and CDATA declarations are refused');
    const close = text.indexOf('>', open + 1);
    if (close === -1) throw new MediaStatsError('XML: unterminated tag');
    const tag = text.slice(open + 1, close);
    at = close + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const top = stack.pop();
      if (!top || top.name !== name) throw new MediaStatsError(`XML: unexpected </${name.slice(0, 64)}>`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const name = (selfClosing ? tag.slice(0, -1) : tag).trim().split(/\s/, 1)[0] ?? '';
    if (!NAME.test(name)) throw new MediaStatsError(`XML: bad element name ${JSON.stringify(name.slice(0, 64))}`);
    if (++elements > MAX_ELEMENTS) throw new MediaStatsError(`XML: more than ${MAX_ELEMENTS} elements`);
    const element: XmlElement = { name, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else if (root) throw new MediaStatsError('XML: more than one root element');
    else root = element;
    if (!selfClosing) {
      if (stack.length >= MAX_DEPTH) throw new MediaStatsError(`XML: nested deeper than ${MAX_DEPTH}`);
      stack.push(element);
    }
  }
  if (stack.length > 0) throw new MediaStatsError(`XML: <${stack.at(-1)?.name}> is not closed`);
  if (!root) throw new MediaStatsError('XML: no root element');
  return root;
}

const childrenNamed = (element: XmlElement | undefined, name: string) =>
  element?.children.filter((child) => child.name === name) ?? [];
const child = (element: XmlElement | undefined, name: string) => element?.children.find((c) => c.name === name);
const textOf = (element: XmlElement | undefined, name: string) => child(element, name)?.text.trim();
const has = (element: XmlElement | undefined, name: string) => child(element, name) !== undefined;
/** Longer application or stream names are no activity's: skipped. */
const MAX_NAME = 200;
const positive = (value: number | undefined) => (value !== undefined && value > 0 ? value : undefined);

/** The live streams on nginx-rtmp's stat page, at most MEDIA_STATS_MAX_STREAMS; `now` dates their start. */
export function parseNginxRtmpStat(text: string, now = Date.now()): MediaStreamStats[] {
  const root = readXml(text);
  if (root.name !== 'rtmp') throw new MediaStatsError('not an nginx-rtmp stat page (no <rtmp> root)');
  const streams: MediaStreamStats[] = [];
  for (const server of childrenNamed(root, 'server'))
    for (const application of childrenNamed(server, 'application')) {
      const app = textOf(application, 'name') ?? '';
      for (const live of childrenNamed(application, 'live'))
        for (const stream of childrenNamed(live, 'stream')) {
          if (streams.length >= MEDIA_STATS_MAX_STREAMS) return streams;
          const name = textOf(stream, 'name') ?? '';
          if (!app || !name || app.length > MAX_NAME || name.length > MAX_NAME) continue;
          const publishing = has(stream, 'publishing');
          const clients = childrenNamed(stream, 'client');
          const publisher = clients.find((client) => has(client, 'publishing'));
          const nclients = countOf(textOf(stream, 'nclients')) ?? clients.length;
          const meta = child(stream, 'meta');
          const video = child(meta, 'video');
          const bwIn = countOf(textOf(stream, 'bw_in'));
          const time = countOf(textOf(stream, 'time'));
          const publisherId = countOf(textOf(publisher, 'id'));
          streams.push({
            app,
            stream: name,
            viewers: Math.max(0, Math.floor(nclients) - (publishing ? 1 : 0)),
            bitrateKbps: bwIn === undefined ? undefined : Math.round(bwIn / 1000),
            fps: positive(countOf(textOf(video, 'frame_rate'))),
            width: positive(countOf(textOf(video, 'width'))),
            height: positive(countOf(textOf(video, 'height'))),
            startedAt: publishing && time !== undefined ? new Date(now - time).toISOString() : undefined,
            publishing,
            hasVideo: video !== undefined,
            hasAudio: has(meta, 'audio'),
            bytesIn: countOf(textOf(stream, 'bytes_in')),
            publisherId: publisherId !== undefined && Number.isSafeInteger(publisherId) ? publisherId : undefined,
            remoteAddress: textOf(publisher, 'address')?.slice(0, 100),
          });
        }
    }
  return streams;
}

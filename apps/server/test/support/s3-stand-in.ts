import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Config } from '../../src/platform/storage/s3-config.ts';

/**
 * A local S3-compatible server for the tests, path-style (http://127.0.0.1:port/bucket/key), that refuses what the
 * vendor would: every request must carry a valid AWS Signature V4 (header or presigned query, within its expiry and a
 * 15-minute clock skew, the payload's hash when one is declared), and a browser's POST upload must carry a policy
 * signed with the secret whose every condition holds (expiration, eq, starts-with, content-length-range) and which
 * names every form field sent. Objects are kept in memory. What it refused is recorded for the tests to read.
 */

export interface StandInObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StandInObject>;
  /** Every refusal: its S3 error code and message, oldest first. */
  refusals: { code: string; message: string }[];
  /** Requests answered, by method, so a test can tell a file never passed through. */
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024 * 1024;
const MAX_SKEW_MS = 15 * 60_000;
const ALGORITHM = 'AWS4-HMAC-SHA256';

class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function signingKey(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 20261126T103000Z as a Date. */
function parseAmzDate(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new S3Error(403, 'AccessDenied', `Bad X-Amz-Date ${value}`);
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

export async function startS3StandIn(
  options: {
    bucket?: string;
    region?: string;
    now?: () => number;
    /** Keys anyone may read without a signature, as a bucket policy opening files/ to the public would. */
    publicPrefixes?: string[];
  } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'yanbo-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = `AK${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(24).toString('base64');
  const now = options.now ?? Date.now;
  const objects = new Map<string, StandInObject>();
  const multipart = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const refusals: S3StandIn['refusals'] = [];
  const requests: S3StandIn['requests'] = [];

  /** Checks the credential scope (key, date, region, service) and answers the signing key it names. */
  function keyForCredential(credential: string, amzDate: string): Buffer {
    const [keyId, date, scopeRegion, service, terminal] = credential.split('/');
    if (keyId !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The access key does not exist');
    if (scopeRegion !== region) throw new S3Error(400, 'AuthorizationHeaderMalformed', `Region ${scopeRegion}`);
    if (service !== 's3' || terminal !== 'aws4_request' || date !== amzDate.slice(0, 8)) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'Bad credential scope');
    }
    return signingKey(secretAccessKey, date, region);
  }

  function canonicalQuery(url: URL, without: string) {
    return [...url.searchParams]
      .filter(([name]) => name !== without)
      .map(([name, value]) => [uriEncode(name), uriEncode(value)])
      .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
  }

  function canonicalHeaders(req: http.IncomingMessage, signed: string[]) {
    if (!signed.includes('host')) throw new S3Error(403, 'AccessDenied', 'host must be signed');
    return signed
      .map((name) => {
        const value = req.headers[name];
        if (value === undefined) throw new S3Error(403, 'SignatureDoesNotMatch', `Signed header ${name} is missing`);
        return `${name}:${String(value).trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
  }

  /** Verifies a SigV4-signed request (header or presigned query); throws the vendor's error otherwise. */
  function verifySignature(req: http.IncomingMessage, url: URL, body: Buffer) {
    const canonicalPath = url.pathname
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/');
    const header = req.headers.authorization;
    let credential: string;
    let signedHeaders: string[];
    let signature: string;
    let amzDate: string;
    let payloadHash: string;
    let query: string;
    if (header) {
      const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        header,
      );
      if (!match) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'Unreadable authorization header');
      [, credential, , signature] = match;
      signedHeaders = match[2].split(';');
      amzDate = String(req.headers['x-amz-date'] ?? '');
      payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing x-amz-content-sha256');
      if (Math.abs(parseAmzDate(amzDate).getTime() - now()) > MAX_SKEW_MS) {
        throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and now is too large');
      }
      query = canonicalQuery(url, '');
    } else if (url.searchParams.get('X-Amz-Algorithm') === ALGORITHM) {
      credential = url.searchParams.get('X-Amz-Credential') ?? '';
      signedHeaders = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
      signature = url.searchParams.get('X-Amz-Signature') ?? '';
      amzDate = url.searchParams.get('X-Amz-Date') ?? '';
      payloadHash = url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
      const expires = Number(url.searchParams.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) {
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires out of range');
      }
      if (parseAmzDate(amzDate).getTime() + expires * 1000 < now()) {
        throw new S3Error(403, 'AccessDenied', 'Request has expired');
      }
      query = canonicalQuery(url, 'X-Amz-Signature');
    } else {
      throw new S3Error(403, 'AccessDenied', 'Anonymous access is refused');
    }
    const key = keyForCredential(credential, amzDate);
    const canonicalRequest = [
      req.method,
      canonicalPath,
      query,
      canonicalHeaders(req, signedHeaders),
      signedHeaders.join(';'),
      payloadHash,
    ].join('\n');
    const scope = credential.split('/').slice(1).join('/');
    const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    if (!sameHex(hmac(key, stringToSign).toString('hex'), signature)) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature does not match');
    }
    if (/^[0-9a-f]{64}$/.test(payloadHash) && sha256Hex(body) !== payloadHash) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The payload hash does not match');
    }
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && !/^[0-9a-f]{64}$/.test(payloadHash)) {
      throw new S3Error(400, 'NotImplemented', `Payload mode ${payloadHash} is not supported here`);
    }
  }

  /** A browser's POST upload: the policy's signature, expiry and every condition, as S3 checks them. */
  function verifyPostPolicy(fields: Map<string, string>, size: number) {
    const policy = fields.get('policy');
    const signature = fields.get('x-amz-signature');
    if (!policy || !signature) throw new S3Error(403, 'AccessDenied', 'A POST upload needs a signed policy');
    if (fields.get('x-amz-algorithm') !== ALGORITHM) throw new S3Error(400, 'InvalidArgument', 'Bad algorithm');
    const amzDate = fields.get('x-amz-date') ?? '';
    const key = keyForCredential(fields.get('x-amz-credential') ?? '', amzDate);
    if (!sameHex(hmac(key, policy).toString('hex'), signature)) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The policy signature does not match');
    }
    const parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: (Record<string, string> | [string, string, string | number] | [string, number, number])[];
    };
    if (!(Date.parse(parsed.expiration) > now())) {
      throw new S3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    }
    const covered = new Set(['policy', 'x-amz-signature', 'file']);
    const field = (name: string) => fields.get(name.replace(/^\$/, '').toLowerCase()) ?? '';
    const fail = (what: string) => {
      throw new S3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${what}`);
    };
    for (const condition of parsed.conditions) {
      if (!Array.isArray(condition)) {
        for (const [name, value] of Object.entries(condition)) {
          covered.add(name.toLowerCase());
          if (field(name) !== value) fail(`["eq", "$${name}", "${value}"]`);
        }
        continue;
      }
      const [operator, a, b] = condition;
      if (operator === 'content-length-range') {
        if (size < Number(a) || size > Number(b)) {
          throw new S3Error(400, size > Number(b) ? 'EntityTooLarge' : 'EntityTooSmall', `Size ${size} out of range`);
        }
        continue;
      }
      const name = String(a).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      if (operator === 'eq' && field(name) !== b) fail(JSON.stringify(condition));
      else if (operator === 'starts-with' && !field(name).startsWith(String(b))) fail(JSON.stringify(condition));
      else if (operator !== 'eq' && operator !== 'starts-with') fail(`unknown operator ${operator}`);
    }
    const extra = [...fields.keys()].filter((name) => !covered.has(name) && !name.startsWith('x-ignore-'));
    if (extra.length > 0) {
      throw new S3Error(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
    }
  }

  function store(key: string, body: Buffer, contentType: string) {
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    objects.set(key, { body, contentType, etag, lastModified: new Date(now()) });
    return etag;
  }

  function objectKey(url: URL): string {
    const [, name, ...rest] = url.pathname.split('/');
    if (name !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    return rest.map((segment) => decodeURIComponent(segment)).join('/');
  }

  function xml(res: http.ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  }

  const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function list(res: http.ServerResponse, url: URL) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(Number(url.searchParams.get('max-keys') ?? 1000) || 1000, 1000);
    const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = objects.get(key) as StandInObject;
        return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? '')}</NextContinuationToken>` : '';
    xml(
      res,
      200,
      `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    );
  }

  function read(req: http.IncomingMessage, res: http.ServerResponse, key: string) {
    const object = objects.get(key);
    if (!object) {
      if (req.method === 'HEAD') {
        res.writeHead(404).end();
        return;
      }
      throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    }
    const headers: Record<string, string> = {
      'content-type': object.contentType,
      etag: object.etag,
      'last-modified': object.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
    };
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const disposition = url.searchParams.get('response-content-disposition');
    if (disposition) headers['content-disposition'] = disposition;
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    let body = object.body;
    let status = 200;
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
      if (start >= object.body.length) throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
      body = object.body.subarray(start, end + 1);
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${object.body.length}`;
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function multipartForm(req: http.IncomingMessage, body: Buffer) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(req.headers['content-type'] ?? ''));
    if (!boundary) throw new S3Error(400, 'MalformedPOSTRequest', 'Not multipart/form-data');
    const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
    const fields = new Map<string, string>();
    let file: { body: Buffer } | null = null;
    let at = body.indexOf(delimiter);
    while (at !== -1) {
      const start = at + delimiter.length;
      if (body.subarray(start, start + 2).toString() === '--') break;
      const next = body.indexOf(delimiter, start);
      if (next === -1) break;
      const part = body.subarray(start + 2, next - 2);
      const split = part.indexOf('\r\n\r\n');
      const head = part.subarray(0, split).toString('utf8');
      const content = part.subarray(split + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1]?.toLowerCase() ?? '';
      if (name === 'file') {
        file = { body: content };
        // S3 ignores every field after the file.
        break;
      }
      fields.set(name, content.toString('utf8'));
      at = next;
    }
    if (!file) throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    return { fields, file };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const key = objectKey(url);
    if (req.method === 'POST' && key === '' && !url.search) {
      const { fields, file } = multipartForm(req, body);
      verifyPostPolicy(fields, file.body.length);
      if (fields.get('bucket') !== undefined && fields.get('bucket') !== bucket) {
        throw new S3Error(403, 'AccessDenied', 'Invalid according to Policy: bucket');
      }
      const target = fields.get('key');
      if (!target) throw new S3Error(400, 'InvalidArgument', 'Bucket POST must contain a field named key');
      const etag = store(target, file.body, fields.get('content-type') ?? 'binary/octet-stream');
      res.writeHead(Number(fields.get('success_action_status') ?? 204), { etag, location: `/${bucket}/${target}` });
      res.end();
      return;
    }
    const anonymousRead =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.headers.authorization &&
      !url.searchParams.has('X-Amz-Signature') &&
      key !== '' &&
      (options.publicPrefixes ?? []).some((prefix) => key.startsWith(prefix));
    if (!anonymousRead) verifySignature(req, url, body);
    if (key === '') {
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') return list(res, url);
      if (req.method === 'HEAD' || req.method === 'PUT') return void res.writeHead(200).end();
      throw new S3Error(405, 'MethodNotAllowed', 'Not supported here');
    }
    const contentType = String(req.headers['content-type'] ?? 'binary/octet-stream');
    const uploadId = url.searchParams.get('uploadId');
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return read(req, res, key);
      case 'PUT': {
        if (uploadId) {
          const upload = multipart.get(uploadId);
          if (!upload || upload.key !== key) throw new S3Error(404, 'NoSuchUpload', 'The upload does not exist');
          upload.parts.set(Number(url.searchParams.get('partNumber')), body);
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
          return;
        }
        const declared = req.headers['content-length'];
        if (declared === undefined) throw new S3Error(411, 'MissingContentLength', 'You must provide Content-Length');
        res.writeHead(200, { etag: store(key, body, contentType) }).end();
        return;
      }
      case 'POST': {
        if (url.searchParams.has('uploads')) {
          const id = randomBytes(12).toString('hex');
          multipart.set(id, { key, contentType, parts: new Map() });
          return xml(
            res,
            200,
            `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
          );
        }
        const upload = uploadId ? multipart.get(uploadId) : undefined;
        if (!upload || upload.key !== key) throw new S3Error(404, 'NoSuchUpload', 'The upload does not exist');
        const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
          Number(m[1]),
        );
        const parts = numbers.map((n) => upload.parts.get(n));
        if (numbers.length === 0 || parts.some((part) => !part)) throw new S3Error(400, 'InvalidPart', 'Missing part');
        multipart.delete(uploadId as string);
        const etag = store(key, Buffer.concat(parts as Buffer[]), upload.contentType);
        return xml(
          res,
          200,
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case 'DELETE':
        if (uploadId) multipart.delete(uploadId);
        else objects.delete(key);
        res.writeHead(204).end();
        return;
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'Not supported here');
    }
  }

  const server = http.createServer((req, res) => {
    // A browser posting a form to the bucket asks first; a bucket's CORS rule would allow the console's origin.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', 'etag, location');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, HEAD, PUT, POST, DELETE',
        'access-control-allow-headers': '*',
      });
      res.end();
      return;
    }
    requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => {
        const failure =
          error instanceof S3Error ? error : new S3Error(500, 'InternalError', (error as Error).message ?? 'error');
        refusals.push({ code: failure.code, message: failure.message });
        if (res.headersSent) return void res.end();
        if (req.method === 'HEAD') return void res.writeHead(failure.status).end();
        xml(
          res,
          failure.status,
          `<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message></Error>`,
        );
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    refusals,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The server's S3 settings (Config.s3) for files in the stand-in's bucket. */
export function s3SettingsOf(server: S3StandIn): S3Config {
  return {
    endpoint: server.endpoint,
    bucket: server.bucket,
    region: server.region,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    publicUrl: '',
  };
}

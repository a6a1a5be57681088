import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  DOCUMENT_ERRORS,
  DOCUMENT_MAX_BYTES,
  ERROR_MESSAGES,
  WATCH_ERRORS,
  WATCH_TOKEN_HEADER,
} from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, nextIp, signedMobileCookie } from '../harness.ts';
import { multipart, PNG } from '../upload-form.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from('504b030414000600', 'hex'), Buffer.from('word/document.xml')]);
const XLS = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(32)]);

describe.each(engines)('documents on %s', (engine) => {
  const w = useWorld(engine);
  const filesOf = (agentId: number) => {
    const folder = path.join(w.t.ctx.config.dataDir, 'documents', 'agent', String(agentId));
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const upload = (
    token: string,
    file: { name: string; type?: string; data: Buffer },
    headers: Record<string, string> = {},
  ) => {
    const form = multipart({ type: 'application/octet-stream', ...file });
    return w.t.app.inject({
      method: 'POST',
      url: '/api/v3/agent/document',
      payload: form.payload,
      headers: { ...form.headers, ...headers, authorization: `Bearer ${token}` },
    });
  };
  const uploaded = async (token: string, name = '讲义.pdf', data = PDF) => {
    const response = await upload(token, { name, data });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number; name: string; permission: string };
  };
  /** Opens a file address the watch page's list gave (its pass included), as a new tab would: no header, cookies. */
  const openFile = (url: string, cookie?: string) =>
    w.t.app.inject({
      method: 'GET',
      url,
      remoteAddress: nextIp(),
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const fileOf = (activityId: number, documentId: number, query = '') =>
    `/api/watch/${activityId}/document/${documentId}/file${query}`;
  const listed = async (activityId: number, headers?: Record<string, string>) => {
    const answer = await w.call('GET', `/watch/${activityId}/document`, headers ? { headers } : {});
    expect(answer.status, answer.text).toBe(200);
    return answer.body.items as { id: number; readUrl: string; downloadUrl: string | null }[];
  };

  it('uploads a PDF, lists it, renames it, changes its permission and deletes it with its file', async () => {
    const before = filesOf(w.a.id).length;
    const response = await upload(w.aToken, { name: '../../季度 报告.pdf', type: 'application/pdf', data: PDF });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      name: '季度 报告.pdf',
      kind: 'pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      permission: 'read',
      signInRequired: false,
      activities: [],
    });
    expect(filesOf(w.a.id)).toHaveLength(before + 1);

    const list = await w.call('GET', '/v3/agent/document?name=季度', { token: w.aToken });
    expect(list.body.pager).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(list.body.items[0].id).toBe(created.id);

    const changed = await w.call('PUT', `/v3/agent/document/${created.id}`, {
      token: w.aToken,
      body: { name: ' 年度<报告>.pdf ', permission: 'download', signInRequired: true },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ name: '年度报告.pdf', permission: 'download', signInRequired: true });
    expectError(
      await w.call('PUT', `/v3/agent/document/${created.id}`, { token: w.aToken, body: { permission: 'all' } }),
      400,
      expect.stringContaining('permission') as unknown as string,
      { code: 'VALIDATION_FAILED', field: 'permission' },
    );

    // Its agent downloads it whatever its permission; another agent gets 404.
    const own = await w.call('GET', `/v3/agent/document/${created.id}/file`, { token: w.aToken });
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(String(own.headers['content-disposition'])).toMatch(/^attachment; filename="document-\d+\.pdf"/);
    expect(own.text).toBe(PDF.toString('latin1'));
    expectError(
      await w.call('GET', `/v3/agent/document/${created.id}/file`, { token: w.bToken }),
      404,
      DOCUMENT_ERRORS.documentNotFound,
    );

    expect((await w.call('DELETE', `/v3/agent/document/${created.id}`, { token: w.aToken })).body).toEqual({
      ok: true,
    });
    expect(filesOf(w.a.id)).toHaveLength(before);
    expectError(
      await w.call('DELETE', `/v3/agent/document/${created.id}`, { token: w.aToken }),
      404,
      DOCUMENT_ERRORS.documentNotFound,
    );
  });

  it('takes Office files and pictures by their content, and refuses other types, fakes and empty files writing nothing', async () => {
    expect((await uploaded(w.aToken, '方案.docx', DOCX)).name).toBe('方案.docx');
    const sheet = (await upload(w.aToken, { name: '名单.XLS', data: XLS })).json();
    expect(sheet).toMatchObject({ kind: 'excel', mimeType: 'application/vnd.ms-excel' });
    expect((await upload(w.aToken, { name: '海报.png', data: PNG })).json()).toMatchObject({ kind: 'image' });

    const count = async () => (await w.call('GET', '/v3/agent/document', { token: w.aToken })).body.pager.total;
    const documents = await count();
    const files = filesOf(w.a.id).length;
    const refusals = [
      { name: 'setup.exe', data: Buffer.from('MZ\x90\x00') },
      { name: 'page.html', data: Buffer.from('<script>alert(1)</script>') },
      { name: 'logo.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      // A renamed executable, a picture that is not one, an Office file that is text.
      { name: '报告.pdf', data: Buffer.from('MZ\x90\x00 not a pdf') },
      { name: '海报.jpg', data: PNG },
      { name: '方案.docx', data: Buffer.from('plain text') },
      { name: '空.pdf', data: Buffer.alloc(0) },
    ];
    for (const file of refusals) {
      const response = await upload(w.aToken, { ...file, type: 'application/pdf' });
      expect(response.statusCode, `${file.name}: ${response.body}`).toBe(400);
      expect(response.json().field).toBe('file');
    }
    expect((await upload(w.aToken, { name: 'x.exe', data: PDF })).json().message).toBe(
      `file: ${DOCUMENT_ERRORS.fileTypeRefused}`,
    );
    const big = await upload(w.aToken, {
      name: '大.pdf',
      data: Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ field: 'file', message: DOCUMENT_ERRORS.fileTooLarge });
    // Not multipart at all.
    expect((await w.call('POST', '/v3/agent/document', { token: w.aToken, body: {} })).status).toBe(400);
    expect(await count()).toBe(documents);
    expect(filesOf(w.a.id)).toHaveLength(files);
  });

  it('stores one document for an upload sent twice with one Idempotency-Key', async () => {
    const key = { 'idempotency-key': `upload-${Date.now()}` };
    const first = await upload(w.aToken, { name: '一次.pdf', data: PDF }, key);
    const second = await upload(w.aToken, { name: '一次.pdf', data: PDF }, key);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const list = await w.call('GET', '/v3/agent/document?name=一次', { token: w.aToken });
    expect(list.body.pager.total).toBe(1);
  });

  it('binds a document to the caller’s activities only, and lists them both ways', async () => {
    const doc = await uploaded(w.aToken, '绑定.pdf');
    const [a1, a2] = [await w.activity(w.aToken, '第一场'), await w.activity(w.aToken, '第二场')];
    const bAct = await w.activity(w.bToken);
    const bound = await w.call('PUT', `/v3/agent/document/${doc.id}/activity`, {
      token: w.aToken,
      body: { activityIds: [a1, a2] },
    });
    expect(bound.status, bound.text).toBe(200);
    expect(bound.body.activities).toEqual([
      { id: a1, name: '第一场' },
      { id: a2, name: '第二场' },
    ]);
    const ofActivity = await w.call('GET', `/v3/activity/${a2}/document`, { token: w.aToken });
    expect(ofActivity.body.items.map((d: { id: number }) => d.id)).toEqual([doc.id]);
    const filtered = await w.call('GET', `/v3/agent/document?activityId=${a1}`, { token: w.aToken });
    expect(filtered.body.items.map((d: { id: number }) => d.id)).toEqual([doc.id]);

    // Another agent's activity is refused as a missing one, and the bindings stay as they were.
    expectError(
      await w.call('PUT', `/v3/agent/document/${doc.id}/activity`, {
        token: w.aToken,
        body: { activityIds: [a1, bAct] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const twice = await w.call('PUT', `/v3/agent/document/${doc.id}/activity`, {
      token: w.aToken,
      body: { activityIds: [a1, a1] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.field).toBe('activityIds');
    const unbound = await w.call('PUT', `/v3/agent/document/${doc.id}/activity`, {
      token: w.aToken,
      body: { activityIds: [a2] },
    });
    expect(unbound.body.activities.map((a: { id: number }) => a.id)).toEqual([a2]);
    expect((await w.call('GET', `/v3/activity/${a1}/document`, { token: w.aToken })).body.items).toEqual([]);
  });

  it('answers 404 for another agent’s document and activity, and a sub-account sees only its own documents', async () => {
    const doc = await uploaded(w.aToken, '机密.pdf');
    const bAct = await w.activity(w.bToken);
    const notFound = DOCUMENT_ERRORS.documentNotFound;
    expectError(
      await w.call('PUT', `/v3/agent/document/${doc.id}`, { token: w.bToken, body: { permission: 'download' } }),
      404,
      notFound,
    );
    expectError(await w.call('DELETE', `/v3/agent/document/${doc.id}`, { token: w.bToken }), 404, notFound);
    expectError(
      await w.call('PUT', `/v3/agent/document/${doc.id}/activity`, { token: w.bToken, body: { activityIds: [bAct] } }),
      404,
      notFound,
    );
    expectError(
      await w.call('GET', `/v3/activity/${bAct}/document`, { token: w.aToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const bList = await w.call('GET', '/v3/agent/document', { token: w.bToken });
    expect(bList.body.items.some((d: { id: number }) => d.id === doc.id)).toBe(false);

    // A's sub-account: A's document is not its; its own binds only to its own activity.
    expectError(await w.call('DELETE', `/v3/agent/document/${doc.id}`, { token: w.subToken }), 404, notFound);
    const own = await uploaded(w.subToken, '子账号.pdf');
    const subList = await w.call('GET', '/v3/agent/document', { token: w.subToken });
    expect(subList.body.items.map((d: { id: number }) => d.id)).toEqual([own.id]);
    const aOther = await w.activity(w.aToken);
    expectError(
      await w.call('PUT', `/v3/agent/document/${own.id}/activity`, {
        token: w.subToken,
        body: { activityIds: [aOther] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect(
      (
        await w.call('PUT', `/v3/agent/document/${own.id}/activity`, {
          token: w.subToken,
          body: { activityIds: [w.subActivityId] },
        })
      ).status,
    ).toBe(200);
    // The main account sees its sub-account's documents too.
    const aList = await w.call('GET', '/v3/agent/document', { token: w.aToken });
    expect(aList.body.items.some((d: { id: number }) => d.id === own.id)).toBe(true);
  });

  it('lets viewers read a bound document inline, download it only when allowed, and never through another activity', async () => {
    const doc = await uploaded(w.aToken, '手册 v1.pdf');
    const activityId = await w.activity(w.aToken);
    const otherActivity = await w.activity(w.aToken);
    const bActivity = await w.activity(w.bToken);
    const bDoc = await uploaded(w.bToken, 'B 的.pdf');
    await w.call('PUT', `/v3/agent/document/${bDoc.id}/activity`, {
      token: w.bToken,
      body: { activityIds: [bActivity] },
    });
    // Not bound yet: the page lists nothing.
    expect(await listed(activityId)).toEqual([]);
    await w.call('PUT', `/v3/agent/document/${doc.id}/activity`, {
      token: w.aToken,
      body: { activityIds: [activityId] },
    });

    const [item] = await listed(activityId);
    expect(item).toMatchObject({
      id: doc.id,
      name: '手册 v1.pdf',
      kind: 'pdf',
      size: PDF.length,
      signInRequired: false,
      canDownload: false,
      downloadUrl: null,
    });
    expect(item?.readUrl).toMatch(new RegExp(`^${fileOf(activityId, doc.id)}\\?t=[\\w.-]+$`));
    const read = await openFile(item?.readUrl ?? '');
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['content-disposition']).toBe(
      `inline; filename="document-${doc.id}.pdf"; filename*=UTF-8''${encodeURIComponent('手册 v1.pdf')}`,
    );
    expect(read.rawPayload.equals(PDF)).toBe(true);
    // Read online only: the download is refused, pass or not.
    const refused = await openFile(`${item?.readUrl}&download=1`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DOCUMENT_ERRORS.downloadNotAllowed);

    // No pass, a forged one, or one given for this document on another activity: refused.
    const pass = new URL(item?.readUrl ?? '', 'http://x').searchParams.get('t');
    for (const url of [
      fileOf(activityId, doc.id),
      fileOf(activityId, doc.id, '?t=forged.pass'),
      fileOf(otherActivity, doc.id, `?t=${pass}`),
      fileOf(activityId, bDoc.id, `?t=${pass}`),
    ]) {
      const answer = await openFile(url);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().message).toBe(WATCH_ERRORS.notOpen);
    }
    // Another activity of the same agent, and another agent's activity, list none of it.
    expect(await listed(otherActivity)).toEqual([]);
    expect((await listed(bActivity)).map((d) => d.id)).toEqual([bDoc.id]);

    await w.call('PUT', `/v3/agent/document/${doc.id}`, { token: w.aToken, body: { permission: 'download' } });
    const [allowed] = await listed(activityId);
    expect(allowed?.downloadUrl).toMatch(new RegExp(`^${fileOf(activityId, doc.id)}\\?download=1&t=[\\w.-]+$`));
    const downloaded = await openFile(allowed?.downloadUrl ?? '');
    expect(downloaded.statusCode).toBe(200);
    expect(String(downloaded.headers['content-disposition'])).toMatch(/^attachment; filename="document-\d+\.pdf"/);
    expect(downloaded.rawPayload.equals(PDF)).toBe(true);

    // Signed-in viewers only: a viewer without an SMS sign-in for this agent is refused, one with it reads.
    await w.call('PUT', `/v3/agent/document/${doc.id}`, { token: w.aToken, body: { signInRequired: true } });
    const [gated] = await listed(activityId);
    expect(gated).toMatchObject({ signInRequired: true });
    const anonymous = await openFile(gated?.readUrl ?? '');
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().message).toBe(DOCUMENT_ERRORS.signInRequired);
    const otherAgents = await openFile(gated?.readUrl ?? '', signedMobileCookie(w.t.ctx, w.b.id, '13900000001'));
    expect(otherAgents.statusCode).toBe(403);
    const signedIn = await openFile(gated?.readUrl ?? '', signedMobileCookie(w.t.ctx, w.a.id, '13900000001'));
    expect(signedIn.statusCode).toBe(200);

    // Deleted: gone from the page and its file with it, pass or not.
    await w.call('DELETE', `/v3/agent/document/${doc.id}`, { token: w.aToken });
    expect(await listed(activityId)).toEqual([]);
    expect((await openFile(gated?.readUrl ?? '', signedMobileCookie(w.t.ctx, w.a.id, '13900000001'))).statusCode).toBe(
      404,
    );
  });

  it('lists documents only to a viewer past the page’s gates: the watch code asked for, then given', async () => {
    const doc = await uploaded(w.aToken, '讲义.pdf');
    const activityId = await w.activity(w.aToken);
    await w.call('PUT', `/v3/agent/document/${doc.id}/activity`, {
      token: w.aToken,
      body: { activityIds: [activityId] },
    });
    const set = await w.call('PUT', `/activity/${activityId}/watchcode`, {
      token: w.aToken,
      body: { enabled: true, code: '2468' },
    });
    expect(set.status, set.text).toBe(200);
    expectError(await w.call('GET', `/watch/${activityId}/document`), 403, WATCH_ERRORS.notOpen);
    const entered = await w.call('POST', `/watch/${activityId}/watchcode`, { body: { code: '2468' }, ip: nextIp() });
    expect(entered.status, entered.text).toBe(200);
    const items = await listed(activityId, { [WATCH_TOKEN_HEADER]: entered.body.token });
    expect(items.map((d) => d.id)).toEqual([doc.id]);
    expect((await openFile(items[0]?.readUrl ?? '')).statusCode).toBe(200);
  });

  it('answers 404 for the watch calls of a missing activity and bad query values with 400', async () => {
    expectError(await w.call('GET', '/watch/99999999/document'), 404, ERROR_MESSAGES.activityNotFound);
    const activityId = await w.activity(w.aToken);
    const bad = await w.call('GET', `/watch/${activityId}/document/1/file?download=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('download');
  });
});

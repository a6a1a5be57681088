import { DOCUMENT_NAME_MAX, documentTypeOf, sanitiseDocumentName } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { hasMagic } from '../../src/features/documents/document-files.ts';
import { PNG } from '../upload-form.ts';

describe('document names', () => {
  it('keeps the file name only, without control or reserved characters, spaces collapsed', () => {
    expect(sanitiseDocumentName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseDocumentName('C:\\Users\\张三\\年度 报告.pdf')).toBe('年度 报告.pdf');
    expect(sanitiseDocumentName(' 方案\u0000<终稿>\t\n"v2"|?*;.docx ')).toBe('方案终稿 v2.docx');
    expect(sanitiseDocumentName('...hidden.pdf')).toBe('hidden.pdf');
    expect(sanitiseDocumentName('\u0007\u001f')).toBe('');
  });

  it('cuts a long name to the limit and keeps its extension', () => {
    const long = sanitiseDocumentName(`${'长'.repeat(200)}.pptx`);
    expect(long).toHaveLength(DOCUMENT_NAME_MAX);
    expect(long.endsWith('.pptx')).toBe(true);
  });
});

describe('document types', () => {
  it('takes PDF, Office files and pictures by extension, whatever its case, and nothing else', () => {
    expect(documentTypeOf('a.PDF')).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf' });
    expect(documentTypeOf('a.docx')).toMatchObject({ kind: 'word', magic: 'zip' });
    expect(documentTypeOf('a.xls')).toMatchObject({ kind: 'excel', magic: 'ole' });
    expect(documentTypeOf('a.pptx')).toMatchObject({ kind: 'powerpoint' });
    expect(documentTypeOf('a.jpeg')).toMatchObject({ kind: 'image', mimeType: 'image/jpeg' });
    for (const name of ['a.exe', 'a.html', 'a.svg', 'a.pdf.exe', 'pdf', 'a.', 'a.toString', 'a.constructor']) {
      expect(documentTypeOf(name), name).toBeNull();
    }
  });

  it('knows each type by its first bytes', () => {
    expect(hasMagic(Buffer.from('%PDF-1.7'), 'pdf')).toBe(true);
    expect(hasMagic(Buffer.from('%PDF'), 'pdf')).toBe(false);
    expect(hasMagic(Buffer.from('d0cf11e0a1b11ae100', 'hex'), 'ole')).toBe(true);
    expect(hasMagic(Buffer.from('504b0304', 'hex'), 'zip')).toBe(true);
    expect(hasMagic(Buffer.from('504b0506', 'hex'), 'zip')).toBe(false);
    expect(hasMagic(PNG, 'png')).toBe(true);
    expect(hasMagic(PNG, 'jpeg')).toBe(false);
    expect(hasMagic(Buffer.from('ffd8ffe0', 'hex'), 'jpeg')).toBe(true);
    expect(hasMagic(Buffer.from('GIF89a'), 'gif')).toBe(true);
    expect(hasMagic(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]), 'webp')).toBe(true);
    expect(hasMagic(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]), 'webp')).toBe(false);
    expect(hasMagic(Buffer.alloc(0), 'pdf')).toBe(false);
  });
});

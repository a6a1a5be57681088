import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';

// Documents (文档, seed 000 §1 "document applications", §2 /application/document): an agent's library of files
// (PDF, Office files, pictures) bound to activities, which viewers of those activities read on the watch page, and
// download when the document allows it; a document may also be kept to viewers signed in by SMS. The seeds give no
// paths for these calls: they are plain ones beside the agent's other libraries (/v3/agent/...).

/** The largest document one upload may store. */
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
/** A document's name as shown to viewers, extension included. */
export const DOCUMENT_NAME_MAX = 100;
export const DOCUMENT_PAGE_SIZE = 10;
/** Activities one document may be bound to in one save. */
export const DOCUMENT_MAX_ACTIVITIES = 200;
/** Documents the watch page lists for one activity at most. */
export const WATCH_DOCUMENT_LIMIT = 100;

export const DOCUMENT_ERRORS = {
  documentNotFound: 'Document Not Found',
  fileTypeRefused: 'Only PDF, Word, Excel, PowerPoint and image files are accepted',
  fileNotWhatItClaims: 'The file’s content does not match its type',
  fileEmpty: 'File is empty',
  fileTooLarge: `File is larger than ${DOCUMENT_MAX_BYTES} bytes`,
  /** The document is read online only (仅在线阅读): its download is refused. */
  downloadNotAllowed: 'This document may only be read online',
  /** The document is for viewers signed in by SMS only. */
  signInRequired: 'Sign in with your mobile to read this document',
  nameRequired: 'Name is required',
} as const;

/** What a document is, by family: the console's icon and the watch page's label. */
export const DOCUMENT_KINDS = ['pdf', 'word', 'excel', 'powerpoint', 'image'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * The accepted files, by extension: the content type they are served with, their family, and the magic their first
 * bytes must carry (checked on upload, so a renamed executable is refused whatever the browser said it was).
 */
export const DOCUMENT_TYPES = {
  pdf: { mimeType: 'application/pdf', kind: 'pdf', magic: 'pdf' },
  doc: { mimeType: 'application/msword', kind: 'word', magic: 'ole' },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'word',
    magic: 'zip',
  },
  xls: { mimeType: 'application/vnd.ms-excel', kind: 'excel', magic: 'ole' },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'excel', magic: 'zip' },
  ppt: { mimeType: 'application/vnd.ms-powerpoint', kind: 'powerpoint', magic: 'ole' },
  pptx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    kind: 'powerpoint',
    magic: 'zip',
  },
  png: { mimeType: 'image/png', kind: 'image', magic: 'png' },
  jpg: { mimeType: 'image/jpeg', kind: 'image', magic: 'jpeg' },
  jpeg: { mimeType: 'image/jpeg', kind: 'image', magic: 'jpeg' },
  gif: { mimeType: 'image/gif', kind: 'image', magic: 'gif' },
  webp: { mimeType: 'image/webp', kind: 'image', magic: 'webp' },
} as const satisfies Record<string, { mimeType: string; kind: DocumentKind; magic: string }>;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;

/** The file chooser's accept list. */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

/** The accepted type of a file name, by its extension, or null. */
export function documentTypeOf(fileName: string): (typeof DOCUMENT_TYPES)[DocumentExtension] | null {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(DOCUMENT_TYPES, extension) ? DOCUMENT_TYPES[extension as DocumentExtension] : null;
}

/**
 * A file name as it may be stored and shown: no folders, no control characters, none of the characters a file
 * system or a Content-Disposition header would trip on, spaces collapsed, at most DOCUMENT_NAME_MAX characters with
 * the extension kept. An empty result is an empty string.
 */
export function sanitiseDocumentName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // Whitespace (tabs and line breaks included) becomes one space; other control characters (below U+0020, and DEL)
  // go by their code; the rest by the list.
  const spaced = base.replace(/\s+/g, ' ');
  const visible = [...spaced].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f).join('');
  const cleaned = visible
    .replace(/[<>:"|?*;]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const stripped = cleaned.replace(/^\.+/, '');
  if (stripped.length <= DOCUMENT_NAME_MAX) return stripped;
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(stripped)?.[0] ?? '';
  return stripped.slice(0, DOCUMENT_NAME_MAX - extension.length) + extension;
}

/** Who may take a document: read online only (仅在线阅读), or also download it (允许下载). */
export const DOCUMENT_PERMISSIONS = ['read', 'download'] as const;
export const documentPermission = z.enum(DOCUMENT_PERMISSIONS);
export type DocumentPermission = z.infer<typeof documentPermission>;

export const documentActivity = z.object({ id: z.number().int(), name: z.string() });
export type DocumentActivity = z.infer<typeof documentActivity>;

export const document = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  mimeType: z.string(),
  /** Bytes. */
  size: z.number().int(),
  permission: documentPermission,
  /** Only viewers signed in by SMS (the watch page's sign-in) may read it. */
  signInRequired: z.boolean(),
  /** The activities whose viewers see it, by name. */
  activities: z.array(documentActivity),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Document = z.infer<typeof document>;
export const documentList = listOf(document);
export type DocumentList = z.infer<typeof documentList>;

/** GET /v3/agent/document: newest first, 10 a page; name contains; bound to one activity. */
export const documentListQuery = pageQuery(DOCUMENT_PAGE_SIZE).extend({
  name: z.string().trim().max(DOCUMENT_NAME_MAX).optional(),
  activityId: id.optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuery>;

export const documentUpdate = z.object({
  name: z.string().transform(sanitiseDocumentName).pipe(z.string().min(1, DOCUMENT_ERRORS.nameRequired)).optional(),
  permission: documentPermission.optional(),
  signInRequired: z.boolean().optional(),
});
export type DocumentUpdate = z.input<typeof documentUpdate>;

export const documentBindings = z.object({
  activityIds: z
    .array(id)
    .max(DOCUMENT_MAX_ACTIVITIES, `At most ${DOCUMENT_MAX_ACTIVITIES} activities`)
    .refine((ids) => new Set(ids).size === ids.length, 'An activity is named twice'),
});
export type DocumentBindings = z.input<typeof documentBindings>;

export const documentParams = z.object({ id, documentId: id });

const consoleCalls = defineCalls('documents', {
  listDocuments: {
    method: 'GET',
    path: '/v3/agent/document',
    summary: 'The agent’s documents with their activities and permission, newest first',
    access: 'signedIn',
    query: documentListQuery,
    response: documentList,
  },
  // Multipart/form-data with one `file`, which the entry does not describe; an Idempotency-Key makes a repeated
  // upload answer the document the first one stored.
  uploadDocument: {
    method: 'POST',
    path: '/v3/agent/document',
    summary: 'Upload a document (multipart `file`: PDF, Word, Excel, PowerPoint or a picture) into the library',
    access: 'signedIn',
    response: document,
  },
  updateDocument: {
    method: 'PUT',
    path: '/v3/agent/document/:id',
    summary: 'Rename a document or change who may read and download it',
    access: 'signedIn',
    params: idParams,
    body: documentUpdate,
    response: document,
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/v3/agent/document/:id',
    summary: 'Delete a document and its file; the watch pages stop listing it',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  bindDocument: {
    method: 'PUT',
    path: '/v3/agent/document/:id/activity',
    summary: 'The activities whose viewers see the document (the whole set, replacing the previous one)',
    access: 'signedIn',
    params: idParams,
    body: documentBindings,
    response: document,
  },
  downloadDocument: {
    method: 'GET',
    path: '/v3/agent/document/:id/file',
    summary: 'The document’s file, for its agent to check what viewers get',
    access: 'signedIn',
    params: idParams,
    response: z.string(),
    download: true,
  },
  listActivityDocuments: {
    method: 'GET',
    path: '/v3/activity/:id/document',
    summary: 'The documents bound to one activity',
    access: 'signedIn',
    params: idParams,
    response: z.object({ items: z.array(document) }),
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The watch page's side: public; the viewer is its cookie and, for a sign-in-only document, its SMS sign-in.

export const watchDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  size: z.number().int(),
  signInRequired: z.boolean(),
  /** Whether 下载 is offered. */
  canDownload: z.boolean(),
  /** Where the browser reads it (inline). */
  readUrl: z.string(),
  /** Where it downloads it (attachment), or null when it is read online only. */
  downloadUrl: z.string().nullable(),
});
export type WatchDocument = z.infer<typeof watchDocument>;
export const watchDocuments = z.object({ items: z.array(watchDocument) });
export type WatchDocuments = z.infer<typeof watchDocuments>;

export const watchDocumentFileQuery = z.object({
  download: z.enum(['0', '1']).default('0'),
  /** The pass the document list put in the address (the list is answered only past the watch page's gates). */
  t: z.string().max(512).optional(),
});

/** The watch page's address of a document's file (the API prefix included), to read or to download. */
export const watchDocumentFilePath = (activityId: number, documentId: number, download: boolean) =>
  `/api/watch/${activityId}/document/${documentId}/file${download ? '?download=1' : ''}`;

const viewerCalls = defineCalls('documents', {
  listWatchDocuments: {
    method: 'GET',
    path: '/watch/:id/document',
    summary: 'The documents of an activity as its viewers see them (文档 tab)',
    access: 'public',
    params: idParams,
    response: watchDocuments,
  },
  readWatchDocument: {
    method: 'GET',
    path: '/watch/:id/document/:documentId/file',
    summary: 'A document of the activity, inline to read or as an attachment when downloads are allowed',
    access: 'public',
    params: documentParams,
    query: watchDocumentFileQuery,
    response: z.string(),
  },
});

export const documentCalls = { ...consoleCalls, ...viewerCalls };

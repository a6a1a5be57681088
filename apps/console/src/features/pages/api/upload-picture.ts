import {
  ACTIVITY_PICTURE_MAX_BYTES,
  ACTIVITY_PICTURE_TYPES,
  fillPath,
  pageCalls,
  trimUploadFilepath,
  type Uploaded,
} from '@yanbo/contracts';
import { ApiError, buildUrl } from '../../../app/http';
import { getManageToken } from '../../../app/manage-token';
import { pageTexts as t } from '../../../locales/zh-CN/pages';

export const PICTURE_MAX_MB = ACTIVITY_PICTURE_MAX_BYTES / 1024 / 1024;

/** Why a file cannot be a page's picture (its type or size), before anything is sent; null when it can. */
export function pictureRefusal(file: { type: string; size: number }): string | null {
  if (!(ACTIVITY_PICTURE_TYPES as readonly string[]).includes(file.type)) return t['pages.image.type'];
  if (file.size > ACTIVITY_PICTURE_MAX_BYTES) return t['pages.image.size'](PICTURE_MAX_MB);
  return null;
}

/**
 * Uploads a picture for the agent's pages (POST /agent/{id}/upload, multipart field `file`). Answers what a component
 * keeps: the filepath with its first three segments (seed 001 §3, §9 "Upload filepath: first 3 segments kept"); the
 * page shows it from where uploads are served.
 */
export async function uploadPagePicture(agentId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const token = getManageToken();
  const response = await fetch(buildUrl(fillPath(pageCalls.uploadPagePicture.path, { id: agentId })), {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json().catch(() => ({}))) as Partial<Uploaded> & {
    message?: string;
    code?: string;
    field?: string;
  };
  if (!response.ok || !body.filepath) {
    throw new ApiError(response.status, body.message ?? '', body.code, body.field, body);
  }
  return trimUploadFilepath(body.filepath);
}

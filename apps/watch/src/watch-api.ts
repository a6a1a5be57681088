import type { HeartbeatResult, VisitStarted, WatchPage, WatchToken } from '@yanbo/contracts/watch';
import { WATCH_TOKEN_HEADER } from '@yanbo/contracts/watch-constants';

// The watch page's calls (public, under /api/watch/{id}); the viewer cookie rides along on its own.

export class WatchApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`/api/watch${path}`, {
    ...init,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new WatchApiError(response.status, body?.message ?? response.statusText);
  return body as T;
}

export const fetchWatchPage = (id: number, token: string | null) =>
  request<WatchPage>(`/${id}`, { headers: token ? { [WATCH_TOKEN_HEADER]: token } : {} });

export const enterWatchCode = (id: number, code: string) =>
  request<WatchToken>(`/${id}/watchcode`, { method: 'POST', body: JSON.stringify({ code }) });

export const startVisit = (id: number, ditch: string | undefined, referrer: string) =>
  request<VisitStarted>(`/${id}/visit`, { method: 'POST', body: JSON.stringify({ ditch, referrer }) });

export const sendHeartbeat = (id: number, visitId: number) =>
  request<HeartbeatResult>(`/${id}/heartbeat`, {
    method: 'POST',
    body: JSON.stringify({ visitId }),
    keepalive: true,
  });

/** Follows the push state live; answers the function that stops listening. */
export function followPushing(id: number, onChange: (isPushing: boolean) => void): () => void {
  const source = new EventSource(`/api/watch/${id}/events`);
  source.addEventListener('pushing', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as { isPushing: boolean };
    onChange(data.isPushing);
  });
  return () => source.close();
}

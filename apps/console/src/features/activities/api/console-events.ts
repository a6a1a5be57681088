import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityDetail,
  type ActivityUsage,
  type EphemeralToken,
  liveStreamCalls,
  metaCalls,
} from '@yanbo/contracts';
import { useEffect, useRef } from 'react';
import { ephemeralTokenQuery } from '../../../app/entry-queries';
import { api, apiUrl } from '../../../app/http';
import { activityUsageQuery } from './activity-usage';
import { type CommentListener, deliverComment, listenForComments, resyncComments } from './comment-events';
import { activityQuery } from './get-activity';
import { activityListsKey, recentLiveQuery } from './list-activities';
import { parseOnlineEvent, usageWithOnline } from './online-updates';
import { activityWithPushing, listWithPushing, parsePushingEvent } from './pushing-updates';

// The console's live updates: GET /api/realtime/console?token=<message token> is a server-sent-events stream.
// EventSource can't send the bearer header, so the stream is opened with a short-lived message token; when the
// stream fails (the token expired, the server restarted, the network dropped) it is reopened with a fresh token.
// One connection serves every screen that wants it, and it outlives a navigation between two of them.

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** A cached token this close to expiry isn't worth opening a stream with. */
const TOKEN_MARGIN_MS = 60_000;
/** Kept open this long after the last screen leaves, so going from the list to a board reuses it. */
const LINGER_MS = 5_000;

interface Connection {
  users: number;
  /** Between the first screen's subscribe and the close: fetching a token, streaming or waiting to retry. */
  active: boolean;
  source: EventSource | null;
  generation: number;
  failures: number;
  everOpened: boolean;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  lingerTimer: ReturnType<typeof setTimeout> | undefined;
}

const connection: Connection = {
  users: 0,
  active: false,
  source: null,
  generation: 0,
  failures: 0,
  everOpened: false,
  retryTimer: undefined,
  lingerTimer: undefined,
};

async function messageToken(queryClient: QueryClient, fresh: boolean): Promise<string> {
  const key = ephemeralTokenQuery().queryKey;
  const cached = queryClient.getQueryData<EphemeralToken>(key);
  if (!fresh && cached && Date.parse(cached.expiresAt) - Date.now() > TOKEN_MARGIN_MS) return cached.token;
  const issued = await api(metaCalls.createEphemeralToken);
  queryClient.setQueryData(key, issued);
  return issued.token;
}

/** isPushing changed: the board's activity and every cached list follow at once; 最近直播 asks again. */
function applyPushing(queryClient: QueryClient, data: string) {
  const event = parsePushingEvent(data);
  if (!event) return;
  queryClient.setQueryData<ActivityDetail>(activityQuery(event.activityId).queryKey, (activity) =>
    activityWithPushing(activity, event),
  );
  queryClient.setQueriesData({ queryKey: activityListsKey }, (list: unknown) => listWithPushing(list, event));
  void queryClient.invalidateQueries({ queryKey: recentLiveQuery().queryKey });
  // A push started or ended: the board's usage (pushes, duration) asks again.
  void queryClient.invalidateQueries({ queryKey: activityUsageQuery(event.activityId).queryKey });
}

/** The cached gift lists of an activity (the gifts sent, the top-gift rank): a `gift` event asks them again. */
export const activityGiftsKey = (activityId: number) => ['activity-gifts', activityId] as const;

function applyGift(queryClient: QueryClient, data: string) {
  let activityId: unknown;
  try {
    activityId = (JSON.parse(data) as { activityId?: unknown }).activityId;
  } catch {
    return;
  }
  if (typeof activityId === 'number') void queryClient.invalidateQueries({ queryKey: activityGiftsKey(activityId) });
}

/** The online count of an activity's stream changed: the board's usage card follows at once. */
function applyOnline(queryClient: QueryClient, data: string) {
  const event = parseOnlineEvent(data);
  if (!event) return;
  queryClient.setQueryData<ActivityUsage>(activityUsageQuery(event.activityId).queryKey, (usage) =>
    usageWithOnline(usage, event),
  );
}

function scheduleRetry(queryClient: QueryClient) {
  if (!connection.active) return;
  clearTimeout(connection.retryTimer);
  const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** connection.failures);
  connection.failures += 1;
  connection.retryTimer = setTimeout(() => void open(queryClient, true), delay);
}

async function open(queryClient: QueryClient, freshToken: boolean) {
  const generation = ++connection.generation;
  let token: string;
  try {
    token = await messageToken(queryClient, freshToken);
  } catch {
    if (generation === connection.generation) scheduleRetry(queryClient);
    return;
  }
  // Closed, or reopened by someone else, while the token was on its way.
  if (generation !== connection.generation || !connection.active) return;
  const source = new EventSource(apiUrl(liveStreamCalls.openConsoleEvents, { query: { token } }));
  connection.source = source;
  source.addEventListener('open', () => {
    // Whatever changed while the stream was down isn't coming as events: ask again for what is on screen.
    if (connection.everOpened) {
      void queryClient.invalidateQueries({ queryKey: activityListsKey });
      void queryClient.invalidateQueries({ queryKey: ['activity'] });
      void queryClient.invalidateQueries({ queryKey: ['activity-usage'] });
      resyncComments();
      void queryClient.invalidateQueries({ queryKey: ['activity-gifts'] });
    }
    connection.everOpened = true;
    connection.failures = 0;
  });
  source.addEventListener('activity.pushing', (event) => applyPushing(queryClient, (event as MessageEvent).data));
  source.addEventListener('activity.online', (event) => applyOnline(queryClient, (event as MessageEvent).data));
  source.addEventListener('comment', (event) => deliverComment((event as MessageEvent).data));
  source.addEventListener('gift', (event) => applyGift(queryClient, (event as MessageEvent).data));
  source.addEventListener('error', () => {
    if (connection.source !== source) return;
    source.close();
    connection.source = null;
    scheduleRetry(queryClient);
  });
}

function close() {
  connection.active = false;
  connection.generation += 1;
  clearTimeout(connection.retryTimer);
  connection.source?.close();
  connection.source = null;
  connection.failures = 0;
  connection.everOpened = false;
}

function subscribe(queryClient: QueryClient): () => void {
  connection.users += 1;
  clearTimeout(connection.lingerTimer);
  if (!connection.active) {
    connection.active = true;
    void open(queryClient, false);
  }
  return () => {
    connection.users -= 1;
    if (connection.users > 0) return;
    clearTimeout(connection.lingerTimer);
    connection.lingerTimer = setTimeout(() => {
      if (connection.users === 0) close();
    }, LINGER_MS);
  };
}

/** Keeps the console's live updates flowing into the query cache while the calling screen is shown. */
export function useConsoleEvents() {
  const queryClient = useQueryClient();
  useEffect(() => subscribe(queryClient), [queryClient]);
}

/**
 * New comments of one activity as they are posted (the `comment` event), while the calling screen is shown; the
 * handlers are read afresh on every event, so they may change between renders.
 */
export function useCommentEvents(activityId: number, handlers: Omit<CommentListener, 'activityId'>) {
  useConsoleEvents();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      listenForComments({
        activityId,
        onComment: (comment) => latest.current.onComment(comment),
        onResync: () => latest.current.onResync(),
      }),
    [activityId],
  );
}

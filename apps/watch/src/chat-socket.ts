import { CHAT_CLOSE_CODES, type ChatClientMessage, type ChatServerMessage } from '@yanbo/contracts/comments';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { chatReducer, chatSocketUrl, initialChatState, parseServerMessages, reconnectDelay } from './chat-rules';
import { emitInteraction, emitResync, isInteractionMessage } from './interaction-store';

// The chat room's socket: opened once the page may be watched, hello with the nickname first, every message checked
// against the contract; after a drop (a too-slow socket closed by the server, 4507, is one) it reconnects with backoff asking after the last comment seen, so the list
// misses nothing and repeats nothing, and the page's other parts read again what they hold. A kick or the blacklist
// ends it.

/** idle: not asked to connect yet; connecting: the first socket (or a new nickname's); reconnecting: after a drop. */
export type ChatConnection = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'ended';

const ENDING_CODES: readonly number[] = [CHAT_CLOSE_CODES.kicked, CHAT_CLOSE_CODES.blacklisted];
const ENDING_REFUSALS: readonly string[] = ['CHAT_BLACKLISTED', 'CHAT_KICKED'];

/** Other parts of the page that hear the viewer's socket (the text live tab), so one socket serves them all. */
const listeners = new Set<(message: ChatServerMessage) => void>();
export function onViewerMessage(listener: (message: ChatServerMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChatSocket({
  activityId,
  nickname,
  enabled,
}: {
  activityId: number;
  nickname: string;
  enabled: boolean;
}) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [connection, setConnection] = useState<ChatConnection>('idle');
  const socketRef = useRef<WebSocket | null>(null);
  const lastIdRef = useRef(0);
  const endedRef = useRef(false);

  useEffect(() => {
    if (!enabled || endedRef.current) return;
    let stopped = false;
    let attempt = 0;
    let dropped = false;
    let timer: number | undefined;
    let socket: WebSocket | null = null;

    const connect = () => {
      setConnection(dropped ? 'reconnecting' : 'connecting');
      const ws = new WebSocket(chatSocketUrl(window.location, activityId, lastIdRef.current));
      socket = ws;
      socketRef.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', nickname } satisfies ChatClientMessage));
      // A frame holds one message or several in order (the room's rounds): each is taken as if it came alone.
      ws.onmessage = (event) => {
        for (const message of parseServerMessages(event.data)) take(message);
      };
      const take = (message: ChatServerMessage) => {
        // Votes, check-ins and answers travel on this socket too; the interaction layer takes them.
        if (isInteractionMessage(message)) {
          emitInteraction(message);
          return;
        }
        if (message.type === 'welcome') {
          attempt = 0;
          setConnection('open');
          // What travelled on the socket while it was down (votes, check-ins, red packets) is read again.
          if (dropped) emitResync();
        } else if (message.type === 'comment' || message.type === 'robotComment') {
          lastIdRef.current = Math.max(lastIdRef.current, message.comment.id);
        } else if (
          message.type === 'kicked' ||
          (message.type === 'refused' && ENDING_REFUSALS.includes(message.code))
        ) {
          endedRef.current = true;
        }
        dispatch(message);
        for (const listener of listeners) listener(message);
      };
      ws.onclose = (event) => {
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (endedRef.current || ENDING_CODES.includes(event.code)) {
          endedRef.current = true;
          setConnection('ended');
          return;
        }
        dropped = true;
        setConnection('reconnecting');
        timer = window.setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.close(1000);
      }
    };
  }, [activityId, nickname, enabled]);

  /** Sends a comment; false when the socket is not open. */
  const send = useCallback((text: string) => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({ type: 'comment', text } satisfies ChatClientMessage));
    return true;
  }, []);

  /** A message heard otherwise than on the socket (the answer to the viewer's own gift). */
  return { state, connection, send, deliver: dispatch };
}

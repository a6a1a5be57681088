import {
  CHAT_NICKNAME_MAX_LENGTH,
  CHAT_REFUSAL_TEXTS,
  type ChatComment,
  COMMENT_MAX_LENGTH,
} from '@yanbo/contracts/comments';
import type { SentGift } from '@yanbo/contracts/gifts';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from '../chat.module.css';
import { CHAT_NICKNAME_KEY, defaultNickname } from '../chat-rules';
import { useChatSocket } from '../chat-socket';
import { useChatboxVote } from '../interaction-store';
import interactionStyles from '../interactions.module.css';
import { watchTexts as t } from '../locales/zh-CN';
import { watchGiftOrder } from '../watch-api';
import { GiftPanel } from './gift-panel';
import { RewardOverlays } from './reward-overlays';

// The 聊天室 tab: the pinned comment, the messages (robots' look like everyone's), the online count and the input.
// It stays mounted while another tab shows, so the socket and the messages live as long as the page.

/** How long a refusal's reason stays above the input. */
const REFUSAL_SHOWN_MS = 3_000;
/** How many times (a second apart) an order the pay page returned from is asked about. */
const GIFT_RETURN_TRIES = 30;
/** Within this of the bottom, the list counts as following the newest. */
const BOTTOM_SLACK_PX = 48;

function readNickname(): string | null {
  try {
    return window.localStorage.getItem(CHAT_NICKNAME_KEY)?.trim() || null;
  } catch {
    return null;
  }
}

function saveNickname(nickname: string) {
  try {
    window.localStorage.setItem(CHAT_NICKNAME_KEY, nickname);
  } catch {
    // private mode: the nickname lasts as long as this page
  }
}

/** A page without a viewer id still gets a stable name for this page view. */
const PAGE_VIEWER = Math.random().toString(36).slice(2);

function NicknameSheet({ initial, onSave }: { initial: string; onSave: (nickname: string) => void }) {
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value.trim() || initial);
  };
  return (
    <div className={styles.sheetBackdrop}>
      <form
        className={styles.sheet}
        onSubmit={submit}
        role="dialog"
        aria-modal="true"
        aria-label={t['watch.chat.nickname.title']}
      >
        <div className={styles.sheetTitle}>{t['watch.chat.nickname.title']}</div>
        <div className={styles.sheetHint}>{t['watch.chat.nickname.hint']}</div>
        <input
          ref={input}
          className={styles.sheetInput}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={CHAT_NICKNAME_MAX_LENGTH}
          aria-label={t['watch.chat.nickname.label']}
          enterKeyHint="done"
        />
        <button type="submit" className={styles.sheetButton}>
          {t['watch.chat.nickname.save']}
        </button>
      </form>
    </div>
  );
}

/** The vote in the chat box (the template's isVoteChatboxEnabled): its title and a way to open it. */
function ChatboxVote() {
  const { vote, open } = useChatboxVote();
  if (!vote) return null;
  return (
    <button
      type="button"
      className={interactionStyles.chatboxVote}
      onClick={() => open(vote.id)}
      data-testid="vote-chatbox"
    >
      <span className={interactionStyles.badge}>{t['watch.vote.badge']}</span>
      <span className={interactionStyles.bannerTitle}>{vote.title}</span>
      <span className={interactionStyles.bannerAction}>
        {vote.status === 'published' && vote.myChoices === null ? t['watch.vote.go'] : t['watch.vote.see']}
      </span>
    </button>
  );
}

function GiftRow({ gift }: { gift: SentGift }) {
  return (
    <li className={styles.gift} data-testid="chat-gift">
      <span className={styles.nickname}>{gift.nickname}</span>
      <span className={styles.giftText}>
        {t['watch.gift.message'](gift.name, gift.count)}
        <img src={gift.icon} alt="" />
      </span>
    </li>
  );
}

function CommentRow({ comment }: { comment: ChatComment }) {
  return (
    <li className={styles.comment} data-testid="chat-comment">
      <span className={styles.nickname}>{comment.nickname}</span>
      <span className={styles.bubble}>
        {comment.text}
        {comment.status === 'pending' && <span className={styles.tag}>{t['watch.chat.pending']}</span>}
        {comment.status === 'failed' && (
          <span className={`${styles.tag} ${styles.tagFailed}`}>{t['watch.chat.failed']}</span>
        )}
      </span>
    </li>
  );
}

export function ChatRoom({
  activityId,
  viewerId,
  enabled,
  hidden,
}: {
  activityId: number;
  viewerId: string | null;
  enabled: boolean;
  hidden: boolean;
}) {
  const [stored, setStored] = useState(readNickname);
  const [sheet, setSheet] = useState(false);
  const fallback = defaultNickname(viewerId ?? PAGE_VIEWER);
  const nickname = stored ?? fallback;
  const { state, connection, send, deliver } = useChatSocket({ activityId, nickname, enabled });
  const [giftPanel, setGiftPanel] = useState(false);
  const [giftNotice, setGiftNotice] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unseen, setUnseen] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const lastSent = useRef('');
  const input = useRef<HTMLInputElement>(null);
  /** The nickname is asked once: the first time the input is used, unless one was kept. */
  const asked = useRef(stored !== null);

  // Back from the pay page in this same tab (?giftOrder=): the order is asked about until it settles, and said.
  useEffect(() => {
    const orderId = Number(new URLSearchParams(window.location.search).get('giftOrder'));
    if (!Number.isInteger(orderId) || orderId <= 0) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('giftOrder');
    window.history.replaceState(window.history.state, '', url);
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      if (tries > GIFT_RETURN_TRIES) window.clearInterval(timer);
      watchGiftOrder(activityId, orderId)
        .then((order) => {
          if (order.status === 'init') return;
          window.clearInterval(timer);
          setGiftNotice(order.status === 'paid' ? t['watch.gift.paid'] : t['watch.gift.payFailed']);
        })
        .catch(() => window.clearInterval(timer));
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [activityId]);
  useEffect(() => {
    if (!giftNotice) return;
    const timer = window.setTimeout(() => setGiftNotice(null), REFUSAL_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [giftNotice]);

  // A refusal's reason shows for a moment; a refused comment comes back to the input to be changed.
  useEffect(() => {
    if (!state.refusal) return;
    setRefusal(CHAT_REFUSAL_TEXTS[state.refusal.code]);
    setDraft((current) => current || lastSent.current);
    const timer = window.setTimeout(() => setRefusal(null), REFUSAL_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [state.refusal]);

  // Follow the newest unless the viewer scrolled up to read; then say there is more below.
  const newest = state.items.at(-1);
  const newestKey = newest ? (newest.kind === 'comment' ? `c${newest.comment.id}` : newest.key) : '';
  useLayoutEffect(() => {
    const element = list.current;
    if (!element || hidden) return;
    if (following.current) element.scrollTop = element.scrollHeight;
    else if (newestKey) setUnseen(true);
  }, [newestKey, hidden]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    if (following.current) setUnseen(false);
  };

  const toNewest = () => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
    following.current = true;
    setUnseen(false);
  };

  const ended = state.ended ?? (connection === 'ended' ? 'kicked' : null);
  const open = connection === 'open' && !ended;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || !send(text)) return;
    lastSent.current = text;
    setDraft('');
    setRefusal(null);
    toNewest();
  };

  const saveSheet = (chosen: string) => {
    const name = chosen.slice(0, CHAT_NICKNAME_MAX_LENGTH);
    saveNickname(name);
    setStored(name);
    setSheet(false);
    input.current?.focus();
  };

  const pinned = state.pins.at(-1);
  // The name the server took at the last welcome; before the first, the one asked for.
  const shownNickname = state.nickname ?? nickname;
  const status =
    connection === 'connecting' || connection === 'idle'
      ? t['watch.chat.connecting']
      : connection === 'reconnecting'
        ? t['watch.chat.reconnecting']
        : null;

  return (
    <>
      <RewardOverlays
        activityId={activityId}
        userId={state.userId}
        lottery={state.lottery}
        redPacket={state.redPacket}
      />
      <div className={styles.chat} hidden={hidden} data-testid="chat-room">
        <div className={styles.header}>
          <span className={styles.online} data-testid="chat-online">
            {state.online !== null && !ended && t['watch.chat.online'](state.online)}
          </span>
          {status && !ended && (
            <span className={styles.connection} role="status" data-testid="chat-connection">
              {status}
            </span>
          )}
          <button
            type="button"
            className={styles.nicknameButton}
            onClick={() => setSheet(true)}
            aria-label={t['watch.chat.nickname.edit'](shownNickname)}
          >
            {shownNickname}
          </button>
        </div>
        {pinned && (
          <div className={styles.pinned} data-testid="chat-pinned">
            <span className={styles.pinnedTag}>{t['watch.chat.pinned']}</span>
            <span className={styles.pinnedText}>
              {pinned.nickname}：{pinned.text}
            </span>
          </div>
        )}
        <ChatboxVote />
        <div className={styles.body}>
          <ol className={styles.list} ref={list} onScroll={onScroll} data-testid="chat-list" aria-live="polite">
            {state.items.length === 0 && connection === 'open' && (
              <li className={styles.empty}>{t['watch.chat.empty']}</li>
            )}
            {state.items.map((item) =>
              item.kind === 'comment' ? (
                <CommentRow key={item.comment.id} comment={item.comment} />
              ) : item.kind === 'gift' ? (
                <GiftRow key={item.key} gift={item.gift} />
              ) : (
                <li key={item.key} className={styles.notice}>
                  <span>{item.text}</span>
                </li>
              ),
            )}
          </ol>
          {unseen && (
            <button type="button" className={styles.newPill} onClick={toNewest}>
              {t['watch.chat.newMessages']} ↓
            </button>
          )}
        </div>
        {giftNotice && !ended && (
          <div className={styles.refusal} role="status" data-testid="chat-gift-notice">
            {giftNotice}
          </div>
        )}
        {refusal && !ended && (
          <div className={styles.refusal} role="alert" data-testid="chat-refusal">
            {refusal}
          </div>
        )}
        {ended ? (
          <div className={styles.ended} role="alert" data-testid="chat-ended">
            {ended === 'blacklisted' ? CHAT_REFUSAL_TEXTS.CHAT_BLACKLISTED : t['watch.chat.kicked']}
          </div>
        ) : (
          <form className={styles.inputBar} onSubmit={submit}>
            <button
              type="button"
              className={styles.giftButton}
              onClick={() => setGiftPanel(true)}
              disabled={!open}
              aria-label={t['watch.gift.open']}
              title={t['watch.gift.open']}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-1.5a1.5 1.5 0 0 1 0 3h-2v-1.5A1.5 1.5 0 0 1 15 5.5Zm-6 0A1.5 1.5 0 0 1 11 7v1.5H9a1.5 1.5 0 0 1 0-3ZM5 9h6v2H5V9Zm1 4h5v6H6v-6Zm12 6h-5v-6h5v6Zm1-8h-6V9h6v2Z"
                />
              </svg>
            </button>
            <input
              ref={input}
              className={styles.input}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onFocus={() => {
                if (asked.current) return;
                asked.current = true;
                setSheet(true);
              }}
              placeholder={t['watch.chat.placeholder']}
              maxLength={COMMENT_MAX_LENGTH}
              enterKeyHint="send"
              disabled={!open}
              aria-label={t['watch.chat.placeholder']}
            />
            <button type="submit" className={styles.send} disabled={!open || !draft.trim()}>
              {t['watch.chat.send']}
            </button>
          </form>
        )}
        {sheet && <NicknameSheet initial={nickname} onSave={saveSheet} />}
        {giftPanel && (
          <GiftPanel
            activityId={activityId}
            nickname={shownNickname}
            onSent={(gift) => {
              deliver({ type: 'gift', gift });
              toNewest();
            }}
            onClose={() => setGiftPanel(false)}
          />
        )}
      </div>
    </>
  );
}

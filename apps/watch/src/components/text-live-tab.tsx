import type { TextLivePost } from '@yanbo/contracts/text-live';
import { useEffect, useState } from 'react';
import styles from '../audience.module.css';
import { CHAT_NICKNAME_KEY, defaultNickname } from '../chat-rules';
import { onViewerMessage, useChatSocket } from '../chat-socket';
import { watchTexts as t } from '../locales/zh-CN';
import { fetchTextLivePosts } from '../watch-api';
import { formatPostTime } from '../watch-rules';

// 图文直播 (intro tab type textLive): the organiser's posts, newest first. New and deleted posts arrive over the
// viewer's chat socket: the chat room's when the page has one, else a socket of this tab's own.

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; posts: TextLivePost[] };

function nickname(viewerId: string | null): string {
  try {
    const saved = window.localStorage.getItem(CHAT_NICKNAME_KEY)?.trim();
    if (saved) return saved;
  } catch {
    // private mode
  }
  return defaultNickname(viewerId ?? 'viewer');
}

export function TextLiveTab({
  activityId,
  viewerId,
  enabled,
  ownSocket,
}: {
  activityId: number;
  viewerId: string | null;
  enabled: boolean;
  /** The page has no chat room, so this tab opens the viewer's socket itself. */
  ownSocket: boolean;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useChatSocket({ activityId, nickname: nickname(viewerId), enabled: enabled && ownSocket });

  // Read again on each (re)connection of the socket: posts made while it was down are not replayed on it.
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks for a fresh read
  useEffect(() => {
    let stopped = false;
    fetchTextLivePosts(activityId)
      .then((list) =>
        setLoad((current) => {
          if (stopped) return current;
          // Posts heard while the list was on its way (newer than its newest) stay; the rest is the list's.
          const newest = list.items[0]?.id ?? 0;
          const heard = current.state === 'ready' ? current.posts.filter((post) => post.id > newest) : [];
          return { state: 'ready', posts: [...heard, ...list.items] };
        }),
      )
      .catch(() => !stopped && setLoad((current) => (current.state === 'ready' ? current : { state: 'failed' })));
    return () => {
      stopped = true;
    };
  }, [activityId, round]);

  useEffect(
    () =>
      onViewerMessage((message) => {
        if (message.type === 'welcome') {
          setRound((value) => value + 1);
        } else if (message.type === 'textLivePost') {
          setLoad((current) => {
            const posts = current.state === 'ready' ? current.posts : [];
            if (posts.some((post) => post.id === message.post.id)) return current;
            return { state: 'ready', posts: [message.post, ...posts].sort((a, b) => b.id - a.id) };
          });
        } else if (message.type === 'textLiveDeleted') {
          setLoad((current) =>
            current.state === 'ready'
              ? { state: 'ready', posts: current.posts.filter((post) => post.id !== message.id) }
              : current,
          );
        }
      }),
    [],
  );

  if (load.state === 'loading') return <div className={styles.note}>{t['watch.loading']}</div>;
  if (load.state === 'failed') return <div className={styles.note}>{t['watch.textLive.failed']}</div>;
  if (!load.posts.length) return <div className={styles.note}>{t['watch.textLive.empty']}</div>;
  return (
    <ol className={styles.posts} data-testid="text-live-posts">
      {load.posts.map((post) => (
        <li key={post.id} className={styles.post} data-testid="text-live-post">
          <time className={styles.postTime} dateTime={post.createdAt}>
            {formatPostTime(post.createdAt)}
          </time>
          {post.text && <div className={styles.postText}>{post.text}</div>}
          {post.images.length > 0 && (
            <div className={styles.postImages}>
              {post.images.map((image) => (
                <img key={image} className={styles.postImage} src={image} alt="" loading="lazy" />
              ))}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

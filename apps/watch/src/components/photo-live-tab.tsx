import { PHOTO_PAGE_SIZE, photoCalls, type WatchPhoto } from '@yanbo/contracts/photos';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { CHAT_NICKNAME_KEY, defaultNickname } from '../chat-rules';
import { onViewerMessage, useChatSocket } from '../chat-socket';
import { watchTexts } from '../locales/zh-CN';
import { photoLiveTexts as t } from '../locales/zh-CN-photos';
import { api } from '../watch-api';
import styles from './photo-live.module.css';

// 图片直播 (intro tab types photoLive and photoContent, by the tab's photoListId): the list's published photos as a
// grid of thumbnails, newest first; a tap opens the display picture full screen, where a swipe or the arrows go to
// the next one. New photos arrive and hidden or deleted ones leave over the viewer's chat socket (the chat room's when
// the page has one, else a socket of this tab's own), so an open page follows the photographer without a reload.

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; title: string; photos: WatchPhoto[]; total: number; pages: number };

/** A horizontal swipe this long (CSS pixels) turns the picture. */
const SWIPE_PX = 40;

function nickname(viewerId: string | null): string {
  try {
    const saved = window.localStorage.getItem(CHAT_NICKNAME_KEY)?.trim();
    if (saved) return saved;
  } catch {
    // private mode
  }
  return defaultNickname(viewerId ?? 'viewer');
}

const fetchPage = (activityId: number, listId: number, page: number, pageSize = PHOTO_PAGE_SIZE) =>
  api(photoCalls.getWatchPhotoList, { params: { id: activityId, listId }, query: { page, pageSize } });

export function PhotoLiveTab({
  activityId,
  listId,
  viewerId,
  enabled,
  ownSocket,
}: {
  activityId: number;
  listId: number;
  viewerId: string | null;
  enabled: boolean;
  /** The page has no chat room, so this tab opens the viewer's socket itself. */
  ownSocket: boolean;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  // The open picture by its id, so photos arriving or leaving meanwhile do not change which one shows.
  const [open, setOpen] = useState<number | null>(null);
  const newestRef = useRef(0);
  const [round, setRound] = useState(0);
  const pagesRef = useRef(1);
  useChatSocket({ activityId, nickname: nickname(viewerId), enabled: enabled && ownSocket });

  // Read again on each (re)connection of the socket and after a reorder: the pages held so far, in one read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks for a fresh read
  useEffect(() => {
    let stopped = false;
    const pages = pagesRef.current;
    fetchPage(activityId, listId, 1, Math.min(PHOTO_PAGE_SIZE * pages, 100))
      .then((list) => {
        if (stopped) return;
        setLoad({
          state: 'ready',
          title: list.title,
          photos: list.photos.items,
          total: list.photos.pager.total,
          pages: Math.ceil(list.photos.items.length / PHOTO_PAGE_SIZE) || 1,
        });
      })
      .catch(() => !stopped && setLoad((current) => (current.state === 'ready' ? current : { state: 'failed' })));
    return () => {
      stopped = true;
    };
  }, [activityId, listId, round]);

  useEffect(
    () =>
      onViewerMessage((message) => {
        if (message.type === 'welcome') {
          setRound((value) => value + 1);
          return;
        }
        if (!('listId' in message) || message.listId !== listId) return;
        if (message.type === 'photosReordered') {
          setRound((value) => value + 1);
        } else if (message.type === 'photosAdded') {
          // A photo shown again may belong anywhere in the order: the list is read again for it.
          if (message.photos.some((photo) => photo.id < newestRef.current)) {
            setRound((value) => value + 1);
            return;
          }
          setLoad((current) => {
            if (current.state !== 'ready') return current;
            const held = new Set(current.photos.map((photo) => photo.id));
            const added = message.photos.filter((photo) => !held.has(photo.id));
            if (!added.length) return current;
            const photos = [...added.sort((a, b) => b.id - a.id), ...current.photos];
            return { ...current, photos, total: current.total + added.length };
          });
          setFresh((current) => new Set([...current, ...message.photos.map((photo) => photo.id)]));
        } else if (message.type === 'photosRemoved') {
          const gone = new Set(message.ids);
          setLoad((current) => {
            if (current.state !== 'ready') return current;
            const photos = current.photos.filter((photo) => !gone.has(photo.id));
            return { ...current, photos, total: Math.max(0, current.total - (current.photos.length - photos.length)) };
          });
        }
      }),
    [listId],
  );

  if (load.state === 'loading') return <div className={styles.wrap}>{watchTexts['watch.loading']}</div>;
  if (load.state === 'failed') return <div className={styles.wrap}>{t['photos.failed']}</div>;
  const { photos } = load;
  newestRef.current = Math.max(0, ...photos.map((photo) => photo.id));
  const openIndex = open === null ? -1 : photos.findIndex((photo) => photo.id === open);
  const more = photos.length < load.total;
  const loadMore = () => {
    const next = load.pages + 1;
    fetchPage(activityId, listId, next)
      .then((list) => {
        pagesRef.current = next;
        setLoad((current) => {
          if (current.state !== 'ready') return current;
          const held = new Set(current.photos.map((photo) => photo.id));
          const photos = [...current.photos, ...list.photos.items.filter((photo) => !held.has(photo.id))];
          return { ...current, photos, total: list.photos.pager.total, pages: next };
        });
      })
      .catch(() => undefined);
  };
  return (
    <div className={styles.wrap} data-testid="photo-live">
      <div className={styles.meta}>
        <span className={styles.title}>{load.title}</span>
        <span data-testid="photo-live-count">{t['photos.count'](load.total)}</span>
      </div>
      {photos.length === 0 ? (
        <div className={styles.meta}>{t['photos.empty']}</div>
      ) : (
        <ul className={styles.grid}>
          {photos.map((photo) => (
            <li key={photo.id}>
              <button
                type="button"
                className={`${styles.cell} ${fresh.has(photo.id) ? styles.arrived : ''}`}
                data-testid="photo-live-item"
                data-photo-id={photo.id}
                onClick={() => setOpen(photo.id)}
                style={{ width: '100%' }}
              >
                <img src={photo.thumbUrl} alt="" loading="lazy" width={photo.thumbWidth} height={photo.thumbHeight} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button type="button" className={styles.more} onClick={loadMore}>
          {t['photos.more']}
        </button>
      )}
      {openIndex >= 0 && (
        <PhotoViewer
          photos={photos}
          index={openIndex}
          total={load.total}
          onMove={(index) => setOpen(photos[index]?.id ?? null)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/** The full-screen picture: arrows, a swipe, or the keyboard turn it; the counter says where one is. */
function PhotoViewer({
  photos,
  index,
  total,
  onMove,
  onClose,
}: {
  photos: WatchPhoto[];
  index: number;
  total: number;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const start = useRef<number | null>(null);
  const photo = photos[index] as WatchPhoto;
  const go = (to: number) => {
    if (to >= 0 && to < photos.length) onMove(to);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowLeft') go(index - 1);
      else if (event.key === 'ArrowRight') go(index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    start.current = null;
    if (dx <= -SWIPE_PX) go(index + 1);
    else if (dx >= SWIPE_PX) go(index - 1);
  };
  return (
    <div className={styles.viewer} role="dialog" aria-modal="true" data-testid="photo-viewer">
      <div className={styles.viewerBar}>
        <span data-testid="photo-viewer-position">{t['photos.position'](index + 1, total)}</span>
        <button type="button" className={styles.viewerClose} onClick={onClose} aria-label={t['photos.close']}>
          ×
        </button>
      </div>
      <div
        className={styles.viewerStage}
        onPointerDown={(event) => {
          start.current = event.clientX;
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <img
          key={photo.id}
          className={styles.viewerImage}
          src={photo.url}
          alt=""
          width={photo.width}
          height={photo.height}
          draggable={false}
          data-testid="photo-viewer-image"
        />
        <button
          type="button"
          className={`${styles.viewerNav} ${styles.viewerPrev}`}
          disabled={index === 0}
          onClick={() => go(index - 1)}
          aria-label={t['photos.previous']}
        >
          ‹
        </button>
        <button
          type="button"
          className={`${styles.viewerNav} ${styles.viewerNext}`}
          disabled={index >= photos.length - 1}
          onClick={() => go(index + 1)}
          aria-label={t['photos.next']}
        >
          ›
        </button>
      </div>
    </div>
  );
}

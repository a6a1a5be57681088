import { GIFT_ORDER_TTL_MINUTES, type SentGift, type WatchGift } from '@yanbo/contracts/gifts';
import { fenToYuan } from '@yanbo/contracts/price';
import { useEffect, useState } from 'react';
import styles from '../chat.module.css';
import { watchTexts as t } from '../locales/zh-CN';
import { listWatchGifts, sendWatchGift, WatchApiError, watchGiftOrder } from '../watch-api';

// The gift sheet of the chat room (issue 10): the agent's enabled gifts in its order. A free gift is sent at once; a
// paid one opens the pay provider's page in a new window (this page keeps its chat, where the gift shows once paid),
// and the order is followed until it is paid or fails.

const COUNTS = [1, 10, 66, 99] as const;
/** How often an open gift order is asked about while its pay page is open. */
const ORDER_POLL_MS = 3_000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'paying'; orderId: number }
  | { kind: 'message'; text: string };

const priceText = (price: number) => (price === 0 ? t['watch.gift.free'] : t['watch.gift.price'](fenToYuan(price)));

function errorText(error: unknown): string {
  if (error instanceof WatchApiError) {
    if (error.status === 429) return t['watch.gift.tooMany'];
    if (error.status === 404) return t['watch.gift.gone'];
  }
  return t['watch.gift.failed'];
}

export function GiftPanel({
  activityId,
  nickname,
  onSent,
  onClose,
}: {
  activityId: number;
  nickname: string;
  onSent: (gift: SentGift) => void;
  onClose: () => void;
}) {
  const [gifts, setGifts] = useState<WatchGift[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [count, setCount] = useState<number>(1);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  useEffect(() => {
    let live = true;
    listWatchGifts(activityId)
      .then((list) => {
        if (!live) return;
        setGifts(list.items);
        setChosen((current) => current ?? list.items[0]?.id ?? null);
      })
      .catch(() => live && setGifts([]));
    return () => {
      live = false;
    };
  }, [activityId]);

  // A paid gift's order is followed while its pay page is open; the gift itself comes by the chat.
  const payingOrder = phase.kind === 'paying' ? phase.orderId : null;
  useEffect(() => {
    if (payingOrder === null) return;
    const until = Date.now() + GIFT_ORDER_TTL_MINUTES * 60_000;
    const timer = window.setInterval(() => {
      if (Date.now() > until) window.clearInterval(timer);
      watchGiftOrder(activityId, payingOrder)
        .then((order) => {
          if (order.status === 'init') return;
          window.clearInterval(timer);
          setPhase({
            kind: 'message',
            text: order.status === 'paid' ? t['watch.gift.paid'] : t['watch.gift.payFailed'],
          });
        })
        .catch(() => {});
    }, ORDER_POLL_MS);
    return () => window.clearInterval(timer);
  }, [activityId, payingOrder]);

  const gift = gifts?.find((item) => item.id === chosen) ?? null;

  const send = async () => {
    if (!gift) return;
    // The pay page's window is opened within the click, so a browser does not block it; it gets its address next.
    const payWindow = gift.price > 0 ? window.open('', '_blank') : null;
    setPhase({ kind: 'sending' });
    try {
      const result = await sendWatchGift(activityId, { giftId: gift.id, count, nickname });
      if (result.status === 'sent') {
        onSent(result.gift);
        onClose();
        return;
      }
      if (payWindow) payWindow.location.href = result.url;
      else window.location.href = result.url;
      setPhase({ kind: 'paying', orderId: result.orderId });
    } catch (error) {
      payWindow?.close();
      setPhase({ kind: 'message', text: errorText(error) });
    }
  };

  const busy = phase.kind === 'sending';
  const buttonText = busy
    ? t['watch.gift.sending']
    : gift && gift.price > 0
      ? t['watch.gift.pay'](fenToYuan(gift.price * count))
      : t['watch.gift.send'];

  return (
    <div className={styles.sheetBackdrop}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-label={t['watch.gift.title']}>
        <div className={styles.sheetTitle}>{t['watch.gift.title']}</div>
        <button type="button" className={styles.sheetClose} onClick={onClose} aria-label={t['watch.gift.close']}>
          ×
        </button>
        {gifts === null && <div className={styles.sheetHint}>{t['watch.gift.loading']}</div>}
        {gifts?.length === 0 && <div className={styles.sheetHint}>{t['watch.gift.none']}</div>}
        {gifts && gifts.length > 0 && (
          <>
            <div className={styles.giftGrid} role="listbox" aria-label={t['watch.gift.title']}>
              {gifts.map((item) => (
                <button
                  key={item.id}
                  type="button"
                  role="option"
                  aria-selected={item.id === chosen}
                  className={`${styles.giftOption} ${item.id === chosen ? styles.giftChosen : ''}`}
                  onClick={() => setChosen(item.id)}
                  data-testid="gift-option"
                >
                  <img className={styles.giftIcon} src={item.icon} alt="" />
                  <span className={styles.giftName}>{item.name}</span>
                  <span className={styles.giftPrice}>{priceText(item.price)}</span>
                </button>
              ))}
            </div>
            <fieldset className={styles.giftCounts} aria-label={t['watch.gift.count']}>
              {COUNTS.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={value === count}
                  className={`${styles.giftCount} ${value === count ? styles.giftChosen : ''}`}
                  onClick={() => setCount(value)}
                >
                  ×{value}
                </button>
              ))}
            </fieldset>
            {(phase.kind === 'paying' || phase.kind === 'message') && (
              <div className={styles.sheetHint} role="status" data-testid="gift-status">
                {phase.kind === 'paying' ? t['watch.gift.paying'] : phase.text}
              </div>
            )}
            <button type="button" className={styles.sheetButton} onClick={send} disabled={!gift || busy}>
              {buttonText}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

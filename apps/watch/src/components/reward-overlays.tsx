import type { ChatServerMessage } from '@yanbo/contracts/comments';
import { useEffect, useState } from 'react';
import { useResyncs } from '../interaction-store';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../rewards.module.css';
import { grabRedPacket, listRedPackets, WatchApiError } from '../watch-api';

// The lottery's announcement (every viewer sees the winners; a winner sees 恭喜中奖) and the red packet to open, both
// brought by the chat socket (issue 10). A packet offered before this page joined is found on arrival.

type Draw = Extract<ChatServerMessage, { type: 'lotteryDrawn' }>['draw'];
type Offer = Extract<ChatServerMessage, { type: 'redPacket' }>['redPacket'];

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function RewardOverlays({
  activityId,
  userId,
  lottery,
  redPacket,
}: {
  activityId: number;
  /** This viewer, once the chat welcomed it. */
  userId: string | null;
  lottery: Draw | null;
  redPacket: Offer | null;
}) {
  const [drawShown, setDrawShown] = useState<number | null>(null);
  const [offer, setOffer] = useState<Pick<Offer, 'id' | 'greeting'> | null>(null);
  const [outcome, setOutcome] = useState<{ amount: number } | { error: string } | null>(null);
  const [opening, setOpening] = useState(false);
  const [closedPackets] = useState(() => new Set<number>());

  useEffect(() => {
    if (lottery) setDrawShown(lottery.id);
  }, [lottery]);

  useEffect(() => {
    if (redPacket && !closedPackets.has(redPacket.id)) {
      setOffer(redPacket);
      setOutcome(null);
    }
  }, [redPacket, closedPackets]);

  // Once welcomed, and again when the socket is back after a drop: a packet still open that this viewer has not grabbed.
  const round = useResyncs();
  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks for a fresh read
  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    listRedPackets(activityId)
      .then(({ items }) => {
        const waiting = items.find((item) => item.open && item.grabbed === null && !closedPackets.has(item.id));
        if (!stopped && waiting) setOffer((current) => current ?? waiting);
      })
      .catch(() => {});
    return () => {
      stopped = true;
    };
  }, [activityId, userId, closedPackets, round]);

  const open = async () => {
    if (!offer) return;
    setOpening(true);
    try {
      setOutcome(await grabRedPacket(activityId, offer.id));
    } catch (error) {
      const key = `watch.redPacket.${error instanceof WatchApiError ? error.message : ''}` as keyof typeof t;
      const text = t[key];
      setOutcome({ error: typeof text === 'string' ? text : t['watch.redPacket.failed'] });
    } finally {
      setOpening(false);
    }
  };

  const closePacket = () => {
    if (offer) closedPackets.add(offer.id);
    setOffer(null);
    setOutcome(null);
  };

  const draw = lottery && drawShown === lottery.id ? lottery : null;
  const won = draw !== null && userId !== null && draw.winners.some((winner) => winner.userId === userId);

  return (
    <>
      {draw && (
        <div
          className={styles.backdrop}
          role="dialog"
          aria-label={t['watch.lottery.title']}
          data-testid="lottery-overlay"
        >
          <div className={styles.lottery}>
            <h2 className={styles.lotteryTitle}>{t['watch.lottery.title']}</h2>
            <p className={styles.prize}>{t['watch.lottery.prize'](draw.prizeName)}</p>
            {won ? (
              <>
                <p className={styles.won} data-testid="lottery-won">
                  {t['watch.lottery.won']}
                </p>
                <p className={styles.hint}>{t['watch.lottery.wonHint']}</p>
              </>
            ) : (
              <p className={styles.hint}>{t['watch.lottery.notWon']}</p>
            )}
            <p className={styles.hint}>{t['watch.lottery.winners']}</p>
            <ul className={styles.winners} data-testid="lottery-winners">
              {draw.winners.map((winner) => (
                <li key={winner.userId} className={winner.userId === userId ? styles.me : undefined}>
                  {winner.nickname}
                </li>
              ))}
            </ul>
            <button type="button" className={styles.close} onClick={() => setDrawShown(null)}>
              {t['watch.close']}
            </button>
          </div>
        </div>
      )}
      {!draw && offer && (
        <div className={styles.backdrop} role="dialog" aria-label={t['watch.redPacket.from']} data-testid="red-packet">
          <div className={styles.packet}>
            <button type="button" className={styles.packetClose} onClick={closePacket} aria-label={t['watch.close']}>
              ×
            </button>
            <p className={styles.packetFrom}>{t['watch.redPacket.from']}</p>
            {outcome === null ? (
              <>
                <p className={styles.greeting}>{offer.greeting}</p>
                <button type="button" className={styles.openButton} onClick={open} disabled={opening}>
                  {opening ? t['watch.redPacket.opening'] : t['watch.redPacket.open']}
                </button>
              </>
            ) : 'amount' in outcome ? (
              <div style={{ margin: 'auto 0' }} data-testid="red-packet-amount">
                <p className={styles.packetFrom}>{t['watch.redPacket.got']}</p>
                <p className={styles.amount}>{t['watch.redPacket.amount'](yuan(outcome.amount))}</p>
                <p className={styles.packetFrom}>{t['watch.redPacket.saved']}</p>
              </div>
            ) : (
              <p className={styles.greeting} data-testid="red-packet-refused" style={{ margin: 'auto 0' }}>
                {outcome.error}
              </p>
            )}
          </div>
        </div>
      )}
    </>
  );
}

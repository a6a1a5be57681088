import type { WatchTopGiftList } from '@yanbo/contracts/gifts';
import { fenToYuan } from '@yanbo/contracts/price';
import { useEffect, useState } from 'react';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../watch.module.css';
import { listWatchTopGifts } from '../watch-api';

/**
 * 礼物排行榜 under a rank tab: the activity's top 10 givers (by value, then count), asked for each time the tab is
 * shown. The rank tab's invitation list sits beside it.
 */
export function TopGiftRank({ activityId }: { activityId: number }) {
  const [rank, setRank] = useState<WatchTopGiftList['items'] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    listWatchTopGifts(activityId)
      .then((list) => live && setRank(list.items))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [activityId]);
  return (
    <section className={styles.rank} data-testid="watch-top-gift">
      <h3 className={styles.rankTitle}>{t['watch.tabs.topGift']}</h3>
      {rank === null ? (
        <div className={styles.placeholder}>{failed ? t['watch.rank.failed'] : t['watch.loading']}</div>
      ) : rank.length === 0 ? (
        <div className={styles.placeholder}>{t['watch.rank.empty']}</div>
      ) : (
        <ol className={styles.rankList}>
          {rank.map((item) => (
            <li key={item.rank} className={styles.rankRow}>
              <span className={`${styles.rankNo} ${item.rank <= 3 ? styles.rankTop : ''}`}>{item.rank}</span>
              <span className={styles.rankName}>{item.nickname}</span>
              <span className={styles.rankValue}>
                {item.amount > 0 ? `¥${fenToYuan(item.amount)}` : t['watch.rank.count'](item.count)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

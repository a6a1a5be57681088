import type { TopShareEntry } from '@yanbo/contracts/invitations';
import type { IntroTab } from '@yanbo/contracts/page-template';
import { useEffect, useState } from 'react';
import styles from '../audience.module.css';
import { watchTexts as t } from '../locales/zh-CN';
import { fetchGuestTopShare } from '../watch-api';
import { TopGiftRank } from './top-gift-rank';

// The rank tab (排行榜, intro tab type rank): the top share list (the 10 viewers who brought the most viewers) and the
// top gift list (the 10 who gave the most), each as the tab asks. A tab set to neither list shows the top share.

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; items: TopShareEntry[] };

function TopShareList({ activityId }: { activityId: number }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let stopped = false;
    fetchGuestTopShare(activityId)
      .then((list) => !stopped && setLoad({ state: 'ready', items: list.items }))
      .catch(() => !stopped && setLoad({ state: 'failed' }));
    return () => {
      stopped = true;
    };
  }, [activityId]);
  return (
    <section className={styles.rankSection} data-testid="rank-top-share">
      <h2 className={styles.rankTitle}>{t['watch.tabs.topShare']}</h2>
      {load.state === 'loading' && <div className={styles.note}>{t['watch.loading']}</div>}
      {load.state === 'failed' && <div className={styles.note}>{t['watch.rank.failed']}</div>}
      {load.state === 'ready' && !load.items.length && <div className={styles.note}>{t['watch.rank.shareEmpty']}</div>}
      {load.state === 'ready' && load.items.length > 0 && (
        <ol className={styles.rankList}>
          {load.items.map((item) => (
            <li key={item.inviterId} className={styles.rankRow}>
              <span className={`${styles.rankNo} ${item.rank <= 3 ? styles[`rankNo${item.rank}`] : ''}`}>
                {item.rank}
              </span>
              <span className={styles.rankName}>{item.nickname}</span>
              <span className={styles.rankCount}>{t['watch.rank.invitees'](item.guestCount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function RankTab({ tab, activityId }: { tab: IntroTab; activityId: number }) {
  const showShare = tab.topShare || !tab.topGift;
  return (
    <div className={styles.rankTab}>
      {showShare && <TopShareList activityId={activityId} />}
      {tab.topGift && <TopGiftRank activityId={activityId} />}
    </div>
  );
}

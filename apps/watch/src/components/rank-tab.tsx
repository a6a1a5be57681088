import type { TopShareEntry } from '@yanbo/contracts/invitations';
import type { IntroTab } from '@yanbo/contracts/page-template';
import { useEffect, useState } from 'react';
import styles from '../audience.module.css';
import { watchTexts as t } from '../locales/zh-CN';
import { fetchGuestTopShare } from '../watch-api';

// The rank tab (排行榜, intro tab type rank): the top share list, the 10 viewers who brought the most viewers. A tab
// set to neither list shows the top share.
//
// TopGiftSlot: the top gift list (GET /v3/activity/{id}/top-gift, limit 10) goes below the top share when the tab has
// topGift on. The gifts' contract has no such entry yet, so the section is left out until it lands.

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
      {load.state === 'ready' && !load.items.length && <div className={styles.note}>{t['watch.rank.empty']}</div>}
      {load.state === 'ready' && load.items.length > 0 && (
        <ol className={styles.rankList}>
          {load.items.map((item) => (
            <li key={item.inviterId} className={styles.rankRow}>
              <span className={`${styles.rankNo} ${item.rank <= 3 ? styles[`rankNo${item.rank}`] : ''}`}>
                {item.rank}
              </span>
              <span className={styles.rankName}>{item.nickname}</span>
              <span className={styles.rankCount}>{t['watch.rank.invitees'](item.invitees)}</span>
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
      {!showShare && <div className={styles.note}>{t['watch.rank.empty']}</div>}
    </div>
  );
}

import { financeMoneyCalls } from '@yanbo/contracts/finance';
import { fenToYuan } from '@yanbo/contracts/price';
import type { WatchPage } from '@yanbo/contracts/watch';
import { useEffect, useState } from 'react';
import { paidViewTexts as t } from '../locales/zh-CN-finance';
import styles from '../watch.module.css';
import { api } from '../watch-api';
import { Logo } from './stage-view';

/** How many times the page asks about an order it came back from the pay page with (once a second). */
const RETURN_TRIES = 30;

/**
 * The paid-view gate (issue 13): the activity's per-view price and a button that orders the viewer's access and goes
 * to the pay provider's page; back from it (?viewOrder=) the order is asked about until it settles, and once paid the
 * page is read again and plays.
 */
export function PaidViewGate({
  activityId,
  page,
  onPaid,
}: {
  activityId: number;
  page: WatchPage;
  onPaid: () => void;
}) {
  const [price, setPrice] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api(financeMoneyCalls.getWatchPaidView, { params: { id: activityId } })
      .then((state) => setPrice(state.price))
      .catch(() => setNote(t['paidView.error']));
  }, [activityId]);

  useEffect(() => {
    const orderId = Number(new URLSearchParams(window.location.search).get('viewOrder'));
    if (!Number.isInteger(orderId) || orderId <= 0) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('viewOrder');
    window.history.replaceState(window.history.state, '', url);
    setNote(t['paidView.checking']);
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      if (tries > RETURN_TRIES) window.clearInterval(timer);
      api(financeMoneyCalls.getWatchPaidViewOrder, { params: { id: activityId, orderId } })
        .then((order) => {
          if (order.status === 'init') return;
          window.clearInterval(timer);
          if (order.status === 'paid') onPaid();
          else setNote(t['paidView.failed']);
        })
        .catch(() => window.clearInterval(timer));
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [activityId, onPaid]);

  const pay = () => {
    setBusy(true);
    api(financeMoneyCalls.createWatchPaidView, { params: { id: activityId } })
      .then((order) => window.location.assign(order.url))
      .catch(() => {
        setBusy(false);
        setNote(t['paidView.error']);
      });
  };

  const cover = page.template.imgCover || page.activity.cover;
  const yuan = price === null ? '' : fenToYuan(price);
  return (
    <section className={styles.stage} data-testid="watch-paid-view-gate">
      {cover && <img className={`${styles.cover} ${styles.coverDim}`} src={cover} alt="" />}
      <div className={styles.codeForm}>
        <div className={styles.codeTitle}>{t['paidView.title']}</div>
        {price !== null && <div className={styles.codeHint}>{t['paidView.hint'](yuan)}</div>}
        {note && (
          <div className={styles.codeHint} role="status">
            {note}
          </div>
        )}
        {price !== null && (
          <button type="button" className={styles.primaryButton} onClick={pay} disabled={busy}>
            {t['paidView.pay'](yuan)}
          </button>
        )}
      </div>
      <Logo template={page.template} />
    </section>
  );
}

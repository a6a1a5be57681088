import type { WatchPage } from '@yanbo/contracts/watch';
import { type FormEvent, useState } from 'react';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../watch.module.css';
import { enterWatchCode, WatchApiError } from '../watch-api';
import { watchTokenKey } from '../watch-rules';
import { Logo } from './stage-view';

/** The watch code form over the cover: the right code's viewer token is kept for this activity. */
export function CodeGate({
  activityId,
  page,
  onEntered,
}: {
  activityId: number;
  page: WatchPage;
  onEntered: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cover = page.template.imgCover || page.activity.cover;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(t['watch.code.required']);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { token } = await enterWatchCode(activityId, code.trim());
      try {
        window.localStorage.setItem(watchTokenKey(activityId), token);
      } catch {
        // private mode: the token lives as long as this page
      }
      onEntered();
    } catch (caught) {
      const status = caught instanceof WatchApiError ? caught.status : 0;
      setError(
        status === 400 ? t['watch.code.wrong'] : status === 429 ? t['watch.code.locked'] : t['watch.code.failed'],
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.stage} data-testid="watch-code-gate">
      {cover && <img className={`${styles.cover} ${styles.coverDim}`} src={cover} alt="" />}
      <form className={styles.codeForm} onSubmit={submit} noValidate>
        <div className={styles.codeTitle}>{t['watch.code.title']}</div>
        <div className={styles.codeHint}>{t['watch.code.hint']}</div>
        <div className={styles.codeRow}>
          <input
            className={styles.codeInput}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={t['watch.code.placeholder']}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            aria-label={t['watch.code.placeholder']}
          />
          <button type="submit" className={styles.primaryButton} disabled={busy}>
            {busy ? t['watch.code.submitting'] : t['watch.code.submit']}
          </button>
        </div>
        {error && (
          <div className={styles.codeError} role="alert">
            {error}
          </div>
        )}
      </form>
      <Logo template={page.template} />
    </section>
  );
}

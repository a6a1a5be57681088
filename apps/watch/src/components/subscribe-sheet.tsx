import { WATCH_ERRORS } from '@yanbo/contracts/watch-constants';
import { type FormEvent, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../watch.module.css';
import { sendSubscribeCode, subscribe, WatchApiError } from '../watch-api';
import { subscribedKey, validMobile, validSmsCode } from '../watch-rules';

function remembered(activityId: number): boolean {
  try {
    return window.localStorage.getItem(subscribedKey(activityId)) === '1';
  } catch {
    return false;
  }
}

function failure(caught: unknown, fallback: string): string {
  if (!(caught instanceof WatchApiError)) return fallback;
  if (caught.status === 429) return t['watch.subscribe.tooMany'];
  if (caught.message === WATCH_ERRORS.activityEnded) return t['watch.subscribe.ended'];
  return fallback;
}

/** 预约 before the live starts: the viewer's mobile, confirmed by an SMS code, gets a reminder when the push starts. */
export function SubscribeButton({ activityId }: { activityId: number }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(() => remembered(activityId));
  return (
    <>
      <button
        type="button"
        className={styles.subscribeButton}
        onClick={() => setOpen(true)}
        disabled={done}
        data-testid="watch-subscribe"
      >
        {done ? t['watch.subscribed'] : t['watch.subscribe']}
      </button>
      {open &&
        // Over the whole page, outside the stage (which clips, and whose pill would hold a fixed sheet inside it).
        createPortal(
          <SubscribeSheet
            activityId={activityId}
            onClose={() => setOpen(false)}
            onDone={() => {
              setDone(true);
              try {
                window.localStorage.setItem(subscribedKey(activityId), '1');
              } catch {
                // private mode: remembered for this page only
              }
            }}
          />,
          document.body,
        )}
    </>
  );
}

function SubscribeSheet({
  activityId,
  onClose,
  onDone,
}: {
  activityId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  async function requestCode() {
    if (!validMobile(mobile)) {
      setError(t['watch.subscribe.badMobile']);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const sent = await sendSubscribeCode(activityId, mobile.trim());
      setWait(sent.resendAfter);
    } catch (caught) {
      setError(failure(caught, t['watch.subscribe.codeFailed']));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validMobile(mobile)) return setError(t['watch.subscribe.badMobile']);
    if (!validSmsCode(code)) return setError(t['watch.subscribe.badCode']);
    setError(null);
    setBusy(true);
    try {
      await subscribe(activityId, mobile.trim(), code.trim());
      setSuccess(true);
      onDone();
    } catch (caught) {
      setError(
        failure(
          caught,
          caught instanceof WatchApiError && caught.status === 400
            ? t['watch.subscribe.wrongCode']
            : t['watch.subscribe.failed'],
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.sheetBackdrop}>
      <form
        className={styles.sheet}
        onSubmit={submit}
        noValidate
        role="dialog"
        aria-label={t['watch.subscribe.title']}
        data-testid="watch-subscribe-sheet"
      >
        <button type="button" className={styles.sheetClose} onClick={onClose} aria-label={t['watch.subscribe.close']}>
          ×
        </button>
        {success ? (
          <div className={styles.sheetDone} role="status">
            <div className={styles.sheetTitle}>{t['watch.subscribe.done']}</div>
            <div className={styles.sheetHint}>{t['watch.subscribe.doneHint']}</div>
          </div>
        ) : (
          <>
            <div className={styles.sheetTitle}>{t['watch.subscribe.title']}</div>
            <div className={styles.sheetHint}>{t['watch.subscribe.hint']}</div>
            <input
              className={styles.sheetInput}
              value={mobile}
              onChange={(event) => setMobile(event.target.value)}
              placeholder={t['watch.subscribe.mobile']}
              aria-label={t['watch.subscribe.mobile']}
              inputMode="tel"
              autoComplete="tel"
              maxLength={11}
            />
            <div className={styles.sheetRow}>
              <input
                className={styles.sheetInput}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                placeholder={t['watch.subscribe.code']}
                aria-label={t['watch.subscribe.code']}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <button
                type="button"
                className={styles.secondaryButton}
                onClick={requestCode}
                disabled={busy || wait > 0}
              >
                {wait > 0 ? t['watch.subscribe.resend'](wait) : t['watch.subscribe.sendCode']}
              </button>
            </div>
            {error && (
              <div className={styles.sheetError} role="alert">
                {error}
              </div>
            )}
            <button type="submit" className={`${styles.primaryButton} ${styles.sheetSubmit}`} disabled={busy}>
              {busy ? t['watch.subscribe.submitting'] : t['watch.subscribe.submit']}
            </button>
          </>
        )}
      </form>
    </div>
  );
}

import { WATCH_ERRORS } from '@yanbo/contracts/watch-constants';
import { type FormEvent, useEffect, useState } from 'react';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../watch.module.css';
import { WatchApiError } from '../watch-api';
import { validMobile, validSmsCode } from '../watch-rules';

/** What one mobile-and-code sheet says and does: 预约 and 登录 are both a mobile proved by an SMS code. */
export interface MobileCodeSheetProps {
  title: string;
  hint: string;
  submit: string;
  done: string;
  doneHint: string;
  /** What the page says when the code or the confirmation failed for a reason other than a wrong code. */
  failed: string;
  testId: string;
  sendCode(mobile: string): Promise<{ resendAfter: number }>;
  confirm(mobile: string, code: string): Promise<unknown>;
  onClose(): void;
  onDone(): void;
}

function failure(caught: unknown, fallback: string): string {
  if (!(caught instanceof WatchApiError)) return fallback;
  if (caught.status === 429) return t['watch.subscribe.tooMany'];
  if (caught.message === WATCH_ERRORS.activityEnded) return t['watch.subscribe.ended'];
  return fallback;
}

export function MobileCodeSheet(props: MobileCodeSheetProps) {
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
      const sent = await props.sendCode(mobile.trim());
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
      await props.confirm(mobile.trim(), code.trim());
      setSuccess(true);
      props.onDone();
    } catch (caught) {
      setError(
        failure(
          caught,
          caught instanceof WatchApiError && caught.status === 400 ? t['watch.subscribe.wrongCode'] : props.failed,
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
        aria-label={props.title}
        data-testid={props.testId}
      >
        <button
          type="button"
          className={styles.sheetClose}
          onClick={props.onClose}
          aria-label={t['watch.subscribe.close']}
        >
          ×
        </button>
        {success ? (
          <div className={styles.sheetDone} role="status">
            <div className={styles.sheetTitle}>{props.done}</div>
            <div className={styles.sheetHint}>{props.doneHint}</div>
          </div>
        ) : (
          <>
            <div className={styles.sheetTitle}>{props.title}</div>
            <div className={styles.sheetHint}>{props.hint}</div>
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
              {busy ? t['watch.subscribe.submitting'] : props.submit}
            </button>
          </>
        )}
      </form>
    </div>
  );
}

import { useState } from 'react';
import { createPortal } from 'react-dom';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../watch.module.css';
import { sendSubscribeCode, subscribe } from '../watch-api';
import { subscribedKey } from '../watch-rules';
import { MobileCodeSheet } from './mobile-code-sheet';

function remembered(activityId: number): boolean {
  try {
    return window.localStorage.getItem(subscribedKey(activityId)) === '1';
  } catch {
    return false;
  }
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
          <MobileCodeSheet
            title={t['watch.subscribe.title']}
            hint={t['watch.subscribe.hint']}
            submit={t['watch.subscribe.submit']}
            done={t['watch.subscribe.done']}
            doneHint={t['watch.subscribe.doneHint']}
            failed={t['watch.subscribe.failed']}
            testId="watch-subscribe-sheet"
            sendCode={(mobile) => sendSubscribeCode(activityId, mobile)}
            confirm={(mobile, code) => subscribe(activityId, mobile, code)}
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

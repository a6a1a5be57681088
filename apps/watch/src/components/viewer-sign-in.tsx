import type { WatchPage } from '@yanbo/contracts/watch';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { watchTexts as t } from '../locales/zh-CN';
import styles from '../watch.module.css';
import { sendSignInCode, signIn, signOut } from '../watch-api';
import { MobileCodeSheet } from './mobile-code-sheet';
import { Logo } from './stage-view';

// Signing in by SMS (issue 10): the chat then knows the viewer by its mobile, and an activity listing allowed mobiles
// plays only for those.

/** The SMS sign-in sheet, over the page (the title bar's 登录, the mobile gate, a check-in for signed-in viewers). */
export function SignInSheet({ activityId, onClose, onDone }: { activityId: number; onClose(): void; onDone(): void }) {
  return createPortal(
    <MobileCodeSheet
      title={t['watch.signIn.title']}
      hint={t['watch.signIn.hint']}
      submit={t['watch.signIn.submit']}
      done={t['watch.signIn.done']}
      doneHint={t['watch.signIn.doneHint']}
      failed={t['watch.signIn.failed']}
      testId="watch-sign-in-sheet"
      sendCode={(mobile) => sendSignInCode(activityId, mobile)}
      confirm={(mobile, code) => signIn(activityId, mobile, code)}
      onClose={onClose}
      onDone={onDone}
    />,
    document.body,
  );
}

/** 登录 in the title bar, or the signed-in mobile (masked) with 退出. */
export function ViewerBadge({
  activityId,
  viewer,
  onChanged,
}: {
  activityId: number;
  viewer: WatchPage['viewer'];
  onChanged(): void;
}) {
  const [open, setOpen] = useState(false);
  if (viewer) {
    return (
      <span className={styles.viewerBadge} data-testid="watch-viewer">
        <span>{viewer.mobile}</span>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => signOut(activityId).then(onChanged, onChanged)}
        >
          {t['watch.signOut']}
        </button>
      </span>
    );
  }
  return (
    <>
      <button type="button" className={styles.linkButton} onClick={() => setOpen(true)} data-testid="watch-sign-in">
        {t['watch.signIn']}
      </button>
      {open && <SignInSheet activityId={activityId} onClose={() => setOpen(false)} onDone={onChanged} />}
    </>
  );
}

/** In place of the stage when the activity lists allowed mobiles and this viewer is not signed in with one. */
export function MobileGateView({
  activityId,
  page,
  onChanged,
}: {
  activityId: number;
  page: WatchPage;
  onChanged(): void;
}) {
  const [open, setOpen] = useState(false);
  const cover = page.template.imgCover || page.activity.cover;
  const blocked = page.mobileGate === 'blocked';
  const notAllowed = page.mobileGate === 'notAllowed' || blocked;
  const signInAgain = () =>
    (notAllowed ? signOut(activityId).catch(() => undefined) : Promise.resolve()).then(() => setOpen(true));
  return (
    <section className={styles.stage} data-testid="watch-mobile-gate">
      {cover && <img className={`${styles.cover} ${styles.coverDim}`} src={cover} alt="" />}
      <div className={styles.codeForm}>
        <div className={styles.codeTitle}>
          {blocked ? t['watch.mobileGate.blockedTitle'] : t['watch.mobileGate.title']}
        </div>
        <div className={styles.codeHint}>
          {blocked && page.viewer
            ? t['watch.mobileGate.blocked'](page.viewer.mobile)
            : notAllowed && page.viewer
              ? t['watch.mobileGate.notAllowed'](page.viewer.mobile)
              : t['watch.mobileGate.hint']}
        </div>
        <button type="button" className={styles.primaryButton} onClick={() => void signInAgain()}>
          {notAllowed ? t['watch.mobileGate.switch'] : t['watch.signIn']}
        </button>
      </div>
      <Logo template={page.template} />
      {open && <SignInSheet activityId={activityId} onClose={() => setOpen(false)} onDone={onChanged} />}
    </section>
  );
}

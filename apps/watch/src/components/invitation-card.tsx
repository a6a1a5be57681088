import { QRCodeSVG } from '@rc-component/qrcode';
import { type InvitationCard, invitationLink } from '@yanbo/contracts/invitations';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from '../audience.module.css';
import { CHAT_NICKNAME_KEY, defaultNickname } from '../chat-rules';
import { watchTexts as t } from '../locales/zh-CN';
import { openInvitationCard } from '../watch-api';

// 邀请卡 (issue 10): the viewer's personal invitation card, as the organiser set it in the console, with a link and a
// QR code that name the viewer as the inviter; a new viewer arriving by it counts for the viewer's top share.

function nicknameOf(viewerId: string): string {
  try {
    const saved = window.localStorage.getItem(CHAT_NICKNAME_KEY)?.trim();
    if (saved) return saved.slice(0, 20);
  } catch {
    // private mode: the default name
  }
  return defaultNickname(viewerId);
}

/** The page's address with the viewer as inviter (other parameters, such as a ditch, are the inviter's own). */
const linkFor = (activityId: number, viewerId: string) =>
  invitationLink(`${window.location.origin}/watch/${activityId}`, viewerId);

export function InvitationButton({ activityId, viewerId }: { activityId: number; viewerId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.inviteButton}
        onClick={() => setOpen(true)}
        data-testid="watch-invitation"
      >
        {t['watch.invite.button']}
      </button>
      {open &&
        createPortal(
          <InvitationSheet activityId={activityId} viewerId={viewerId} onClose={() => setOpen(false)} />,
          document.body,
        )}
    </>
  );
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; card: InvitationCard };

function InvitationSheet({
  activityId,
  viewerId,
  onClose,
}: {
  activityId: number;
  viewerId: string;
  onClose: () => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const linkInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let stopped = false;
    openInvitationCard(activityId, nicknameOf(viewerId))
      .then((card) => !stopped && setLoad({ state: 'ready', card }))
      .catch(() => !stopped && setLoad({ state: 'failed' }));
    return () => {
      stopped = true;
    };
  }, [activityId, viewerId]);

  const link = load.state === 'ready' ? linkFor(activityId, load.card.inviterId) : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // No clipboard permission (an in-app browser): select the link so a long press copies it.
      linkInput.current?.select();
      setCopied('no');
    }
  }

  return (
    <div className={styles.sheetBackdrop}>
      <div className={styles.sheet} role="dialog" aria-label={t['watch.invite.title']} data-testid="invitation-sheet">
        <button type="button" className={styles.sheetClose} onClick={onClose} aria-label={t['watch.invite.close']}>
          ×
        </button>
        {load.state === 'loading' && <div className={styles.note}>{t['watch.loading']}</div>}
        {load.state === 'failed' && <div className={styles.note}>{t['watch.invite.failed']}</div>}
        {load.state === 'ready' && (
          <>
            <div
              className={styles.card}
              style={load.card.backgroundImg ? { backgroundImage: `url("${load.card.backgroundImg}")` } : undefined}
              data-testid="invitation-card"
            >
              {load.card.cover && <img className={styles.cardCover} src={load.card.cover} alt="" />}
              <div className={styles.cardTitle}>{load.card.title}</div>
              {load.card.description && <div className={styles.cardText}>{load.card.description}</div>}
              {load.card.inviterName && (
                <div className={styles.cardInviter}>{t['watch.invite.inviter'](load.card.inviterName)}</div>
              )}
              <div className={styles.cardQr}>
                <QRCodeSVG value={link} size={132} level="M" data-testid="invitation-qr" />
              </div>
              <div className={styles.cardHint}>{t['watch.invite.scan']}</div>
            </div>
            <div className={styles.linkRow}>
              <input
                ref={linkInput}
                className={styles.linkInput}
                value={link}
                readOnly
                aria-label={t['watch.invite.link']}
                data-testid="invitation-link"
              />
              <button type="button" className={styles.copyButton} onClick={() => void copy()}>
                {t['watch.invite.copy']}
              </button>
            </div>
            {copied && (
              <div className={styles.note} role="status">
                {copied === 'yes' ? t['watch.invite.copied'] : t['watch.invite.copyFailed']}
              </div>
            )}
            <div className={styles.note} data-testid="invitation-count">
              {t['watch.invite.count'](load.card.invitees)}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

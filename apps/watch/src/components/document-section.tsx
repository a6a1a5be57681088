import { documentCalls, type WatchDocument } from '@yanbo/contracts/documents';
import { useEffect, useState } from 'react';
import { documentTexts as t } from '../locales/zh-CN-documents';
import { api } from '../watch-api';
import styles from './documents.module.css';
import { SignInSheet } from './viewer-sign-in';

/** 1.2 MB, 340 KB, 12 B. */
function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * 文档: the documents the organiser bound to the activity. 阅读 opens one in the browser; 下载 is offered only when
 * the document allows it; a document for signed-in viewers asks a viewer who is not to sign in by SMS first. The
 * server checks all of it again when the file is asked for. Nothing shows when the activity has no documents.
 */
export function DocumentSection({
  activityId,
  signedIn,
  onSignedIn,
}: {
  activityId: number;
  signedIn: boolean;
  onSignedIn(): void;
}) {
  const [documents, setDocuments] = useState<WatchDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(true);
  const [signingIn, setSigningIn] = useState(false);

  useEffect(() => {
    let live = true;
    api(documentCalls.listWatchDocuments, { params: { id: activityId } })
      .then((answer) => live && setDocuments(answer.items))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [activityId]);

  if (failed) return <div className={styles.note}>{t['documents.failed']}</div>;
  if (!documents?.length) return null;
  return (
    <section className={styles.section} data-testid="watch-documents">
      <button type="button" className={styles.header} aria-expanded={open} onClick={() => setOpen(!open)}>
        {t['documents.title']}
        <span className={styles.count}>{t['documents.count'](documents.length)}</span>
        <span className={styles.toggle}>{open ? t['documents.hide'] : t['documents.show']}</span>
      </button>
      {open && (
        <ul className={styles.list}>
          {documents.map((document) => {
            const locked = document.signInRequired && !signedIn;
            return (
              <li key={document.id} className={styles.item} data-testid={`watch-document-${document.id}`}>
                <span className={`${styles.badge} ${styles[`badge_${document.kind}`] ?? ''}`} aria-hidden>
                  {t['documents.kind'][document.kind]}
                </span>
                <span className={styles.info}>
                  <span className={styles.name}>{document.name}</span>
                  <span className={styles.meta}>
                    {[
                      fileSize(document.size),
                      locked ? t['documents.signInOnly'] : document.canDownload ? '' : t['documents.readOnly'],
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span className={styles.actions}>
                  {locked ? (
                    <button
                      type="button"
                      className={`${styles.action} ${styles.actionPrimary}`}
                      onClick={() => setSigningIn(true)}
                    >
                      {t['documents.signInToRead']}
                    </button>
                  ) : (
                    <>
                      <a className={styles.action} href={document.readUrl} target="_blank" rel="noopener">
                        {t['documents.read']}
                      </a>
                      {document.downloadUrl && (
                        <a
                          className={`${styles.action} ${styles.actionPrimary}`}
                          href={document.downloadUrl}
                          download={document.name}
                        >
                          {t['documents.download']}
                        </a>
                      )}
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {signingIn && (
        <SignInSheet
          activityId={activityId}
          onClose={() => setSigningIn(false)}
          onDone={() => {
            setSigningIn(false);
            onSignedIn();
          }}
        />
      )}
    </section>
  );
}

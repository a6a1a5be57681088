import type { WatchPage } from '@yanbo/contracts/watch';
import { WATCH_HEARTBEAT_SECONDS } from '@yanbo/contracts/watch-constants';
import { type CSSProperties, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { CodeGate } from './components/code-gate';
import { IntroTabs } from './components/intro-tabs';
import { InvitationButton } from './components/invitation-card';
import { PaidViewGate } from './components/paid-view-gate';
import { FormApplicationButton, RegistrationGateView } from './components/registration-gate';
import { StageView } from './components/stage-view';
import { MobileGateView, ViewerBadge } from './components/viewer-sign-in';
import { watchTexts as t } from './locales/zh-CN';
import styles from './watch.module.css';
import { fetchWatchPage, followPushing, readWatchToken, sendHeartbeat, startVisit, WatchApiError } from './watch-api';
import { isWechatBrowser, playerLatencyMs, type Stage, stageOf, videoPosition } from './watch-rules';

const RENDITIONS_POLL_MS = 10_000;
/** How long after the video starts playing its first latency is reported. */
const FIRST_LATENCY_AFTER_MS = 5_000;

/** Votes, check-ins and the questionnaire over the page: a chunk of its own (it brings the contracts' schemas). */
const InteractionLayer = lazy(() =>
  import('./components/interaction-layer').then((module) => ({ default: module.InteractionLayer })),
);

/**
 * What the shop lays over the page (the presented product, 讲解中, and the word on an order back from the pay page): on
 * every page of the activity, whatever its tabs, as the host presents a product to everyone watching. A chunk of its
 * own, which the 商品 tab's shares.
 */
const ShopOverlays = lazy(() =>
  import('./components/shop-overlays').then((module) => ({ default: module.ShopOverlays })),
);

/** The 文档 section: a chunk of its own, fetched once the page may be watched. */
const DocumentSection = lazy(() =>
  import('./components/document-section').then((module) => ({ default: module.DocumentSection })),
);

type Load = { state: 'loading' } | { state: 'notFound' } | { state: 'failed' } | { state: 'ready'; page: WatchPage };

const STATUS_TEXT: Record<Stage, string> = {
  live: t['watch.status.live'],
  notStarted: t['watch.status.notStarted'],
  waiting: t['watch.status.waiting'],
  ended: t['watch.status.ended'],
};

/** The audience's page of one activity: the stage (player, countdown, prologue or epilogue) and the intro tabs. */
export function WatchApp({
  activityId,
  ditch,
  invitedBy,
}: {
  activityId: number | null;
  ditch: string | undefined;
  /** The viewer whose invitation link opened the page. */
  invitedBy?: string | undefined;
}) {
  const [load, setLoad] = useState<Load>(activityId === null ? { state: 'notFound' } : { state: 'loading' });
  // The viewer cookie's id, once the visit is counted (it sets the cookie the chat socket names the viewer by).
  const [viewerId, setViewerId] = useState<string | null | undefined>(undefined);

  const reload = useCallback(async () => {
    if (activityId === null) return;
    try {
      const page = await fetchWatchPage(activityId, readWatchToken(activityId));
      setLoad({ state: 'ready', page });
    } catch (error) {
      setLoad(error instanceof WatchApiError && error.status === 404 ? { state: 'notFound' } : { state: 'failed' });
    }
  }, [activityId]);

  useEffect(() => {
    void reload();
  }, [reload]);
  // Paid (issue 13): the page is read again, and now plays.
  const onPaid = useCallback(() => void reload(), [reload]);

  // One visit per page view, then a heartbeat every 30 s for its watch time, with how far behind live the player is.
  useEffect(() => {
    if (activityId === null) return;
    let visitId: number | null = null;
    let stopped = false;
    startVisit(activityId, ditch, document.referrer, invitedBy)
      .then((visit) => {
        if (stopped) return;
        visitId = visit.visitId;
        setViewerId(visit.viewerId);
      })
      .catch(() => {
        if (!stopped) setViewerId(null);
      });
    const beat = () => {
      const latency = playerLatencyMs(videoPosition(document.querySelector('video')));
      if (visitId !== null) sendHeartbeat(activityId, visitId, latency).catch(() => {});
    };
    const timer = window.setInterval(beat, WATCH_HEARTBEAT_SECONDS * 1000);
    // The first latency is said soon after the player starts (the live operations screen shows it), not a whole
    // heartbeat later; the player has settled into its buffer by then.
    let firstLatency: number | undefined;
    const onPlaying = () => {
      if (firstLatency === undefined) firstLatency = window.setTimeout(beat, FIRST_LATENCY_AFTER_MS);
    };
    document.addEventListener('playing', onPlaying, true);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.clearTimeout(firstLatency);
      document.removeEventListener('playing', onPlaying, true);
    };
  }, [activityId, ditch, invitedBy]);

  // The push starts or stops: read the page again (the playback addresses come with it).
  const ready = load.state === 'ready';
  useEffect(() => {
    if (activityId === null || !ready) return;
    return followPushing(activityId, (isPushing) => {
      setLoad((current) =>
        current.state === 'ready' && current.page.activity.isPushing !== isPushing
          ? { state: 'ready', page: { ...current.page, activity: { ...current.page.activity, isPushing } } }
          : current,
      );
      void reload();
    });
  }, [activityId, ready, reload]);

  // While live, the renditions change as live transcoding starts or stops: read them again now and then (quietly:
  // a failed read keeps what is shown).
  const live = load.state === 'ready' && load.page.activity.isPushing;
  useEffect(() => {
    if (activityId === null || !live) return;
    const timer = window.setInterval(() => {
      fetchWatchPage(activityId, readWatchToken(activityId))
        .then((page) =>
          setLoad((current) =>
            current.state === 'ready' &&
            JSON.stringify(current.page.playback?.renditions) !== JSON.stringify(page.playback?.renditions)
              ? { state: 'ready', page }
              : current,
          ),
        )
        .catch(() => {});
    }, RENDITIONS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [activityId, live]);

  // Inside WeChat, the share card comes from its JS-SDK: a chunk of its own, fetched there only, once the page is
  // known to exist. It failing leaves WeChat's plain card.
  useEffect(() => {
    if (activityId === null || !ready || !isWechatBrowser(navigator.userAgent)) return;
    import('./wechat-share').then((module) => module.configureWechatShare(activityId)).catch(() => {});
  }, [activityId, ready]);

  const title = load.state === 'ready' ? load.page.activity.name : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (load.state === 'loading') {
    return (
      <div className={styles.shell}>
        <div className={styles.column}>
          <div className={styles.stageSkeleton} />
          <p className={styles.centerNote}>{t['watch.loading']}</p>
        </div>
      </div>
    );
  }
  if (load.state === 'notFound' || load.state === 'failed') {
    return (
      <div className={styles.shell}>
        <div className={`${styles.column} ${styles.message}`} data-testid="watch-message">
          <div className={styles.messageIcon} aria-hidden>
            !
          </div>
          <h1 className={styles.messageTitle}>
            {load.state === 'notFound' ? t['watch.notFound.title'] : t['watch.loadFailed']}
          </h1>
          {load.state === 'notFound' ? (
            <p className={styles.messageHint}>{t['watch.notFound.hint']}</p>
          ) : (
            <button type="button" className={styles.primaryButton} onClick={() => void reload()}>
              {t['watch.retry']}
            </button>
          )}
        </div>
      </div>
    );
  }

  const { page } = load;
  const template = page.template;
  const stage = stageOf(page);
  const background: CSSProperties = {
    backgroundColor: template.colorBackground || undefined,
    backgroundImage: template.imgBackground ? `url("${template.imgBackground}")` : undefined,
  };
  return (
    <div className={styles.shell}>
      <div className={styles.column} style={background} data-testid="watch-page">
        {page.watchCodeRequired && activityId !== null ? (
          <CodeGate activityId={activityId} page={page} onEntered={() => void reload()} />
        ) : page.mobileGate !== 'open' && activityId !== null ? (
          <MobileGateView activityId={activityId} page={page} onChanged={() => void reload()} />
        ) : page.registrationGate !== 'open' && activityId !== null ? (
          <RegistrationGateView activityId={activityId} page={page} onChanged={() => void reload()} />
        ) : page.paidViewGate === 'pay' && activityId !== null ? (
          <PaidViewGate activityId={activityId} page={page} onPaid={onPaid} />
        ) : (
          <StageView page={page} stage={stage} onStarted={() => void reload()} />
        )}
        <header className={styles.titleBar}>
          <h1 className={styles.title}>{page.activity.name}</h1>
          <span className={`${styles.status} ${styles[`status_${stage}`]}`} data-testid="watch-status">
            {STATUS_TEXT[stage]}
          </span>
          {/* The schedule and the stream are two labels: past the start with no push is 进行中 · 未推流. */}
          {stage === 'waiting' && (
            <span className={`${styles.status} ${styles.status_idle}`} data-testid="watch-stream">
              {t['watch.stream.idle']}
            </span>
          )}
          {activityId !== null && (
            <ViewerBadge activityId={activityId} viewer={page.viewer} onChanged={() => void reload()} />
          )}
          {activityId !== null && !page.watchCodeRequired && page.mobileGate === 'open' && (
            <FormApplicationButton activityId={activityId} page={page} onSignedIn={() => void reload()} />
          )}
          {page.invitation.isEnabled && activityId !== null && viewerId && (
            <InvitationButton activityId={activityId} viewerId={viewerId} />
          )}
        </header>
        {activityId !== null && !page.watchCodeRequired && viewerId !== undefined && (
          <Suspense fallback={null}>
            <InteractionLayer
              // Signing in makes the viewer someone else: its check-in, ballots and answers are read again as that person.
              key={page.viewer?.mobile ?? ''}
              activityId={activityId}
              viewerId={viewerId}
              template={template}
              ownSocket={!page.menu.items.some((tab) => tab.type === 'chatRoom')}
              signedIn={page.viewer !== null}
              onSignedIn={() => void reload()}
            />
          </Suspense>
        )}
        {/* Past the watch code, once the viewer is known: the card follows the viewer's socket, which is open by then. */}
        {activityId !== null && !page.watchCodeRequired && viewerId !== undefined && (
          <Suspense fallback={null}>
            <ShopOverlays activityId={activityId} />
          </Suspense>
        )}
        {/* The documents come with the stage: after every gate the page has (watch code, mobiles, form, payment). */}
        {activityId !== null &&
          !page.watchCodeRequired &&
          page.mobileGate === 'open' &&
          page.registrationGate === 'open' &&
          page.paidViewGate !== 'pay' && (
            <Suspense fallback={null}>
              <DocumentSection
                activityId={activityId}
                signedIn={page.viewer !== null}
                onSignedIn={() => void reload()}
              />
            </Suspense>
          )}
        <IntroTabs
          // Signing in or out changes who the chat knows: its socket starts again as the new viewer.
          key={page.viewer?.mobile ?? ''}
          activityId={page.activity.id}
          tabs={page.menu.items}
          style={template.commentStyleCustomized}
          blocked={page.mobileGate === 'blocked'}
          chat={
            // Behind the mobile gate nothing of the chat is there (its tab says to sign in).
            activityId === null || page.mobileGate !== 'open'
              ? null
              : {
                  activityId,
                  viewerId: viewerId ?? null,
                  // After the watch code and the mobile gate, if any, and once the viewer is known.
                  enabled: !page.watchCodeRequired && page.mobileGate === 'open' && viewerId !== undefined,
                }
          }
        />
      </div>
    </div>
  );
}

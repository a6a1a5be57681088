import type { WatchQuestionnaire } from '@yanbo/contracts/extensions';
import { INTERACTION_ERRORS, type WatchCheckin, type WatchVote } from '@yanbo/contracts/interactions';
import type { WatchPage } from '@yanbo/contracts/watch';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useChatSocket } from '../chat-socket';
import { castBallot, getCheckin, listVotes, takeCheckin } from '../interaction-api';
import {
  canVote,
  featuredVote,
  mayDismiss,
  secondsUntil,
  sharesOf,
  toggleChoice,
  upsertVote,
  viewerName,
} from '../interaction-rules';
import { onInteraction, setChatboxVote, useResyncs } from '../interaction-store';
import styles from '../interactions.module.css';
import { watchTexts as t } from '../locales/zh-CN';
import { getQuestionnaire } from '../questionnaire-api';
import { heardQuestionnaire } from '../questionnaire-rules';
import { WatchApiError } from '../watch-api';
import { QuestionnaireSheet } from './questionnaire-sheet';
import { SignInSheet } from './viewer-sign-in';

// Votes, check-ins and the questionnaire over the page (issue 10). A published vote pops up; the template places it
// besides: a floating button (isVoteFloatingEnabled), a banner (isVoteBannerEnabled) and a card in the chat
// (isVoteChatboxEnabled), and isVoteDisableClose keeps the vote open until the viewer has voted. A check-in under way
// pops up with its countdown; one for viewers signed in by SMS offers the sign-in to a viewer who is not. The
// questionnaire extension, switched on, pops up when heard and stays a floating 问卷 button until answered.

function VoteSheet({
  activityId,
  vote,
  viewerId,
  dismissible,
  onVoted,
  onClose,
}: {
  activityId: number;
  vote: WatchVote;
  viewerId: string | null;
  dismissible: boolean;
  onVoted: (vote: WatchVote) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const voting = canVote(vote);
  const shares = sharesOf(vote);
  const submit = async () => {
    setSending(true);
    setError(null);
    try {
      onVoted(await castBallot(activityId, vote.id, chosen, viewerName(viewerId)));
    } catch (caught) {
      setError(
        caught instanceof WatchApiError && caught.status === 409 ? t['watch.vote.refused'] : t['watch.vote.failed'],
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.backdrop}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-label={vote.title} data-testid="vote-sheet">
        <div className={styles.sheetHead}>
          <span className={styles.badge}>{t['watch.vote.badge']}</span>
          <span className={styles.sheetTitle}>{vote.title}</span>
          {dismissible && (
            <button type="button" className={styles.close} onClick={onClose} aria-label={t['watch.close']}>
              ×
            </button>
          )}
        </div>
        <div className={styles.hint}>
          {vote.status === 'closed'
            ? t['watch.vote.closed']
            : vote.myChoices
              ? t['watch.vote.voted']
              : vote.kind === 'single'
                ? t['watch.vote.single']
                : t['watch.vote.multiple'](vote.maxChoices)}
        </div>
        <ul className={styles.options}>
          {vote.options.map((option, index) => {
            const picked = voting ? chosen.includes(index) : (vote.myChoices ?? []).includes(index);
            return (
              <li key={option}>
                {voting ? (
                  <button
                    type="button"
                    className={`${styles.option} ${picked ? styles.optionPicked : ''}`}
                    aria-pressed={picked}
                    onClick={() => setChosen((current) => toggleChoice(vote, current, index))}
                  >
                    {option}
                  </button>
                ) : (
                  <div className={`${styles.result} ${picked ? styles.resultMine : ''}`} data-testid="vote-result">
                    <div className={styles.resultBar} style={{ width: `${shares[index] ?? 0}%` }} />
                    <span className={styles.resultLabel}>
                      {option}
                      {picked && ` ${t['watch.vote.mine']}`}
                    </span>
                    <span className={styles.resultCount}>
                      {t['watch.vote.count'](vote.tally[index] ?? 0, shares[index] ?? 0)}
                    </span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {error && (
          <div className={styles.error} role="alert">
            {error}
          </div>
        )}
        {voting ? (
          <button
            type="button"
            className={styles.primary}
            disabled={chosen.length === 0 || sending}
            onClick={() => void submit()}
          >
            {t['watch.vote.submit']}
          </button>
        ) : (
          <div className={styles.hint}>{t['watch.vote.voters'](vote.voters)}</div>
        )}
      </div>
    </div>
  );
}

function CheckinSheet({
  activityId,
  checkin,
  viewerId,
  signedIn,
  onSignedIn,
  onChange,
  onClose,
}: {
  activityId: number;
  checkin: WatchCheckin;
  viewerId: string | null;
  signedIn: boolean;
  onSignedIn: () => void;
  onChange: (checkin: WatchCheckin) => void;
  onClose: () => void;
}) {
  const [now, setNow] = useState(Date.now());
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The sign-in extension's rule (仅限手机号登录的观众), or the server saying so for a sign-in it does not know here.
  const [needsMobile, setNeedsMobile] = useState(checkin.requireMobile && !signedIn);
  const [signingIn, setSigningIn] = useState(false);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = secondsUntil(checkin.endsAt, now);
  const take = async () => {
    setSending(true);
    setError(null);
    try {
      onChange(await takeCheckin(activityId, checkin.id, viewerName(viewerId)));
    } catch (caught) {
      if (caught instanceof WatchApiError && caught.status === 409 && caught.message.includes('already')) {
        onChange({ ...checkin, checkedIn: true });
      } else if (caught instanceof WatchApiError && caught.message === INTERACTION_ERRORS.checkinNeedsMobile) {
        setNeedsMobile(true);
      } else {
        setError(
          caught instanceof WatchApiError && caught.status === 409
            ? t['watch.checkin.over']
            : t['watch.checkin.failed'],
        );
      }
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.backdrop}>
      <div className={styles.sheet} role="dialog" aria-modal="true" data-testid="checkin-sheet">
        <div className={styles.sheetHead}>
          <span className={styles.badge}>{t['watch.checkin.badge']}</span>
          <span className={styles.sheetTitle}>{checkin.title || t['watch.checkin.title']}</span>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t['watch.close']}>
            ×
          </button>
        </div>
        {checkin.checkedIn ? (
          <div className={styles.done} data-testid="checkin-done">
            ✓ {t['watch.checkin.done']}
          </div>
        ) : left > 0 && needsMobile ? (
          <div className={styles.needsMobile} data-testid="checkin-needs-mobile">
            <div className={styles.hint}>{t['watch.checkin.left'](left)}</div>
            <div>{t['watch.checkin.needsMobile']}</div>
            <button type="button" className={styles.primary} onClick={() => setSigningIn(true)}>
              {t['watch.checkin.signIn']}
            </button>
          </div>
        ) : left > 0 ? (
          <>
            <div className={styles.hint}>{t['watch.checkin.left'](left)}</div>
            <button type="button" className={styles.checkinButton} disabled={sending} onClick={() => void take()}>
              {t['watch.checkin.take']}
            </button>
          </>
        ) : (
          <div className={styles.hint}>{t['watch.checkin.over']}</div>
        )}
        {error && (
          <div className={styles.error} role="alert">
            {error}
          </div>
        )}
      </div>
      {signingIn && <SignInSheet activityId={activityId} onClose={() => setSigningIn(false)} onDone={onSignedIn} />}
    </div>
  );
}

/** Opens the chat socket itself when the page has no 聊天室 tab to open it (one socket per viewer either way). */
function OwnSocket({ activityId, viewerId }: { activityId: number; viewerId: string | null }) {
  useChatSocket({ activityId, nickname: viewerName(viewerId), enabled: true });
  return null;
}

export function InteractionLayer({
  activityId,
  viewerId,
  template,
  ownSocket,
  signedIn,
  onSignedIn,
}: {
  activityId: number;
  viewerId: string | null;
  template: WatchPage['template'];
  ownSocket: boolean;
  /** The viewer signed in by SMS (a check-in may take only those). */
  signedIn: boolean;
  /** The viewer signed in from a sheet of this layer: the page reads itself again as that person. */
  onSignedIn: () => void;
}) {
  const [votes, setVotes] = useState<WatchVote[]>([]);
  const [shownVote, setShownVote] = useState<number | null>(null);
  const [checkin, setCheckin] = useState<WatchCheckin | null>(null);
  const [checkinShown, setCheckinShown] = useState(false);
  const [questionnaire, setQuestionnaire] = useState<WatchQuestionnaire | null>(null);
  const [questionnaireShown, setQuestionnaireShown] = useState(false);

  // Questionnaire news heard on the socket so far: a read sent before the latest of them answers older news than the
  // socket's (a busy page's read can come back after the switch it predates), so it is dropped.
  const questionnaireHeard = useRef(0);
  const readQuestionnaire = useCallback(
    (popUpNew: boolean) => {
      const heardBefore = questionnaireHeard.current;
      return getQuestionnaire(activityId)
        .then((state) => {
          if (questionnaireHeard.current !== heardBefore) return;
          setQuestionnaire((current) => {
            const next = state.questionnaire;
            // A version the page did not hold yet (opened while the socket was down) pops up as if just heard.
            if (popUpNew && next && !next.answered && current?.version !== next.version) {
              setQuestionnaireShown(true);
            }
            if (!next) setQuestionnaireShown(false);
            return next;
          });
        })
        .catch(() => {});
    },
    [activityId],
  );

  // Read when the page opens, and again when the viewer's socket is back after a drop (what it missed meanwhile): a
  // vote or check-in that opened meanwhile shows as if it had just been heard.
  const round = useResyncs();
  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks for a fresh read
  useEffect(() => {
    let stopped = false;
    listVotes(activityId)
      .then(({ items }) => {
        if (stopped) return;
        let known: WatchVote[] = [];
        setVotes((current) => {
          known = current;
          return items;
        });
        const open = items.find((vote) => canVote(vote) && !known.some((held) => held.id === vote.id && canVote(held)));
        if (open) setShownVote(open.id);
      })
      .catch(() => {});
    getCheckin(activityId)
      .then((state) => {
        if (stopped) return;
        setCheckin((current) => {
          if (state.checkin && !state.checkin.checkedIn && current?.id !== state.checkin.id) setCheckinShown(true);
          return state.checkin;
        });
      })
      .catch(() => {});
    void readQuestionnaire(round > 0);
    return () => {
      stopped = true;
    };
  }, [activityId, round]);

  useEffect(
    () =>
      onInteraction((message) => {
        switch (message.type) {
          case 'votePublished':
            setVotes((current) => upsertVote(current, message.vote));
            setShownVote(message.vote.id);
            return;
          case 'voteClosed':
            setVotes((current) => upsertVote(current, message.vote));
            return;
          case 'voteResults':
            setVotes((current) =>
              current.map((vote) =>
                vote.id === message.voteId && message.voters >= vote.voters
                  ? { ...vote, tally: message.tally, voters: message.voters }
                  : vote,
              ),
            );
            return;
          case 'voteDeleted':
            setVotes((current) => current.filter((vote) => vote.id !== message.voteId));
            setShownVote((current) => (current === message.voteId ? null : current));
            return;
          case 'checkinStarted':
            setCheckin(message.checkin);
            setCheckinShown(true);
            return;
          case 'checkinEnded':
            setCheckin((current) => (current?.id === message.checkinId ? null : current));
            return;
          case 'questionnaireOpened':
            questionnaireHeard.current += 1;
            setQuestionnaire((current) => {
              const next = heardQuestionnaire(current, message.questionnaire);
              if (!next.answered) setQuestionnaireShown(true);
              return next;
            });
            return;
          case 'questionnaireClosed':
            questionnaireHeard.current += 1;
            setQuestionnaire(null);
            setQuestionnaireShown(false);
            return;
          default:
            return;
        }
      }),
    [],
  );

  const featured = featuredVote(votes);
  const open = useCallback((voteId: number) => setShownVote(voteId), []);
  useEffect(() => {
    setChatboxVote(template.isVoteChatboxEnabled ? featured : null, open);
  }, [template.isVoteChatboxEnabled, featured, open]);
  useEffect(() => () => setChatboxVote(null, () => {}), []);

  const vote = votes.find((item) => item.id === shownVote) ?? null;
  const onVoted = (updated: WatchVote) =>
    setVotes((current) => upsertVote(current, updated).map((item) => (item.id === updated.id ? updated : item)));

  return (
    <>
      {ownSocket && <OwnSocket activityId={activityId} viewerId={viewerId} />}
      {featured && template.isVoteBannerEnabled && (
        <button type="button" className={styles.banner} onClick={() => open(featured.id)} data-testid="vote-banner">
          <span className={styles.badge}>{t['watch.vote.badge']}</span>
          <span className={styles.bannerTitle}>{featured.title}</span>
          <span className={styles.bannerAction}>{canVote(featured) ? t['watch.vote.go'] : t['watch.vote.see']}</span>
        </button>
      )}
      {featured && template.isVoteFloatingEnabled && (
        <button type="button" className={styles.floating} onClick={() => open(featured.id)} data-testid="vote-floating">
          {t['watch.vote.badge']}
        </button>
      )}
      {vote && (
        <VoteSheet
          key={vote.id}
          activityId={activityId}
          vote={vote}
          viewerId={viewerId}
          dismissible={mayDismiss(vote, template.isVoteDisableClose)}
          onVoted={onVoted}
          onClose={() => setShownVote(null)}
        />
      )}
      {questionnaire && !questionnaire.answered && (
        <button
          type="button"
          className={`${styles.floating} ${styles.floatingQuestionnaire} ${
            featured && template.isVoteFloatingEnabled ? '' : styles.floatingAlone
          }`}
          onClick={() => setQuestionnaireShown(true)}
          data-testid="questionnaire-floating"
        >
          {t['watch.questionnaire.badge']}
        </button>
      )}
      {!vote && checkin && checkinShown && (
        <CheckinSheet
          key={checkin.id}
          activityId={activityId}
          checkin={checkin}
          viewerId={viewerId}
          signedIn={signedIn}
          onSignedIn={onSignedIn}
          onChange={setCheckin}
          onClose={() => setCheckinShown(false)}
        />
      )}
      {!vote && !(checkin && checkinShown) && questionnaire && questionnaireShown && (
        <QuestionnaireSheet
          key={questionnaire.version}
          activityId={activityId}
          questionnaire={questionnaire}
          viewerId={viewerId}
          onAnswered={setQuestionnaire}
          onStale={() => void readQuestionnaire(true)}
          onClose={() => setQuestionnaireShown(false)}
        />
      )}
    </>
  );
}

import { QUESTION_MAX_LENGTH, type WatchQuestion } from '@yanbo/contracts/interactions';
import { type FormEvent, useEffect, useState } from 'react';
import { askQuestion, listQuestions } from '../interaction-api';
import { viewerName } from '../interaction-rules';
import { onInteraction } from '../interaction-store';
import styles from '../interactions.module.css';
import { watchTexts as t } from '../locales/zh-CN';
import { WatchApiError } from '../watch-api';

// The intro tab of type `question` (问答): the questions the host answered and the viewer's own, newest first, and the
// box to ask one. An answer given from the console arrives on the chat socket.

export function QuestionTab({ activityId, viewerId }: { activityId: number; viewerId: string | null }) {
  const [items, setItems] = useState<WatchQuestion[] | null>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    listQuestions(activityId)
      .then((list) => {
        if (!stopped) setItems(list.items);
      })
      .catch(() => {
        if (!stopped) setItems([]);
      });
    const stop = onInteraction((message) => {
      if (message.type === 'questionAnswered') {
        setItems((current) => {
          const list = current ?? [];
          const known = list.find((item) => item.id === message.question.id);
          const merged = { ...message.question, mine: known?.mine ?? false };
          return known ? list.map((item) => (item.id === merged.id ? merged : item)) : [merged, ...list];
        });
      } else if (message.type === 'questionDeleted') {
        setItems((current) => (current ?? []).filter((item) => item.id !== message.questionId));
      }
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [activityId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setSending(true);
    setNotice(null);
    try {
      const asked = await askQuestion(activityId, text, viewerName(viewerId));
      setItems((current) => [asked, ...(current ?? [])]);
      setDraft('');
      setNotice(asked.status === 'pending' ? t['watch.question.held'] : t['watch.question.sent']);
    } catch (caught) {
      setNotice(
        caught instanceof WatchApiError && caught.status === 400
          ? t['watch.question.refused']
          : caught instanceof WatchApiError && caught.status === 429
            ? t['watch.question.tooMany']
            : t['watch.question.failed'],
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.questions} data-testid="question-tab">
      <form className={styles.askBar} onSubmit={(event) => void submit(event)}>
        <input
          className={styles.askInput}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t['watch.question.placeholder']}
          maxLength={QUESTION_MAX_LENGTH}
          aria-label={t['watch.question.placeholder']}
        />
        <button type="submit" className={styles.primarySmall} disabled={sending || !draft.trim()}>
          {t['watch.question.ask']}
        </button>
      </form>
      {notice && (
        <div className={styles.hint} role="status">
          {notice}
        </div>
      )}
      {items === null ? (
        <div className={styles.hint}>{t['watch.loading']}</div>
      ) : items.length === 0 ? (
        <div className={styles.emptyNote}>{t['watch.question.empty']}</div>
      ) : (
        <ol className={styles.questionList}>
          {items.map((item) => (
            <li key={item.id} className={styles.question} data-testid="question-item">
              <div className={styles.questionHead}>
                <span className={styles.questionMark}>问</span>
                <span className={styles.questionName}>{item.nickname}</span>
                {item.mine && <span className={styles.tag}>{t['watch.question.mine']}</span>}
                {item.status === 'pending' && <span className={styles.tag}>{t['watch.question.pending']}</span>}
              </div>
              <div className={styles.questionText}>{item.text}</div>
              {item.answer ? (
                <div className={styles.answer} data-testid="question-answer">
                  <span className={styles.answerMark}>答</span>
                  {item.answer}
                </div>
              ) : (
                <div className={styles.unanswered}>{t['watch.question.waiting']}</div>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

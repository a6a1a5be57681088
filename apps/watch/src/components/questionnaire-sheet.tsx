import {
  QUESTIONNAIRE_TEXT_MAX_LENGTH,
  questionnaireAnswerProblem,
  type WatchQuestionnaire,
} from '@yanbo/contracts/extensions';
import { INTERACTION_ERRORS } from '@yanbo/contracts/interactions';
import { useState } from 'react';
import { viewerName } from '../interaction-rules';
import styles from '../interactions.module.css';
import { watchTexts as t } from '../locales/zh-CN';
import { answerQuestionnaire } from '../questionnaire-api';
import { answersOf, type Draft, emptyDraft, questionOfProblem, toggleOption } from '../questionnaire-rules';
import { WatchApiError } from '../watch-api';

// The questionnaire extension on the watch page (问卷): its questions in one sheet, the required ones marked and checked
// before sending (the server checks them again), and a thank-you once sent.

function problemText(fieldOrMessage: string, message: string): string {
  const index = questionOfProblem(fieldOrMessage);
  if (index === null) return t['watch.questionnaire.failed'];
  return message.endsWith('This question is required')
    ? t['watch.questionnaire.answerRequired'](index + 1)
    : t['watch.questionnaire.answerInvalid'](index + 1);
}

export function QuestionnaireSheet({
  activityId,
  questionnaire,
  viewerId,
  onAnswered,
  onStale,
  onClose,
}: {
  activityId: number;
  questionnaire: WatchQuestionnaire;
  viewerId: string | null;
  onAnswered: (questionnaire: WatchQuestionnaire) => void;
  /** The questionnaire changed or closed meanwhile: the layer reads it again. */
  onStale: () => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(questionnaire.questions));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (index: number, value: number[] | string) =>
    setDraft((current) => current.map((item, at) => (at === index ? value : item)));

  const submit = async () => {
    const answers = answersOf(questionnaire.questions, draft);
    const problem = questionnaireAnswerProblem(questionnaire.questions, answers);
    if (problem) {
      setError(problemText(problem.field, problem.message));
      return;
    }
    setSending(true);
    setError(null);
    try {
      onAnswered(await answerQuestionnaire(activityId, questionnaire.version, answers, viewerName(viewerId)));
    } catch (caught) {
      if (!(caught instanceof WatchApiError)) setError(t['watch.questionnaire.failed']);
      else if (caught.status === 400) setError(problemText(caught.message, caught.message));
      else if (caught.status === 403 && caught.message === INTERACTION_ERRORS.blacklisted) {
        setError(t['watch.questionnaire.blacklisted']);
      } else if (caught.status === 409 && caught.message.includes('already')) {
        onAnswered({ ...questionnaire, answered: true });
      } else if (caught.status === 409) {
        setError(
          caught.message.includes('changed') ? t['watch.questionnaire.changed'] : t['watch.questionnaire.closed'],
        );
        onStale();
      } else if (caught.status === 413) setError(t['watch.questionnaire.tooLong']);
      else setError(t['watch.questionnaire.failed']);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.backdrop}>
      <div
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-label={questionnaire.title || t['watch.questionnaire.title']}
        data-testid="questionnaire-sheet"
      >
        <div className={styles.sheetHead}>
          <span className={styles.badge}>{t['watch.questionnaire.badge']}</span>
          <span className={styles.sheetTitle}>{questionnaire.title || t['watch.questionnaire.title']}</span>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t['watch.close']}>
            ×
          </button>
        </div>
        {questionnaire.answered ? (
          <div className={styles.done} data-testid="questionnaire-done">
            ✓ {t['watch.questionnaire.done']}
          </div>
        ) : (
          <>
            <div className={styles.hint}>
              {questionnaire.isAnonymous ? t['watch.questionnaire.anonymous'] : t['watch.questionnaire.named']}
            </div>
            <ol className={styles.survey}>
              {questionnaire.questions.map((question, index) => {
                const value = draft[index];
                const headingId = `questionnaire-${index}`;
                return (
                  // The questions are a fixed list for this version: their order is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={index} className={styles.surveyItem} aria-labelledby={headingId}>
                    <div className={styles.surveyQuestion} id={headingId}>
                      <span>
                        {index + 1}. {question.title}
                      </span>
                      {question.type !== 'text' && (
                        <span className={styles.tag}>
                          {question.type === 'single'
                            ? t['watch.questionnaire.single']
                            : t['watch.questionnaire.multiple']}
                        </span>
                      )}
                      {question.required && (
                        <span className={styles.requiredMark}>{t['watch.questionnaire.required']}</span>
                      )}
                    </div>
                    {question.type === 'text' ? (
                      <textarea
                        className={styles.surveyText}
                        aria-labelledby={headingId}
                        placeholder={t['watch.questionnaire.textPlaceholder']}
                        maxLength={QUESTIONNAIRE_TEXT_MAX_LENGTH}
                        rows={3}
                        value={typeof value === 'string' ? value : ''}
                        onChange={(event) => set(index, event.target.value)}
                      />
                    ) : (
                      <ul className={styles.options}>
                        {question.options.map((option, optionIndex) => {
                          const chosen = Array.isArray(value) ? value : [];
                          const picked = chosen.includes(optionIndex);
                          return (
                            <li key={option}>
                              <button
                                type="button"
                                className={`${styles.option} ${picked ? styles.optionPicked : ''}`}
                                aria-pressed={picked}
                                onClick={() => set(index, toggleOption(question, chosen, optionIndex))}
                              >
                                {option}
                              </button>
                            </li>
                          );
                        })}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ol>
          </>
        )}
        {error && (
          <div className={styles.error} role="alert">
            {error}
          </div>
        )}
        {!questionnaire.answered && (
          <button type="button" className={styles.primary} disabled={sending} onClick={() => void submit()}>
            {t['watch.questionnaire.submit']}
          </button>
        )}
      </div>
    </div>
  );
}

import type { QuestionnaireAnswer, WatchQuestionnaire } from '@yanbo/contracts/extensions';

// The questionnaire sheet's rules, apart from React so they are tested alone.

type Question = WatchQuestionnaire['questions'][number];
/** What the viewer has filled in so far: chosen option indexes per choice question, text per text question. */
export type Draft = (number[] | string)[];

export const emptyDraft = (questions: readonly Question[]): Draft =>
  questions.map((question) => (question.type === 'text' ? '' : []));

/** Tapping an option: single choice picks it (tapped again, clears it); multiple choice toggles it. */
export function toggleOption(question: Pick<Question, 'type'>, chosen: readonly number[], option: number): number[] {
  if (chosen.includes(option)) return chosen.filter((choice) => choice !== option);
  return question.type === 'single' ? [option] : [...chosen, option].sort((a, b) => a - b);
}

/** The sheet as sent: one answer per question, null where nothing was given. */
export function answersOf(questions: readonly Question[], draft: Draft): (QuestionnaireAnswer | null)[] {
  return questions.map((question, index) => {
    const value = draft[index];
    if (question.type === 'text') {
      const text = typeof value === 'string' ? value.trim() : '';
      return text ? { text } : null;
    }
    const choices = Array.isArray(value) ? value : [];
    return choices.length > 0 ? { choices } : null;
  });
}

/** The question a refusal names (`answers.2`, `answers.2.choices`, or the server's `answers.2: …` message), if any. */
export function questionOfProblem(fieldOrMessage: string): number | null {
  const match = /^answers\.(\d+)/.exec(fieldOrMessage);
  return match ? Number(match[1]) : null;
}

/**
 * The questionnaire after one heard on the socket: the same version keeps whether this viewer answered it (the
 * socket's copy says nobody did); another version is new to everyone.
 */
export function heardQuestionnaire(current: WatchQuestionnaire | null, heard: WatchQuestionnaire): WatchQuestionnaire {
  return current?.version === heard.version ? { ...heard, answered: current.answered } : heard;
}

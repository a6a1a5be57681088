import { createHash } from 'node:crypto';
import type { QuestionnaireAnswer, QuestionnaireQuestion, QuestionnaireSettings } from '@yanbo/contracts';

// The questionnaire's pure rules: which version a question set is, how an answer sheet is kept, and the running tally
// each version keeps of its answers.

type Question = Pick<QuestionnaireQuestion, 'title' | 'type' | 'options' | 'required'>;

/**
 * The version of a question set: a hash of what an answer means — the questions (text, type, options, required) and
 * the anonymity the viewers were promised. The questionnaire's title is not part of it: renaming changes no answer.
 */
export function questionnaireVersion(settings: Pick<QuestionnaireSettings, 'questions' | 'isAnonymous'>): string {
  const meaning = JSON.stringify([
    settings.isAnonymous,
    settings.questions.map((question) => [question.title, question.type, question.options, question.required]),
  ]);
  return createHash('sha256').update(meaning).digest('base64url').slice(0, 16);
}

/** A stored answer: the option indexes chosen (sorted), the text, or null when the question was skipped. */
export type StoredAnswer = { choices: number[] } | { text: string } | null;

/** The sheet as kept: one entry per question, skipped ones null (checked first by questionnaireAnswerProblem). */
export function storedAnswers(
  questions: readonly Question[],
  answers: readonly (QuestionnaireAnswer | null | undefined)[],
): StoredAnswer[] {
  return questions.map((question, index) => {
    const answer = answers[index];
    if (question.type === 'text') {
      const text = (answer?.text ?? '').trim();
      return text ? { text } : null;
    }
    const choices = [...(answer?.choices ?? [])].sort((a, b) => a - b);
    return choices.length > 0 ? { choices } : null;
  });
}

/** Per question: how many chose each option (a choice question's), and how many answered it at all. */
export interface QuestionTally {
  counts: number[];
  answered: number;
}

export const emptyTally = (questions: readonly Question[]): QuestionTally[] =>
  questions.map((question) => ({
    counts: question.type === 'text' ? [] : question.options.map(() => 0),
    answered: 0,
  }));

/** The tally with one more sheet counted. */
export function addToTally(tally: readonly QuestionTally[], answers: readonly StoredAnswer[]): QuestionTally[] {
  return tally.map((question, index) => {
    const answer = answers[index] ?? null;
    if (answer === null) return question;
    const chosen = 'choices' in answer ? new Set(answer.choices) : new Set<number>();
    return {
      counts: question.counts.map((count, option) => (chosen.has(option) ? count + 1 : count)),
      answered: question.answered + 1,
    };
  });
}

/** An answer as a spreadsheet cell: the chosen options' names, or the text. */
export function answerCell(question: Question, answer: StoredAnswer | undefined): string {
  if (!answer) return '';
  if ('text' in answer) return answer.text;
  return answer.choices.map((choice) => question.options[choice] ?? '').join('；');
}

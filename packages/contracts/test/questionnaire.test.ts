import { describe, expect, test } from 'vitest';
import {
  normaliseQuestionnaire,
  questionnaireAnswer,
  questionnaireAnswerProblem,
  questionnaireSettings,
  questionnaireSetupProblem,
} from '../src/extensions.ts';

// The questionnaire's shared rules: the console's form and the server check a question set with the same rule, and
// the watch page and the server check a viewer's answers with the same rule.

const settings = (questions: unknown[], isAnonymous = false) => questionnaireSettings.parse({ questions, isAnonymous });
const QUESTIONS = [
  { title: '满意吗', type: 'single', options: ['满意', '一般', '不满意'], required: true },
  { title: '喜欢哪些环节', type: 'multiple', options: ['演讲', '问答', '抽奖'] },
  { title: '建议', type: 'text', required: false },
  { title: '联系方式', type: 'text', required: true },
] as const;
const questions = settings([...QUESTIONS]).questions;

describe('questionnaire set-up', () => {
  test('a questionnaire viewers are offered has a question; a choice question two different options', () => {
    expect(questionnaireSetupProblem(settings([]), false)).toBeNull();
    expect(questionnaireSetupProblem(settings([]), true)).toEqual({
      field: 'questions',
      message: 'Add at least one question before switching the questionnaire on',
    });
    expect(questionnaireSetupProblem(settings([...QUESTIONS]), true)).toBeNull();
    expect(
      questionnaireSetupProblem(
        settings([
          { title: 'a', type: 'text' },
          { title: 'b', type: 'single', options: ['x'] },
        ]),
        true,
      ),
    ).toEqual({
      field: 'questions.1.options',
      message: 'A choice question needs at least 2 options',
    });
    expect(
      questionnaireSetupProblem(settings([{ title: 'a', type: 'multiple', options: ['x', 'x'] }]), false)?.field,
    ).toBe('questions.0.options');
  });

  test('a text question keeps no options', () => {
    const normal = normaliseQuestionnaire(settings([{ title: '建议', type: 'text', options: ['留下的选项'] }]));
    expect(normal.questions[0]?.options).toEqual([]);
  });
});

describe('questionnaire answers', () => {
  const ok = [{ choices: [0] }, { choices: [2, 0] }, { text: '很好' }, { text: '138' }];

  test('a full sheet, and one skipping the questions that are not required, pass', () => {
    expect(questionnaireAnswerProblem(questions, ok)).toBeNull();
    expect(questionnaireAnswerProblem(questions, [{ choices: [1] }, null, { text: '   ' }, { text: 'x' }])).toBeNull();
    expect(
      questionnaireAnswerProblem(questions, [{ choices: [1] }, { choices: [] }, undefined, { text: 'x' }]),
    ).toBeNull();
  });

  test('a required question left out names that answer', () => {
    expect(questionnaireAnswerProblem(questions, [null, null, null, { text: 'x' }])).toEqual({
      field: 'answers.0',
      message: 'This question is required',
    });
    expect(questionnaireAnswerProblem(questions, [{ choices: [0] }])).toEqual({
      field: 'answers.3',
      message: 'This question is required',
    });
    expect(questionnaireAnswerProblem(questions, [{ choices: [0] }, null, null, { text: '  ' }])?.field).toBe(
      'answers.3',
    );
  });

  test('choices are the question’s own options, one for single choice, each at most once', () => {
    const sheet = (first: number[], second: number[] = [0]) => [
      { choices: first },
      { choices: second },
      null,
      { text: 'x' },
    ];
    expect(questionnaireAnswerProblem(questions, sheet([0, 1]))).toEqual({
      field: 'answers.0.choices',
      message: 'Choose one option',
    });
    expect(questionnaireAnswerProblem(questions, sheet([3]))).toEqual({
      field: 'answers.0.choices',
      message: 'No such option',
    });
    expect(questionnaireAnswerProblem(questions, sheet([0], [1, 1]))).toEqual({
      field: 'answers.1.choices',
      message: 'Each option at most once',
    });
    expect(questionnaireAnswerProblem(questions, sheet([0], [0, 1, 2]))).toBeNull();
  });

  test('a text question takes text, a choice question choices, and no more answers than questions', () => {
    expect(questionnaireAnswerProblem(questions, [{ text: '满意' }, null, null, { text: 'x' }])).toEqual({
      field: 'answers.0',
      message: 'This question takes choices',
    });
    expect(questionnaireAnswerProblem(questions, [{ choices: [0] }, null, { choices: [0] }, { text: 'x' }])).toEqual({
      field: 'answers.2',
      message: 'This question takes text',
    });
    expect(questionnaireAnswerProblem(questions, [...ok, null])).toEqual({
      field: 'answers',
      message: 'More answers than questions',
    });
  });

  test('an answer’s text is trimmed and bounded, without NUL characters; unknown keys are refused', () => {
    expect(questionnaireAnswer.parse({ text: '  好  ' })).toEqual({ text: '好' });
    expect(questionnaireAnswer.safeParse({ text: '长'.repeat(501) }).success).toBe(false);
    expect(questionnaireAnswer.safeParse({ text: '长'.repeat(500) }).success).toBe(true);
    expect(questionnaireAnswer.safeParse({ text: 'a\u0000b' }).success).toBe(false);
    expect(questionnaireAnswer.safeParse({ choices: [20] }).success).toBe(false);
    expect(questionnaireAnswer.safeParse({ choice: 1 }).success).toBe(false);
  });
});

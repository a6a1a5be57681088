import { questionnaireSettings } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  addToTally,
  answerCell,
  emptyTally,
  questionnaireVersion,
  storedAnswers,
} from '../../src/features/extensions/questionnaire-rules.ts';

// The questionnaire's server rules as pure functions: the version a question set is, the sheet as stored, the tally.

const questions = questionnaireSettings.parse({
  questions: [
    { title: '满意吗', type: 'single', options: ['满意', '一般', '不满意'], required: true },
    { title: '喜欢哪些环节', type: 'multiple', options: ['演讲', '问答', '抽奖'] },
    { title: '建议', type: 'text' },
  ],
}).questions;

describe('questionnaire version', () => {
  it('changes with what an answer means, not with the title', () => {
    const base = questionnaireVersion({ questions, isAnonymous: false });
    expect(base).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(questionnaireVersion({ questions: structuredClone(questions), isAnonymous: false })).toBe(base);
    expect(questionnaireVersion({ questions, isAnonymous: true })).not.toBe(base);
    const renamedOption = structuredClone(questions);
    (renamedOption[0] as { options: string[] }).options[2] = '很不满意';
    expect(questionnaireVersion({ questions: renamedOption, isAnonymous: false })).not.toBe(base);
    const optional = structuredClone(questions);
    (optional[0] as { required: boolean }).required = false;
    expect(questionnaireVersion({ questions: optional, isAnonymous: false })).not.toBe(base);
    expect(questionnaireVersion({ questions: questions.slice(0, 2), isAnonymous: false })).not.toBe(base);
  });
});

describe('questionnaire tally', () => {
  it('keeps each sheet one entry per question, choices sorted, skipped ones null', () => {
    expect(storedAnswers(questions, [{ choices: [0] }, { choices: [2, 0] }, { text: '  很好 ' }])).toEqual([
      { choices: [0] },
      { choices: [0, 2] },
      { text: '很好' },
    ]);
    expect(storedAnswers(questions, [{ choices: [1] }, { choices: [] }])).toEqual([{ choices: [1] }, null, null]);
  });

  it('counts each option chosen and each question answered, sheet after sheet', () => {
    let tally = emptyTally(questions);
    expect(tally).toEqual([
      { counts: [0, 0, 0], answered: 0 },
      { counts: [0, 0, 0], answered: 0 },
      { counts: [], answered: 0 },
    ]);
    tally = addToTally(tally, storedAnswers(questions, [{ choices: [0] }, { choices: [0, 2] }, { text: '好' }]));
    tally = addToTally(tally, storedAnswers(questions, [{ choices: [2] }, { choices: [2] }]));
    tally = addToTally(tally, storedAnswers(questions, [{ choices: [0] }, null, { text: '不错' }]));
    expect(tally).toEqual([
      { counts: [2, 0, 1], answered: 3 },
      { counts: [1, 0, 2], answered: 2 },
      { counts: [], answered: 2 },
    ]);
  });

  it('writes an answer as a spreadsheet cell', () => {
    expect(answerCell(questions[1] as (typeof questions)[number], { choices: [0, 2] })).toBe('演讲；抽奖');
    expect(answerCell(questions[2] as (typeof questions)[number], { text: '好' })).toBe('好');
    expect(answerCell(questions[0] as (typeof questions)[number], null)).toBe('');
  });
});

import type { WatchQuestionnaire } from '@yanbo/contracts/extensions';
import { describe, expect, it } from 'vitest';
import { answersOf, emptyDraft, heardQuestionnaire, questionOfProblem, toggleOption } from './questionnaire-rules';

const questionnaire: WatchQuestionnaire = {
  version: 'v1',
  title: '满意度调查',
  isAnonymous: false,
  questions: [
    { title: '满意吗', type: 'single', options: ['满意', '一般'], required: true },
    { title: '喜欢哪些', type: 'multiple', options: ['演讲', '问答', '抽奖'], required: false },
    { title: '建议', type: 'text', options: [], required: false },
  ],
  answered: false,
};
const [single, multiple] = questionnaire.questions as [
  WatchQuestionnaire['questions'][number],
  WatchQuestionnaire['questions'][number],
];

describe('questionnaire sheet', () => {
  it('starts blank and sends one answer per question, null where nothing was given', () => {
    const draft = emptyDraft(questionnaire.questions);
    expect(draft).toEqual([[], [], '']);
    expect(answersOf(questionnaire.questions, draft)).toEqual([null, null, null]);
    expect(answersOf(questionnaire.questions, [[1], [0, 2], '  很好 '])).toEqual([
      { choices: [1] },
      { choices: [0, 2] },
      { text: '很好' },
    ]);
  });

  it('single choice picks one option, tapped again clears it; multiple choice toggles', () => {
    expect(toggleOption(single, [], 1)).toEqual([1]);
    expect(toggleOption(single, [1], 0)).toEqual([0]);
    expect(toggleOption(single, [0], 0)).toEqual([]);
    expect(toggleOption(multiple, [2], 0)).toEqual([0, 2]);
    expect(toggleOption(multiple, [0, 2], 2)).toEqual([0]);
  });

  it('finds the question a refusal names', () => {
    expect(questionOfProblem('answers.2')).toBe(2);
    expect(questionOfProblem('answers.11.choices')).toBe(11);
    expect(questionOfProblem('answers.0: This question is required')).toBe(0);
    expect(questionOfProblem('answers')).toBeNull();
    expect(questionOfProblem('version')).toBeNull();
  });

  it('keeps the viewer’s own answered mark for the same version heard again, not for a new one', () => {
    const answered = { ...questionnaire, answered: true };
    expect(heardQuestionnaire(answered, { ...questionnaire, title: '新标题' })).toEqual({
      ...answered,
      title: '新标题',
    });
    expect(heardQuestionnaire(answered, { ...questionnaire, version: 'v2' }).answered).toBe(false);
    expect(heardQuestionnaire(null, questionnaire)).toEqual(questionnaire);
  });
});

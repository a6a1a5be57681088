import { type QuestionnaireAnswer, questionnaireCalls } from '@yanbo/contracts/extensions';
import { api } from './watch-api';

// The viewer's questionnaire calls (the questionnaire extension): the viewer is its cookie. Apart from the other
// interaction calls, so only the interaction layer's chunk brings the extension's schemas.

export const getQuestionnaire = (id: number) => api(questionnaireCalls.getWatchQuestionnaire, { params: { id } });
export const answerQuestionnaire = (
  id: number,
  version: string,
  answers: (QuestionnaireAnswer | null)[],
  nickname: string,
) => api(questionnaireCalls.answerQuestionnaire, { params: { id }, body: { version, answers, nickname } });

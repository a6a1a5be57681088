import { interactionCalls } from '@yanbo/contracts/interactions';
import { api } from './watch-api';

// The viewer's interaction calls (votes, check-ins, questions): the viewer is its cookie.

export const listVotes = (id: number) => api(interactionCalls.listWatchVotes, { params: { id } });
export const castBallot = (id: number, voteId: number, choices: number[], nickname: string) =>
  api(interactionCalls.castBallot, { params: { id, voteId }, body: { choices, nickname } });
export const getCheckin = (id: number) => api(interactionCalls.getWatchCheckin, { params: { id } });
export const takeCheckin = (id: number, checkinId: number, nickname: string) =>
  api(interactionCalls.takeCheckin, { params: { id, checkinId }, body: { nickname } });
export const listQuestions = (id: number) => api(interactionCalls.listWatchQuestions, { params: { id } });
export const askQuestion = (id: number, text: string, nickname: string) =>
  api(interactionCalls.askQuestion, { params: { id }, body: { text, nickname } });

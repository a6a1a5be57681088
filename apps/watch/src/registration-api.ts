import { type AnswerValue, type RegistrationKind, registrationCalls } from '@yanbo/contracts/registration';
import { api } from './watch-api';

// The registration form of an activity (issue 12): where the viewer stands with it, and its submission.

export const fetchRegistration = (id: number, kind: RegistrationKind = 'enroll') =>
  api(registrationCalls.getWatchRegistration, { params: { id }, query: { kind } });

export const submitRegistration = (
  id: number,
  answers: Record<string, AnswerValue>,
  kind: RegistrationKind = 'enroll',
) => api(registrationCalls.submitRegistration, { params: { id }, body: { answers, kind } });

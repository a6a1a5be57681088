import { type AnswerValue, type RegistrationKind, registrationCalls } from '@yanbo/contracts/registration';
import { api, apiUrl, WatchApiError } from './watch-api';

// The registration form of an activity (issue 12): where the viewer stands with it, and its submission.

export const fetchRegistration = (id: number, kind: RegistrationKind = 'enroll') =>
  api(registrationCalls.getWatchRegistration, { params: { id }, query: { kind } });

export const submitRegistration = (
  id: number,
  answers: Record<string, AnswerValue>,
  kind: RegistrationKind = 'enroll',
) => api(registrationCalls.submitRegistration, { params: { id }, body: { answers, kind } });

/** Attaches a file for the form's file field (multipart), answering where it is kept. */
export async function uploadRegistrationFile(id: number, file: File, kind: RegistrationKind = 'enroll') {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`${apiUrl(registrationCalls.uploadRegistrationFile, { params: { id } })}?kind=${kind}`, {
    method: 'POST',
    credentials: 'same-origin',
    body: form,
  });
  const answer = (await response.json().catch(() => null)) as { url?: string; message?: string } | null;
  if (!response.ok || !answer?.url) throw new WatchApiError(response.status, answer?.message ?? response.statusText);
  return answer.url;
}

import { DEFAULT_CONSOLE_TYPE, SIGNUP_ANALYTICS_TIMEOUT_MS } from '@yanbo/contracts';

/**
 * The sign-up analytics callback: it may report, but the new user never waits more than
 * SIGNUP_ANALYTICS_TIMEOUT_MS for it (seed 001 §9); a failure is ignored.
 */
export function reportSignup(
  payload: { agentId: number; type?: string },
  send: (body: string) => Promise<unknown> = defaultSend,
  timeoutMs = SIGNUP_ANALYTICS_TIMEOUT_MS,
): Promise<void> {
  const body = JSON.stringify({
    event: 'signup',
    type: payload.type || DEFAULT_CONSOLE_TYPE,
    agentId: payload.agentId,
  });
  const reported = send(body).then(
    () => undefined,
    () => undefined,
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs));
  return Promise.race([reported, timeout]);
}

/** A deployment's analytics tracker, when its page defines one (window.yanboAnalytics.track). */
interface AnalyticsTracker {
  track(body: string): Promise<unknown> | unknown;
}

async function defaultSend(body: string) {
  const tracker = (globalThis as { yanboAnalytics?: AnalyticsTracker }).yanboAnalytics;
  await tracker?.track(body);
}

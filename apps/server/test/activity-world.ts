import { afterAll, beforeAll, expect } from 'vitest';
import {
  type CallOptions,
  type CallResult,
  call,
  createAgent,
  createSubagent,
  type Engine,
  login,
  sessionFor,
  startApp,
  type TestAgent,
  type TestApp,
} from './harness.ts';

// What the activity-settings, page-template, meeting, media, ditch and extension tests share: one app, agents A and
// B logged in through POST /agent/login, a sub-account of A, and activities made through POST /activity.

export interface World {
  t: TestApp;
  a: TestAgent;
  b: TestAgent;
  aToken: string;
  bToken: string;
  /** A sub-account of A, with one activity of its own. */
  subToken: string;
  subActivityId: number;
  /** A new activity of the token's agent (through POST /activity). */
  activity(token: string, name?: string): Promise<number>;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, options?: CallOptions): Promise<CallResult>;
}

let activityCounter = 0;

/** Starts the app before the file's tests and closes it after; the world is filled in by beforeAll. */
export function useWorld(engine: Engine): World {
  const world = {} as World;
  beforeAll(async () => {
    const t = await startApp(engine);
    const a = await createAgent(t.ctx, { contact: 'A' });
    const b = await createAgent(t.ctx, { contact: 'B' });
    const [aToken, bToken] = await Promise.all([
      login(t.app, a.mobile, a.password),
      login(t.app, b.mobile, b.password),
    ]);
    const sub = await createSubagent(t.ctx, { agentId: a.id, remark: '子账号' });
    const subToken = await sessionFor(t.ctx, a.id, sub.id);
    const activity = async (token: string, name?: string) => {
      activityCounter += 1;
      const response = await call(t.app, 'POST', '/activity', {
        token,
        body: { name: name ?? `活动 ${activityCounter}` },
      });
      expect(response.status, response.text).toBe(200);
      return response.body.id as number;
    };
    Object.assign(world, {
      t,
      a,
      b,
      aToken,
      bToken,
      subToken,
      subActivityId: await activity(subToken),
      activity,
      call: (method: Parameters<typeof call>[1], url: string, options?: CallOptions) =>
        call(t.app, method, url, options),
    });
  });
  afterAll(() => world.t?.close());
  return world;
}

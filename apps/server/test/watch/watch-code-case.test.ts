import { WATCH_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, nextIp } from '../harness.ts';

// Issue 8: an organiser announces YQ2025 and a viewer types yq2025 (or pastes it with a space): the watch code is
// matched trimmed and ignoring case, while a different code is still refused.

describe.each(engines)('watch code matching on %s', (engine) => {
  const w = useWorld(engine);

  it('accepts the code in any case and with surrounding spaces, and still refuses a wrong one', async () => {
    const id = await w.activity(w.aToken);
    const set = await w.call('PUT', `/activity/${id}/watchcode`, {
      token: w.aToken,
      body: { enabled: true, code: 'YQ2025' },
    });
    expect(set.status, set.text).toBe(200);
    for (const code of ['yq2025', ' Yq2025 ', 'YQ2025']) {
      const entered = await w.call('POST', `/watch/${id}/watchcode`, { body: { code }, ip: nextIp() });
      expect(entered.status, `${code}: ${entered.text}`).toBe(200);
      expect(typeof entered.body.token).toBe('string');
    }
    const wrong = await w.call('POST', `/watch/${id}/watchcode`, { body: { code: 'yq2026' }, ip: nextIp() });
    expectError(wrong, 400, WATCH_ERRORS.wrongWatchCode, { field: 'code' });
  });
});

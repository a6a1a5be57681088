import { describe, expect, it } from 'vitest';
import { signalUrl } from './meeting-connection';

describe('meeting connection', () => {
  it('opens the signalling socket on the page’s own host, wss:// under https', () => {
    expect(signalUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 42)).toBe(
      'ws://127.0.0.1:8080/api/meeting/42/signal',
    );
    expect(signalUrl({ protocol: 'https:', host: 'live.example.com' }, 7)).toBe(
      'wss://live.example.com/api/meeting/7/signal',
    );
  });
});

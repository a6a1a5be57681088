import { describe, expect, it } from 'vitest';
import { bridgeNavigate, inAppPath } from './navigate-bridge';

const origin = 'https://console.example.com';

describe('navigate bridge', () => {
  it('keeps paths and same-site addresses in the app', () => {
    expect(inAppPath('/login?returnUrl=%2F', origin)).toBe('/login?returnUrl=%2F');
    expect(inAppPath(`${origin}/board/3#x`, origin)).toBe('/board/3#x');
  });

  it('leaves the app for another site', () => {
    expect(inAppPath('https://pay.example.com/order/1', origin)).toBeNull();
    expect(inAppPath('//pay.example.com/x', origin)).toBeNull();
  });

  it('routes each kind of address to its navigator', () => {
    const calls: string[] = [];
    const go = bridgeNavigate(
      (to) => calls.push(`app ${to}`),
      (to) => calls.push(`leave ${to}`),
      origin,
    );
    go('/order');
    go('https://pay.example.com/x');
    expect(calls).toEqual(['app /order', 'leave https://pay.example.com/x']);
  });
});

import { describe, expect, it } from 'vitest';
import { priceLabel, yuanToFen } from './gift-rules';

describe('gift prices', () => {
  it('turns yuan into whole fen without float drift', () => {
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0)).toBe(0);
  });

  it('shows 免费 for a free gift and yuan with two decimals otherwise', () => {
    expect(priceLabel(0)).toBe('免费');
    expect(priceLabel(52_000)).toBe('¥520.00');
  });
});

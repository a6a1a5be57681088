import { describe, expect, it } from 'vitest';
import { type CssSupports, isBrowserSupported } from './browser-support';

function css(missing: string[]): CssSupports {
  // The property for a two-argument call, the whole condition for a one-argument call.
  return { supports: (propertyOrCondition: string) => !missing.includes(propertyOrCondition) } as CssSupports;
}

describe('isBrowserSupported', () => {
  const flexGap = () => true;

  it('accepts a browser with grid, CSS variables and flex gap', () => {
    expect(isBrowserSupported(css([]), flexGap)).toBe(true);
  });

  it.each([['display'], ['(--a: 0)'], ['gap']])('rejects a browser without %s', (missing) => {
    expect(isBrowserSupported(css([missing]), flexGap)).toBe(false);
  });

  it('rejects a browser whose gap works only in grids', () => {
    expect(isBrowserSupported(css([]), () => false)).toBe(false);
  });

  it('rejects a browser without CSS.supports at all', () => {
    expect(isBrowserSupported(undefined, flexGap)).toBe(false);
  });
});

// Browsers lacking a styling capability the console needs go to the not-supported page (seed 000 §1): CSS grid,
// CSS variables (antd's theme is built on them) and gap in flex layouts.

export interface CssSupports {
  supports(property: string, value: string): boolean;
  supports(condition: string): boolean;
}

export function isBrowserSupported(css: CssSupports | undefined, hasFlexGap: () => boolean): boolean {
  if (!css || typeof css.supports !== 'function') return false;
  return css.supports('display', 'grid') && css.supports('(--a: 0)') && css.supports('gap', '1px') && hasFlexGap();
}

/** `gap` alone also answers yes where only grid gaps work (Chromium 66–83), so measure a flex column instead. */
export function measureFlexGap(): boolean {
  const flex = document.createElement('div');
  flex.style.display = 'flex';
  flex.style.flexDirection = 'column';
  flex.style.rowGap = '1px';
  flex.append(document.createElement('div'), document.createElement('div'));
  document.body.append(flex);
  const hasGap = flex.scrollHeight === 1;
  flex.remove();
  return hasGap;
}

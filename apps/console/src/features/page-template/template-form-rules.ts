import {
  type IntroTab,
  type IntroTabType,
  type LiveTemplate,
  type LiveTemplateUpdate,
  mobile,
  padLiveTemplatePaths,
} from '@yanbo/contracts';

// The template form <-> the contract: the mobile lists are edited as one number per line, everything else as it is
// on the wire; saving sends the whole template with its media paths padded (seed 001 §4, padLiveTemplatePaths).

export interface TemplateFormValues extends Omit<LiveTemplate, 'subscribedMobileList' | 'allowedMobiles'> {
  subscribedMobileText: string;
  allowedMobilesText: string;
}

export const MAX_INTRO_TABS = 20;
export const INTRO_TITLE_MAX = 20;

export function toFormValues(template: LiveTemplate): TemplateFormValues {
  const { subscribedMobileList, allowedMobiles, ...rest } = structuredClone(template);
  return {
    ...rest,
    subscribedMobileText: subscribedMobileList.join('\n'),
    allowedMobilesText: allowedMobiles.join('\n'),
  };
}

export type MobileLines =
  | { ok: true; mobiles: string[] }
  | { ok: false; problem: 'invalid' | 'duplicate'; line: string };

/** One mobile per line; blank lines are skipped, a malformed or repeated number is named. */
export function parseMobileLines(text: string): MobileLines {
  const mobiles: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (!mobile.safeParse(line).success) return { ok: false, problem: 'invalid', line };
    if (seen.has(line)) return { ok: false, problem: 'duplicate', line };
    seen.add(line);
    mobiles.push(line);
  }
  return { ok: true, mobiles };
}

const mobilesOf = (text: string) => {
  const parsed = parseMobileLines(text);
  if (!parsed.ok) throw new Error(`${parsed.problem} mobile ${parsed.line}`);
  return parsed.mobiles;
};

/** The whole template to save, from the form (which validated the mobile lists already). */
export function toTemplateUpdate(values: TemplateFormValues): LiveTemplateUpdate {
  const { subscribedMobileText, allowedMobilesText, ...rest } = values;
  return padLiveTemplatePaths({
    ...rest,
    introTabs: rest.introTabs.map((tab) => ({ ...tab, title: tab.title.trim() })),
    subscribedMobileList: mobilesOf(subscribedMobileText),
    allowedMobiles: mobilesOf(allowedMobilesText),
  });
}

/** The pictures a template list holds, in order: its empty slots (the padding a save adds) left out. */
export function filledPaths(list: readonly string[]): string[] {
  return list.filter((path) => path.trim() !== '');
}

/** The list with the picture at `from` moved one place left (-1) or right (+1); the same order when it cannot move. */
export function movePath(list: readonly string[], from: number, step: -1 | 1): string[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as string, next[from] as string];
  return next;
}

/** What the phone preview's player shows: before the live, the first prologue picture; after it, the first epilogue one. */
export type PreviewStage = 'prologue' | 'live' | 'epilogue';

export function stagePicture(
  template: Pick<LiveTemplate, 'prologuePaths' | 'epiloguePaths'>,
  stage: PreviewStage,
): string | null {
  if (stage === 'live') return null;
  const list = stage === 'prologue' ? template.prologuePaths : template.epiloguePaths;
  return filledPaths(list ?? [])[0] ?? null;
}

/** A new tab of a type, with the type's name as its title and a key no other tab has (chatRoom, chatRoom2, ...). */
export function newIntroTab(type: IntroTabType, title: string, existing: readonly Pick<IntroTab, 'key'>[]): IntroTab {
  const keys = new Set(existing.map((tab) => tab.key));
  let key: string = type;
  for (let n = 2; keys.has(key); n++) key = `${type}${n}`;
  return {
    title,
    key,
    type,
    url: '',
    productList: [],
    productListId: null,
    photoListId: null,
    richText: '',
    hyperLink: '',
    inlineHyperLink: false,
    topGift: false,
    topShare: false,
    schedule: [],
  };
}

export interface LogoPlacement {
  top?: number;
  bottom?: number;
  left?: number;
  right?: number;
  /** Width as a share of the player's width. */
  widthPercent: number;
  opacity: number;
}

/** Where the preview draws the logo: its corner, its size at the scale and its opacity; null when hidden or unset. */
export function logoPlacement(
  template: Pick<LiveTemplate, 'positionLogo' | 'imgLogo' | 'imgLogoScale' | 'imgLogoTransparency'>,
): LogoPlacement | null {
  if (template.positionLogo === 'hide' || !template.imgLogo) return null;
  const margin = 8;
  const vertical = template.positionLogo.endsWith('Top') ? { top: margin } : { bottom: margin };
  const horizontal = template.positionLogo.startsWith('left') ? { left: margin } : { right: margin };
  return {
    ...vertical,
    ...horizontal,
    // At 100% the logo takes a quarter of the player's width.
    widthPercent: (25 * template.imgLogoScale) / 100,
    opacity: template.imgLogoTransparency / 100,
  };
}

/** A CSS colour for the preview, or the fallback when the field is empty. */
export const colorOr = (value: string | undefined, fallback: string) => (value?.trim() ? value : fallback);

import { describe, expect, test } from 'vitest';
import { TEMPLATE_PATH_SLOTS } from '../src/constants.ts';
import { ditchLink } from '../src/ditches.ts';
import { EXTENSIONS } from '../src/extensions.ts';
import {
  DEFAULT_LIVE_TEMPLATE,
  liveTemplate,
  liveTemplateUpdate,
  padLiveTemplatePaths,
  padSlots,
  trimUploadFilepath,
} from '../src/page-template.ts';

const filled = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}.mp4`);
const empties = (n: number) => Array<string>(n).fill('');
const paths = (prologuePaths: string[], epiloguePaths: string[], scenePaths: string[]) => ({
  prologuePaths,
  epiloguePaths,
  scenePaths,
});

describe('padLiveTemplatePaths (seed 001 §4 "Live template save")', () => {
  test('pads empty lists to 8 empty slots each', () => {
    expect(padLiveTemplatePaths(paths([], [], []))).toEqual(paths(empties(8), empties(8), empties(8)));
    expect(TEMPLATE_PATH_SLOTS).toBe(8);
  });

  test('keeps entries in their slots and pads after them', () => {
    const result = padLiveTemplatePaths(paths(['a', '', 'c'], ['e'], ['s1', 's2']));
    expect(result.prologuePaths).toEqual(['a', '', 'c', ...empties(5)]);
    expect(result.epiloguePaths).toEqual(['e', ...empties(7)]);
    expect(result.scenePaths).toEqual(['s1', 's2', ...empties(6)]);
  });

  test('an epilogue holding 7 is padded to 8, with no extra slot', () => {
    expect(padLiveTemplatePaths(paths([], filled(7, 'e'), [])).epiloguePaths).toEqual([...filled(7, 'e'), '']);
  });

  test('an epilogue holding 8 gets one more slot', () => {
    expect(padLiveTemplatePaths(paths([], filled(8, 'e'), [])).epiloguePaths).toEqual([...filled(8, 'e'), '']);
  });

  test('an epilogue holding more than 8 gets one more slot too', () => {
    expect(padLiveTemplatePaths(paths([], filled(11, 'e'), [])).epiloguePaths).toEqual([...filled(11, 'e'), '']);
  });

  test('a prologue or scene list holding 8 or more gets no extra slot', () => {
    const result = padLiveTemplatePaths(paths(filled(8), [], filled(9, 's')));
    expect(result.prologuePaths).toEqual(filled(8));
    expect(result.scenePaths).toEqual(filled(9, 's'));
  });

  test('counts what a list holds up to its last filled slot: an empty slot in between still counts', () => {
    const epilogue = ['e1', '', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8'];
    expect(padLiveTemplatePaths(paths([], epilogue, [])).epiloguePaths).toEqual([...epilogue, '']);
  });

  test('drops surplus trailing empty slots before padding', () => {
    const result = padLiveTemplatePaths(paths(['a', ...empties(12)], [...filled(8, 'e'), ...empties(4)], empties(20)));
    expect(result.prologuePaths).toEqual(['a', ...empties(7)]);
    expect(result.epiloguePaths).toEqual([...filled(8, 'e'), '']);
    expect(result.scenePaths).toEqual(empties(8));
  });

  test('saving the same template again changes nothing', () => {
    for (const input of [paths([], [], []), paths(['a'], filled(8, 'e'), filled(3)), paths([], filled(12), [])]) {
      const once = padLiveTemplatePaths(input);
      expect(padLiveTemplatePaths(once)).toEqual(once);
    }
  });

  test('keeps the other fields and leaves its input alone', () => {
    const input = { ...DEFAULT_LIVE_TEMPLATE, prologuePaths: ['a'], epiloguePaths: filled(8), scenePaths: [] };
    const copy = structuredClone(input);
    const result = padLiveTemplatePaths(input);
    expect(input).toEqual(copy);
    expect(result).toMatchObject({ positionLogo: 'hide', imgLogoScale: 100, countdownPosition: 'rightTop' });
    expect(result.introTabs).toBe(input.introTabs);
  });
});

describe('padSlots', () => {
  test('pads with the given empty value and never shortens', () => {
    expect(padSlots([1], 3, null)).toEqual([1, null, null]);
    expect(padSlots([1, 2, 3, 4], 3, null)).toEqual([1, 2, 3, 4]);
  });
});

describe('live template contract', () => {
  test('the defaults are a valid template: logo hidden at 100/100, countdown right-top, chat room and intro tabs', () => {
    const template = liveTemplate.parse(DEFAULT_LIVE_TEMPLATE);
    expect(template).toMatchObject({
      positionLogo: 'hide',
      imgLogoScale: 100,
      imgLogoTransparency: 100,
      countdownPosition: 'rightTop',
    });
    expect(template.introTabs.map((tab) => tab.type)).toEqual(['chatRoom', 'richText']);
  });

  test('an update leaves out what it does not name (no defaults fill it in)', () => {
    expect(liveTemplateUpdate.parse({ imgLogoScale: 50 })).toEqual({ imgLogoScale: 50 });
  });

  test('refuses a tab of an unknown type and duplicate tab keys, naming the field', () => {
    const badType = liveTemplateUpdate.safeParse({ introTabs: [{ title: 't', key: 'k', type: 'poll' }] });
    expect(badType.success).toBe(false);
    expect(badType.error?.issues[0]?.path).toEqual(['introTabs', 0, 'type']);
    const duplicate = liveTemplateUpdate.safeParse({
      introTabs: [
        { title: 'a', key: 'same', type: 'chatRoom' },
        { title: 'b', key: 'same', type: 'richText' },
      ],
    });
    expect(duplicate.error?.issues[0]?.path).toEqual(['introTabs', 1, 'key']);
  });
});

describe('ditch links and extension defaults', () => {
  test('a share link carries the sign', () => {
    expect(ditchLink(100001, 'ab_C-9')).toBe('/watch/100001?ditch=ab_C-9');
  });

  test('every extension has defaults its own schema accepts', () => {
    for (const extension of Object.values(EXTENSIONS)) {
      const defaults = extension.settings.parse({});
      expect(extension.settings.parse(defaults)).toEqual(defaults);
      expect(extension.actions).toContain('enable');
    }
  });
});

describe('trimUploadFilepath', () => {
  test('keeps the first three path segments (seed 001 §9)', () => {
    expect(trimUploadFilepath('activity/12/abc.png')).toBe('activity/12/abc.png');
    expect(trimUploadFilepath('/activity/12/pictures/abc.png')).toBe('activity/12/pictures');
    expect(trimUploadFilepath('a/b')).toBe('a/b');
  });
});

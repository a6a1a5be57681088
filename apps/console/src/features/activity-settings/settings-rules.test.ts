import { DEFAULT_INTRO_TABS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import {
  absoluteUrl,
  answerShare,
  EMPTY_MANAGER,
  formatDuration,
  freeMenuKey,
  isImageAddress,
  managerOrEmpty,
  menuProblem,
  moveEntry,
  questionOptionsProblem,
  tabFrom,
} from './settings-rules';

describe('activity settings rules', () => {
  it('writes a meeting attendee’s time as mm:ss, and h:mm:ss from an hour', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65.9)).toBe('01:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600 + 2 * 60 + 3)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('00:00');
  });

  it('opens the tab named in ?tab= and the watch code otherwise', () => {
    expect(tabFrom('meeting')).toBe('meeting');
    expect(tabFrom('nope')).toBe('watchCode');
    expect(tabFrom(null)).toBe('watchCode');
  });

  it('leaves the manager empty on a 404 and passes other failures on', async () => {
    const manager = { avatar: '/a.png', nickname: '主持人', isDefault: false };
    await expect(managerOrEmpty(Promise.resolve(manager))).resolves.toEqual(manager);
    await expect(managerOrEmpty(Promise.reject(new ApiError(404, 'Activity Not Found')))).resolves.toEqual(
      EMPTY_MANAGER,
    );
    await expect(managerOrEmpty(Promise.reject(new ApiError(500, 'boom')))).rejects.toThrow('boom');
  });

  it('accepts empty, http(s) and site image addresses only', () => {
    expect(isImageAddress('')).toBe(true);
    expect(isImageAddress('https://cdn.example.com/a.png')).toBe(true);
    expect(isImageAddress('/files/a.png')).toBe(true);
    expect(isImageAddress('javascript:alert(1)')).toBe(false);
    expect(isImageAddress('a.png')).toBe(false);
  });

  it('gives new menu entries free keys and moves entries within bounds', () => {
    expect(freeMenuKey([{ key: 'tab3' }, { key: 'x' }])).toBe('tab4');
    expect(freeMenuKey([{ key: 'tab2' }])).toBe('tab3');
    expect(moveEntry(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('finds the menu problems the server refuses', () => {
    expect(menuProblem(DEFAULT_INTRO_TABS)).toBeNull();
    const duplicate = [DEFAULT_INTRO_TABS[0], { ...DEFAULT_INTRO_TABS[1], key: 'chatRoom' }];
    expect(menuProblem(duplicate)).toMatchObject({ index: 1, field: 'key' });
    expect(menuProblem([{ ...DEFAULT_INTRO_TABS[0], title: '' }])).toMatchObject({ index: 0, field: 'title' });
  });

  it('makes site paths absolute for copying', () => {
    expect(absoluteUrl('/watch/1?ditch=a', 'http://x.test')).toBe('http://x.test/watch/1?ditch=a');
    expect(absoluteUrl('https://y.test/a', 'http://x.test')).toBe('https://y.test/a');
  });
});

describe('questionnaire form and results', () => {
  it('asks a choice question for two different options, and a text question for none', () => {
    expect(questionOptionsProblem('single', ['是'])).toBe('tooFew');
    expect(questionOptionsProblem('multiple', [])).toBe('tooFew');
    expect(questionOptionsProblem('single', undefined)).toBe('tooFew');
    expect(questionOptionsProblem('single', ['是', ' 是 '])).toBe('repeated');
    expect(questionOptionsProblem('multiple', ['是', '否'])).toBeNull();
    expect(questionOptionsProblem('text', [])).toBeNull();
  });

  it('shows an option’s share of those who answered its question', () => {
    expect(answerShare(0, 0)).toBe(0);
    expect(answerShare(1, 3)).toBe(33);
    expect(answerShare(2, 3)).toBe(67);
    expect(answerShare(3, 3)).toBe(100);
  });
});

import { ERROR_CODES, ERROR_MESSAGES, padLiveTemplatePaths } from '@yanbo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorText } from '../../app/http';
import { filledPaths, movePath, stagePicture } from './template-form-rules';

describe('template picture slots', () => {
  it('shows the pictures a padded list holds, in order', () => {
    const saved = padLiveTemplatePaths({
      prologuePaths: ['activity/1/a.png', 'activity/1/b.png'],
      epiloguePaths: [],
      scenePaths: [],
    });
    expect(saved.prologuePaths).toHaveLength(8);
    expect(filledPaths(saved.prologuePaths)).toEqual(['activity/1/a.png', 'activity/1/b.png']);
    expect(filledPaths(['', 'x', ' ', 'y'])).toEqual(['x', 'y']);
  });

  it('moves a picture one place left or right, and not past either end', () => {
    expect(movePath(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movePath(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePath(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movePath(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('the preview shows the first prologue picture before the live and the first epilogue one after it', () => {
    const template = { prologuePaths: ['', 'activity/1/p.png', ''], epiloguePaths: ['activity/1/e.png'] };
    expect(stagePicture(template, 'prologue')).toBe('activity/1/p.png');
    expect(stagePicture(template, 'epilogue')).toBe('activity/1/e.png');
    expect(stagePicture(template, 'live')).toBeNull();
    expect(stagePicture({ prologuePaths: ['', ''], epiloguePaths: [] }, 'prologue')).toBeNull();
  });
});

describe('an oversize picture', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is named in Chinese with its limit, not as the server English', async () => {
    const refused = new ApiError(413, ERROR_MESSAGES.pictureTooLarge, ERROR_CODES.fileTooLarge, 'file');
    expect(await errorText(refused)).toBe('文件大小超过限制（最大 10 MB）');
  });

  it('of another upload kind is named by the code catalogue', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ [ERROR_CODES.fileTooLarge]: { 'zh-CN': '文件大小超过限制' } })),
    );
    const refused = new ApiError(413, 'File is larger than 2097152 bytes', ERROR_CODES.fileTooLarge, 'file');
    expect(await errorText(refused)).toBe('文件大小超过限制');
  });
});

import { describe, expect, test } from 'vitest';
import { FILES_URL_PREFIX, TEMPLATE_PATH_SLOTS } from '../src/constants.ts';
import { padLiveTemplatePaths, templatePathLimit, trimUploadFilepath, uploadedFileUrl } from '../src/page-template.ts';

describe('template picture lists in the editor', () => {
  test('each list holds 8 pictures; the epilogue a 9th once its 8 are filled', () => {
    expect(templatePathLimit('prologuePaths', 0)).toBe(TEMPLATE_PATH_SLOTS);
    expect(templatePathLimit('prologuePaths', 8)).toBe(8);
    expect(templatePathLimit('scenePaths', 8)).toBe(8);
    expect(templatePathLimit('epiloguePaths', 7)).toBe(8);
    expect(templatePathLimit('epiloguePaths', 8)).toBe(9);
    expect(templatePathLimit('epiloguePaths', 9)).toBe(9);
  });

  test('what the editor allows is what a save keeps: 9 epilogue pictures are padded with one empty slot', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `activity/1/e${i}.png`);
    const saved = padLiveTemplatePaths({ prologuePaths: [], epiloguePaths: nine, scenePaths: [] });
    expect(saved.epiloguePaths).toEqual([...nine, '']);
    expect(saved.prologuePaths).toHaveLength(8);
  });

  test('an uploaded filepath is served under the files prefix; addresses stay as they are', () => {
    const filepath = trimUploadFilepath('activity/12/abc.png');
    expect(uploadedFileUrl(filepath)).toBe(`${FILES_URL_PREFIX}activity/12/abc.png`);
    expect(uploadedFileUrl('/files/activity/12/abc.png')).toBe('/files/activity/12/abc.png');
    expect(uploadedFileUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(uploadedFileUrl('')).toBe('');
  });
});

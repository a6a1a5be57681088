import { describe, expect, it } from 'vitest';
import {
  APPEARANCE_HEADING_MAX,
  appearanceHeading,
  CATALOG_ERRORS,
  CATALOG_NAME_MAX,
  CHAPTER_TITLE_MAX,
  catalogAppearance,
  catalogName,
  catalogPicture,
  chapterActivityRefusal,
  chapterTitle,
  repeatedChapterActivity,
} from '../src/catalogs.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('catalog rules (seed 001 §5, §8, §9)', () => {
  it('a catalog name is 1 to 60 characters after trimming', () => {
    expect(CATALOG_NAME_MAX).toBe(60);
    expect(catalogName.parse('  合辑  ')).toBe('合辑');
    expect(catalogName.safeParse('合'.repeat(60)).success).toBe(true);
    expect(messageOf(catalogName.safeParse('合'.repeat(61)))).toBe(CATALOG_ERRORS.nameTooLong);
    expect(messageOf(catalogName.safeParse('   '))).toBe(CATALOG_ERRORS.nameRequired);
  });

  it('a chapter title is 1 to 15 characters', () => {
    expect(CHAPTER_TITLE_MAX).toBe(15);
    expect(chapterTitle.safeParse('章'.repeat(15)).success).toBe(true);
    expect(messageOf(chapterTitle.safeParse('章'.repeat(16)))).toBe(CATALOG_ERRORS.chapterTitleTooLong);
    expect(messageOf(chapterTitle.safeParse(''))).toBe(CATALOG_ERRORS.chapterTitleRequired);
  });

  it('an appearance heading is required and at most 4 characters', () => {
    expect(APPEARANCE_HEADING_MAX).toBe(4);
    expect(appearanceHeading.safeParse('课程目录').success).toBe(true);
    expect(messageOf(appearanceHeading.safeParse('课程目录表'))).toBe(CATALOG_ERRORS.headingTooLong);
    expect(messageOf(appearanceHeading.safeParse(' '))).toBe(CATALOG_ERRORS.headingRequired);
    expect(
      catalogAppearance.safeParse({ chaptersHeading: '目录', abstractHeading: '简介', themeColor: 'red' }).success,
    ).toBe(false);
  });

  it('an activity used by another catalog, series or registration is refused, in that order', () => {
    const own = { catalogId: 1 };
    const free = { catalogId: null, seriesId: null, registrationId: null };
    expect(chapterActivityRefusal(free, own)).toBeNull();
    expect(chapterActivityRefusal({ ...free, catalogId: 1 }, own)).toBeNull();
    expect(chapterActivityRefusal({ ...free, catalogId: 2 }, own)).toBe(CATALOG_ERRORS.activityInOtherCatalog);
    expect(chapterActivityRefusal({ ...free, seriesId: 7 }, own)).toBe(CATALOG_ERRORS.activityInOtherSeries);
    expect(chapterActivityRefusal({ ...free, seriesId: 7 }, { ...own, seriesId: 7 })).toBeNull();
    expect(chapterActivityRefusal({ ...free, registrationId: 3 }, own)).toBe(
      CATALOG_ERRORS.activityInOtherRegistration,
    );
    expect(chapterActivityRefusal({ catalogId: 2, seriesId: 7, registrationId: 3 }, own)).toBe(
      CATALOG_ERRORS.activityInOtherCatalog,
    );
  });

  it('finds an activity placed twice', () => {
    expect(repeatedChapterActivity([{ activityIds: [1, 2] }, { activityIds: [3] }])).toBeNull();
    expect(repeatedChapterActivity([{ activityIds: [1, 2] }, { activityIds: [2] }])).toBe(2);
    expect(repeatedChapterActivity([{ activityIds: [4, 4] }])).toBe(4);
  });

  it('a share picture is empty, http(s) or a path of this site', () => {
    for (const ok of ['', 'https://a.example/x.png', '/files/a.png'])
      expect(catalogPicture.safeParse(ok).success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,x', '/a" onerror="x'])
      expect(catalogPicture.safeParse(bad).success).toBe(false);
  });
});

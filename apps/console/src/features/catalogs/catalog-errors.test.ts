import { CATALOG_ERRORS, catalogName, chapterTitle } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import { catalogErrorText } from './api/catalogs';
import { schemaRule } from './catalog-rules';

// Seed 001 §8: the catalog failures as the seed's texts, the name clash by the action that met it.
describe('catalog error texts', () => {
  it('says which action met the name clash', async () => {
    const clash = new ApiError(400, CATALOG_ERRORS.nameTaken, undefined, 'name');
    expect(await catalogErrorText(clash, 'create')).toBe('创建失败，合辑名称重复');
    expect(await catalogErrorText(clash, 'edit')).toBe('修改失败，合辑名称重复');
  });

  it('maps the validation and chapter refusals, with or without the field before the message', async () => {
    const cases: [string, string][] = [
      [`name: ${CATALOG_ERRORS.nameTooLong}`, '修改失败，名称仅允许60字符以内'],
      [`chapters.3.title: ${CATALOG_ERRORS.chapterTitleTooLong}`, '标题仅允许15字符以内'],
      [CATALOG_ERRORS.activityInOtherCatalog, '添加失败，活动已被应用在其它合辑中'],
      [CATALOG_ERRORS.activityInOtherSeries, '添加失败，活动已被应用在其它多会场中'],
      [CATALOG_ERRORS.activityInOtherRegistration, '添加失败，活动已被应用在其它报名表下'],
      [`abstractHeading: ${CATALOG_ERRORS.headingRequired}`, '标题为必填'],
      [`chaptersHeading: ${CATALOG_ERRORS.headingTooLong}`, '标题仅允许4字符以内'],
    ];
    for (const [message, text] of cases) {
      expect(await catalogErrorText(new ApiError(400, message), 'edit')).toBe(text);
    }
    expect(await catalogErrorText(new ApiError(400, 'Something else'), 'edit')).toBe('400 Something else');
  });

  it('form rules run the contracts’ schemas and show the seed’s texts', async () => {
    await expect(schemaRule(catalogName).validator(null, '合'.repeat(61))).rejects.toThrow(
      '修改失败，名称仅允许60字符以内',
    );
    await expect(schemaRule(chapterTitle).validator(null, '章'.repeat(16))).rejects.toThrow('标题仅允许15字符以内');
    await expect(schemaRule(chapterTitle).validator(null, '第一章')).resolves.toBeUndefined();
  });
});

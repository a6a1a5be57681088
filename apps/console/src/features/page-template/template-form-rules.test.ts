import { DEFAULT_LIVE_TEMPLATE, liveTemplate } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { logoPlacement, newIntroTab, parseMobileLines, toFormValues, toTemplateUpdate } from './template-form-rules';

describe('template form mapping', () => {
  it('round-trips the default template, with the media paths padded to 8 slots', () => {
    const values = toFormValues(DEFAULT_LIVE_TEMPLATE);
    expect(values.subscribedMobileText).toBe('');
    const update = toTemplateUpdate(values);
    expect(liveTemplate.parse(update)).toEqual(DEFAULT_LIVE_TEMPLATE);
  });

  it('turns the mobile lines into lists and pads the prologue, epilogue and scene lists', () => {
    const values = {
      ...toFormValues(DEFAULT_LIVE_TEMPLATE),
      subscribedMobileText: '13800000001\n\n 13800000002 \n',
      allowedMobilesText: '13900000001',
      prologuePaths: ['/a.m3u8'],
      epiloguePaths: Array.from({ length: 8 }, (_, i) => `/e${i}.m3u8`),
      scenePaths: [],
    };
    const update = toTemplateUpdate(values);
    expect(update.subscribedMobileList).toEqual(['13800000001', '13800000002']);
    expect(update.allowedMobiles).toEqual(['13900000001']);
    expect(update.prologuePaths).toEqual(['/a.m3u8', '', '', '', '', '', '', '']);
    // The epilogue already holds 8: it gets one more slot (seed 001 §4).
    expect(update.epiloguePaths).toHaveLength(9);
    expect(update.scenePaths).toHaveLength(8);
  });

  it('names a malformed or repeated mobile line', () => {
    expect(parseMobileLines('13800000001\n12345')).toEqual({ ok: false, problem: 'invalid', line: '12345' });
    expect(parseMobileLines('13800000001\n13800000001')).toEqual({
      ok: false,
      problem: 'duplicate',
      line: '13800000001',
    });
    expect(parseMobileLines('  \n')).toEqual({ ok: true, mobiles: [] });
  });
});

describe('intro tabs', () => {
  it('gives a new tab a key no other tab has', () => {
    const tabs = DEFAULT_LIVE_TEMPLATE.introTabs;
    expect(newIntroTab('schedule', '日程', tabs)).toMatchObject({ key: 'schedule', type: 'schedule', title: '日程' });
    const twice = newIntroTab('chatRoom', '聊天室', tabs);
    expect(twice.key).toBe('chatRoom2');
    expect(newIntroTab('chatRoom', '聊天室', [...tabs, twice]).key).toBe('chatRoom3');
  });
});

describe('logo placement', () => {
  const base = { imgLogo: '/files/activity/1/a.png', imgLogoScale: 100, imgLogoTransparency: 100 };
  it('hides the logo by default or without an image', () => {
    expect(logoPlacement({ ...base, positionLogo: 'hide' })).toBeNull();
    expect(logoPlacement({ ...base, positionLogo: 'leftTop', imgLogo: '' })).toBeNull();
  });
  it('puts it in its corner at its scale and transparency', () => {
    expect(logoPlacement({ ...base, positionLogo: 'rightBottom', imgLogoScale: 50, imgLogoTransparency: 40 })).toEqual({
      bottom: 8,
      right: 8,
      widthPercent: 12.5,
      opacity: 0.4,
    });
    expect(logoPlacement({ ...base, positionLogo: 'leftTop' })).toMatchObject({ top: 8, left: 8, widthPercent: 25 });
  });
});

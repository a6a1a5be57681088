import {
  BRANDING_ERRORS,
  customizationSection,
  DEFAULT_IMAGE_TEMPLATE,
  ERROR_CODES,
  PAY_PFX_MAX_BYTES,
} from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import {
  absoluteLink,
  brandingErrorText,
  checkPfx,
  customHostLoginUrl,
  imageTemplateBody,
  imageTemplateFormValues,
  isAssetUrl,
  isHexColor,
  isHostname,
} from './branding-rules';

describe('customisation save slots (seed 001 §5)', () => {
  it('picks the slot by the first field name of the save', () => {
    expect(customizationSection({ host: 'a.example' })).toBe('host');
    expect(customizationSection({ apiAppId: 'wx', apiAppSecret: 's' })).toBe('apiAppId');
    expect(customizationSection({ apiAppSecret: 's' })).toBe('apiAppId');
    expect(customizationSection({ payPfx: 'MII=', payPfxName: 'a.p12' })).toBe('payPfx');
    expect(customizationSection({ data: { wechatPrivateTemplateId: 'x' } })).toBe('data');
    expect(customizationSection({ data: {}, host: 'a.example' })).toBe('data');
    expect(customizationSection({ other: 1 })).toBeNull();
  });
});

describe('certificate file', () => {
  it('refuses an empty or oversized file and sends the rest as base64', () => {
    expect(checkPfx('a.p12', new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
    expect(checkPfx('a.p12', new Uint8Array(PAY_PFX_MAX_BYTES + 1))).toEqual({ ok: false, reason: 'tooLarge' });
    const bytes = new Uint8Array([0x30, 0x82, 0x04, 0x3c, 0x02, 0x01, 0x03, 0xff]);
    expect(checkPfx('cert.p12', bytes)).toEqual({
      ok: true,
      name: 'cert.p12',
      bytes: 8,
      base64: Buffer.from(bytes).toString('base64'),
    });
  });
});

describe('field checks follow the contracts', () => {
  it('hosts, image addresses and colours', () => {
    expect(isHostname('live.example.com')).toBe(true);
    expect(isHostname('localhost')).toBe(true);
    expect(isHostname('http://live.example.com')).toBe(false);
    expect(isHostname('live.example.com:8080')).toBe(false);
    expect(isAssetUrl('/files/a.png')).toBe(true);
    expect(isAssetUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isAssetUrl('javascript:alert(1)')).toBe(false);
    expect(isHexColor('#722ed1')).toBe(true);
    expect(isHexColor('purple')).toBe(false);
  });

  it('links: the custom host keeps the console’s scheme and port; promotion links become absolute', () => {
    expect(customHostLoginUrl('live.example.com', { protocol: 'http:', port: '8080' })).toBe(
      'http://live.example.com:8080/login',
    );
    expect(customHostLoginUrl('live.example.com', { protocol: 'https:', port: '' })).toBe(
      'https://live.example.com/login',
    );
    expect(absoluteLink('http://127.0.0.1:8080', '/signup?promoter=ab-12')).toBe(
      'http://127.0.0.1:8080/signup?promoter=ab-12',
    );
  });
});

describe('settings error texts', () => {
  it('shows the settings’ own messages in Chinese, by their exact text', async () => {
    expect(await brandingErrorText(new ApiError(400, BRANDING_ERRORS.hostTaken, ERROR_CODES.validation, 'host'))).toBe(
      '该域名已被其他账号使用',
    );
    expect(await brandingErrorText(new ApiError(400, BRANDING_ERRORS.payPfxInvalid))).toBe(
      '证书文件不是有效的 PKCS#12（.p12）文件',
    );
    expect(await brandingErrorText(new ApiError(500, ''))).toBe('服务器异常');
  });
});

describe('activity template form mapping', () => {
  const defaults = {
    ...DEFAULT_IMAGE_TEMPLATE,
    userProfilePermission: [...DEFAULT_IMAGE_TEMPLATE.userProfilePermission],
  };

  it('shows fields at the product default as empty, and custom ones as they are', () => {
    expect(imageTemplateFormValues(defaults)).toEqual({ title: '', logo: '', favicon: '' });
    expect(imageTemplateFormValues({ ...defaults, title: '云上发布会', favicon: '/files/i.png' })).toEqual({
      title: '云上发布会',
      logo: '',
      favicon: '/files/i.png',
    });
  });

  it('saving the form untouched keeps every default field not set', () => {
    expect(imageTemplateBody(imageTemplateFormValues(defaults))).toEqual({ title: '', logo: '', favicon: '' });
    expect(imageTemplateBody({ title: ' 新名称 ', favicon: DEFAULT_IMAGE_TEMPLATE.favicon })).toEqual({
      title: '新名称',
      logo: '',
      favicon: '',
    });
    expect(imageTemplateBody({ title: '', logo: 'https://cdn.example.com/l.png', favicon: '' })).toEqual({
      title: '',
      logo: 'https://cdn.example.com/l.png',
      favicon: '',
    });
  });
});

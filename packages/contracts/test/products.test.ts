import { describe, expect, it } from 'vitest';
import {
  canOrder,
  PRODUCT_ERRORS,
  productBuyUrl,
  productInput,
  productPicture,
  repeatedId,
  shopOrderInput,
} from '../src/products.ts';

const issueOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? null : { path: result.error?.issues[0]?.path.join('.'), message: result.error?.issues[0]?.message };

const product = (overrides: Record<string, unknown> = {}) => ({
  name: '保温杯',
  pictures: ['/files/agent/1/a.png'],
  price: 990,
  buyMode: 'platform',
  ...overrides,
});

describe('product rules', () => {
  it('a picture is an image this site stores, nothing else', () => {
    for (const ok of ['/files/a.png', '/files/agent/7/x-1.JPG', '/files/b.jpeg', '/files/c.webp', '/files/d.gif']) {
      expect(productPicture.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'https://cdn.example.com/a.png',
      '/files/a.svg',
      '/files/a.html',
      '/files/../a.png',
      '/api/a.png',
      '',
    ]) {
      expect(issueOf(productPicture.safeParse(bad))?.message, bad).toBe(PRODUCT_ERRORS.notUploadedPicture);
    }
  });

  it('a purchase address is http(s) only, opened by the viewer', () => {
    expect(productBuyUrl.safeParse('https://shop.example.com/item?id=1').success).toBe(true);
    expect(productBuyUrl.safeParse('').success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://a', 'https://a.com/"onmouseover=x']) {
      expect(issueOf(productBuyUrl.safeParse(bad))?.message, bad).toBe(PRODUCT_ERRORS.invalidBuyUrl);
    }
  });

  it('1 to 9 pictures; a link product needs its address; an in-platform one costs at least 1 fen', () => {
    expect(productInput.parse(product())).toMatchObject({ stock: null, originalPrice: null, status: 'on', buyUrl: '' });
    expect(issueOf(productInput.safeParse(product({ pictures: [] })))).toEqual({
      path: 'pictures',
      message: PRODUCT_ERRORS.picturesRequired,
    });
    expect(issueOf(productInput.safeParse(product({ pictures: Array(10).fill('/files/a.png') })))?.message).toBe(
      PRODUCT_ERRORS.tooManyPictures,
    );
    expect(issueOf(productInput.safeParse(product({ buyMode: 'link' })))).toEqual({
      path: 'buyUrl',
      message: PRODUCT_ERRORS.buyUrlRequired,
    });
    expect(issueOf(productInput.safeParse(product({ price: 0 })))).toEqual({
      path: 'price',
      message: PRODUCT_ERRORS.platformPriceRequired,
    });
    expect(productInput.safeParse(product({ price: 0, buyMode: 'link', buyUrl: 'https://a.com' })).success).toBe(true);
    expect(issueOf(productInput.safeParse(product({ stock: -1 })))?.path).toBe('stock');
    expect(issueOf(productInput.safeParse(product({ price: 100_000_001 })))?.path).toBe('price');
  });

  it('an order may be placed while enough is left; unlimited stock never runs out', () => {
    expect(canOrder(null, 99)).toBe(true);
    expect(canOrder(2, 2)).toBe(true);
    expect(canOrder(1, 2)).toBe(false);
    expect(canOrder(0, 1)).toBe(false);
  });

  it('a shop names each product once', () => {
    expect(repeatedId([3, 1, 2])).toBeNull();
    expect(repeatedId([3, 1, 3])).toBe(3);
    expect(repeatedId([])).toBeNull();
  });

  it('a shop order carries its delivery: a name, a mainland mobile and an address', () => {
    const order = { buyerName: ' 张三 ', buyerMobile: '13800138000', buyerAddress: '上海市' };
    expect(shopOrderInput.parse(order)).toEqual({ ...order, buyerName: '张三', count: 1 });
    expect(issueOf(shopOrderInput.safeParse({ ...order, buyerMobile: '12345' }))?.path).toBe('buyerMobile');
    expect(issueOf(shopOrderInput.safeParse({ ...order, buyerAddress: ' ' }))?.path).toBe('buyerAddress');
    expect(issueOf(shopOrderInput.safeParse({ ...order, count: 100 }))?.path).toBe('count');
  });
});

import type { Product } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { toFen, toFormValues, toInput } from './product-form-rules';

const product: Product = {
  id: 1,
  name: '保温杯',
  pictures: ['/files/a.png'],
  cover: '/files/a.png',
  price: 990,
  originalPrice: 1990,
  stock: null,
  sold: 0,
  description: '',
  buyMode: 'link',
  buyUrl: 'https://shop.example.com/1',
  status: 'on',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the product form', () => {
  it('sends yuan as whole fen', () => {
    expect(toFen(9.9)).toBe(990);
    expect(toFen(0.07)).toBe(7);
    expect(toFen(19.99)).toBe(1999);
  });

  it('reads a product back as it sends it', () => {
    expect(toInput(toFormValues(product))).toEqual({
      name: '保温杯',
      pictures: ['/files/a.png'],
      price: 990,
      originalPrice: 1990,
      stock: null,
      buyMode: 'link',
      buyUrl: 'https://shop.example.com/1',
      status: 'on',
      description: '',
    });
  });

  it('keeps no link on an in-platform product, and no original price left empty', () => {
    const values = { ...toFormValues(product), buyMode: 'platform' as const, originalPrice: null, stock: 5 };
    expect(toInput(values)).toMatchObject({ buyMode: 'platform', buyUrl: '', originalPrice: null, stock: 5 });
  });

  it('starts a new product in the platform, on the shelf, unlimited', () => {
    expect(toFormValues(undefined)).toMatchObject({ buyMode: 'platform', status: 'on', stock: null, pictures: [] });
  });
});

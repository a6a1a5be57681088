import type { Product, ProductInput } from '@yanbo/contracts';

// The product form's values as the agent types them, and the product the server takes: prices in yuan on the form and
// in fen on the wire (rounded, so 9.9 is 990 fen, not 990.0000000000001), stock empty for unlimited, a link kept only
// on a link product.

/** The form's values: prices in yuan as the agent types them, stock empty for unlimited. */
export interface FormValues {
  name: string;
  pictures: string[];
  price: number | null;
  originalPrice: number | null;
  stock: number | null;
  buyMode: Product['buyMode'];
  buyUrl: string;
  status: Product['status'];
  description: string;
}

export const toFen = (yuan: number) => Math.round(yuan * 100);
export const toYuan = (fen: number) => fen / 100;

export function toFormValues(product: Product | undefined): FormValues {
  if (!product) {
    return {
      name: '',
      pictures: [],
      price: null,
      originalPrice: null,
      stock: null,
      buyMode: 'platform',
      buyUrl: '',
      status: 'on',
      description: '',
    };
  }
  return {
    name: product.name,
    pictures: product.pictures,
    price: toYuan(product.price),
    originalPrice: product.originalPrice === null ? null : toYuan(product.originalPrice),
    stock: product.stock,
    buyMode: product.buyMode,
    buyUrl: product.buyUrl,
    status: product.status,
    description: product.description,
  };
}

export function toInput(values: FormValues): ProductInput {
  return {
    name: values.name,
    pictures: values.pictures,
    price: toFen(values.price ?? 0),
    originalPrice:
      values.originalPrice === null || values.originalPrice === undefined ? null : toFen(values.originalPrice),
    stock: values.stock ?? null,
    buyMode: values.buyMode,
    buyUrl: values.buyMode === 'link' ? values.buyUrl.trim() : '',
    status: values.status,
    description: values.description ?? '',
  };
}

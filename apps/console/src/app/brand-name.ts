import { type CustomizedInfo, DEFAULT_IMAGE_TEMPLATE, type ImageTemplate } from '@yanbo/contracts';

/**
 * The header's brand: the 平台名称 the agent set in its image template (the same name the tab title shows, issue 8),
 * else the custom brand name, else the product's own.
 */
export function headerBrandName(
  template: Pick<ImageTemplate, 'title'> | undefined,
  info: Pick<CustomizedInfo, 'brandName'> | undefined,
  productName: string,
): string {
  const title = template?.title.trim();
  if (title && title !== DEFAULT_IMAGE_TEMPLATE.title) return title;
  return info?.brandName.trim() || productName;
}

import { menuTexts } from '../locales/zh-CN/menu';

/** A screen's Chinese title, which is also its menu label (route name = menu key). */
export function routeTitle(name: string): string {
  return menuTexts[`menu.${name}`] ?? name;
}

export function menuGroupTitle(key: string): string {
  return menuTexts[`menu.group.${key}`] ?? key;
}

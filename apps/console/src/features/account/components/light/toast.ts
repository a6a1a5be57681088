import { ICONS, type IconNode } from './icons';
import styles from './light.module.css';

// antd's message for the signed-out pages: a toast at the top centre for three seconds. Plain DOM, outside React, so
// a toast shown just before the page moves on (注册成功, then the console) stays while the next screen draws.

const DURATION_MS = 3000;
const ICON: Record<'success' | 'error', IconNode> = {
  success: ICONS.checkCircleFilled.icon as IconNode,
  error: ICONS.closeCircleFilled.icon as IconNode,
};

function svgOf(node: IconNode): Element {
  const element = document.createElementNS('http://www.w3.org/2000/svg', node.tag);
  for (const [name, value] of Object.entries(node.attrs)) element.setAttribute(name, value);
  for (const child of node.children ?? []) element.append(svgOf(child));
  return element;
}

let holder: HTMLElement | null = null;

function show(kind: 'success' | 'error', text: string) {
  if (!holder?.isConnected) {
    holder = document.createElement('div');
    holder.className = styles.toasts;
    holder.setAttribute('role', 'status');
    holder.setAttribute('aria-live', 'polite');
    document.body.append(holder);
  }
  const toast = document.createElement('div');
  toast.className = styles.toast;
  const icon = svgOf(ICON[kind]);
  icon.setAttribute('width', '1em');
  icon.setAttribute('height', '1em');
  icon.setAttribute('fill', 'currentColor');
  icon.setAttribute('aria-hidden', 'true');
  icon.classList.add(kind === 'success' ? styles.toastSuccess : styles.toastError);
  const label = document.createElement('span');
  label.textContent = text;
  toast.append(icon, label);
  holder.append(toast);
  setTimeout(() => {
    toast.classList.add(styles.toastLeaving);
    setTimeout(() => toast.remove(), 300);
  }, DURATION_MS);
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
};

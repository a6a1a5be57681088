import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { imageTemplateQuery } from './entry-queries';

/** The agent's image template brands the browser tab: its favicon is the page icon, its title the page title. */
export function useBranding() {
  const { data: template } = useQuery(imageTemplateQuery());
  useEffect(() => {
    if (!template) return;
    if (template.title) document.title = template.title;
    if (template.favicon) setPageIcon(template.favicon);
  }, [template]);
}

function setPageIcon(href: string) {
  let icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.append(icon);
  }
  icon.href = href;
}

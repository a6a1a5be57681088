import { catalogPagePath } from '@yanbo/contracts';
import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';
import { pictureTag, sectionTitle } from './parts.ts';

/** catalog: the chosen catalogs (合辑) as cards, each linking to its public page. */
export const renderCatalog: ComponentRenderer<'catalog'> = (component, ctx) => {
  const catalogs = ctx.catalogs(component.id);
  const title = sectionTitle(component.title);
  if (catalogs.length === 0) return `${title}<p class="empty">${PORTAL_TEXTS.noCatalogs}</p>`;
  const cards = catalogs
    .map((catalog) => {
      const name = escapeHtml(catalog.name);
      return `<a class="card" href="${catalogPagePath(catalog.id)}" data-catalog-id="${catalog.id}" data-search="${name}"><span class="thumb">${pictureTag(ctx.picture(catalog.cover), 'cover', catalog.name)}</span><span class="card-name">${name}<small>${catalog.activityCount} ${PORTAL_TEXTS.activitiesUnit}</small></span></a>`;
    })
    .join('');
  return `${title}<div class="cards ${component.layout}">${cards}</div>`;
};

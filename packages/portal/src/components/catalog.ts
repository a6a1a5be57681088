import { catalogPagePath } from '@yanbo/contracts/catalogs';
import { escapeHtml } from '../escape.ts';
import { type ComponentRenderer, ids, list, type PortalCatalog, text } from '../portal-data.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';
import { pictureTag, sectionTitle } from './activity-card.ts';

/** catalog: the chosen catalogs (合辑) as cards, each linking to its public page. */
export const renderCatalog: ComponentRenderer = (fields, ctx) => {
  const chosen = ids(fields.catalogIds ?? fields.catalogs ?? list(fields, 'menuArr'), 50).flatMap((id) => {
    const catalog = ctx.catalog(id);
    return catalog ? [catalog] : ([] as PortalCatalog[]);
  });
  const title = sectionTitle(text(fields, ['title', 'name'], 30));
  if (chosen.length === 0) return `${title}<p class="empty">${PORTAL_TEXTS.noCatalogs}</p>`;
  const cards = chosen
    .map((catalog) => {
      const name = escapeHtml(catalog.name);
      const count =
        catalog.activityCount !== undefined
          ? `<small>${catalog.activityCount} ${PORTAL_TEXTS.activitiesUnit}</small>`
          : '';
      return `<a class="catalog" href="${catalogPagePath(catalog.id)}" data-catalog-id="${catalog.id}" data-search="${name}">${pictureTag(catalog.cover, 'cover')}<span class="card-name">${name}${count}</span></a>`;
    })
    .join('');
  return `${title}<div class="grid">${cards}</div>`;
};

import { type IntroTab, PAGE_TEMPLATE_ERRORS, PHOTO_ERRORS, PRODUCT_ERRORS } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { scopeActivities } from '../../platform/tenancy.ts';
import { photoListOwner } from '../photos/index.ts';
import { productOwners, shopOwner } from '../products/index.ts';

// The rows a page template's tabs name (seed 001 §3 "Intro tab entry"): the 商品 tab's productListId (the activity's
// shop), a photo tab's photoListId and a tab's productList. Each must be the caller's (the tenancy rule: another
// agent's answers that feature's 404, as its own routes do) and exist (a missing one is 400 naming the field); a
// shop or photo list must be this activity's, as the watch page shows no other. An id the saved template already
// names is kept as it is, unchecked: a copied activity's tabs still name the original's lists, and a shop may have
// closed since; the agent can keep saving the page and fix the tab when it chooses.

/** Whose an activity is: 'this' one, 'other' (another activity the caller may reach) or 'foreign' (not the caller's). */
async function whoseActivity(
  db: Db,
  caller: Caller,
  activityId: number,
  owner: { activityId: number; agentId: number },
) {
  if (owner.agentId !== caller.agentId) return 'foreign';
  if (owner.activityId === activityId) return 'this';
  const reachable = await scopeActivities(db.selectFrom('activities').select('activities.id'), caller)
    .where('activities.id', '=', owner.activityId)
    .executeTakeFirst();
  // A sub-account's reach is its own activities: one of the agent's others is as foreign to it as another agent's.
  return reachable ? 'other' : 'foreign';
}

/**
 * Checks the ids that `tabs` name and `saved` does not, in tab order; throws the first refusal. `field` is where the
 * tabs are in the body (`introTabs` of the template, `items` of the menu).
 */
export async function checkTabReferences(
  db: Db,
  caller: Caller,
  activityId: number,
  tabs: readonly IntroTab[],
  saved: readonly IntroTab[],
  field: string,
): Promise<void> {
  const savedShops = new Set(saved.map((tab) => tab.productListId));
  const savedPhotoLists = new Set(saved.map((tab) => tab.photoListId));
  const savedProducts = new Set(saved.flatMap((tab) => tab.productList));

  const newProducts = [...new Set(tabs.flatMap((tab) => tab.productList))].filter((id) => !savedProducts.has(id));
  const products = new Map((await productOwners(db, newProducts)).map((row) => [row.id, row]));

  for (const [index, tab] of tabs.entries()) {
    const at = `${field}.${index}`;
    if (tab.productListId !== null && !savedShops.has(tab.productListId)) {
      const owner = await shopOwner(db, tab.productListId);
      if (!owner) throw invalidField(`${at}.productListId`, PAGE_TEMPLATE_ERRORS.unknownProductList);
      const whose = await whoseActivity(db, caller, activityId, owner);
      if (whose === 'foreign') throw notFound(PRODUCT_ERRORS.shopNotFound);
      if (whose === 'other') throw invalidField(`${at}.productListId`, PAGE_TEMPLATE_ERRORS.productListOfOtherActivity);
    }
    if (tab.photoListId !== null && !savedPhotoLists.has(tab.photoListId)) {
      const owner = await photoListOwner(db, tab.photoListId);
      if (!owner) throw invalidField(`${at}.photoListId`, PAGE_TEMPLATE_ERRORS.unknownPhotoList);
      const whose = await whoseActivity(db, caller, activityId, owner);
      if (whose === 'foreign') throw notFound(PHOTO_ERRORS.listNotFound);
      if (whose === 'other') throw invalidField(`${at}.photoListId`, PAGE_TEMPLATE_ERRORS.photoListOfOtherActivity);
    }
    for (const [position, productId] of tab.productList.entries()) {
      if (savedProducts.has(productId)) continue;
      const product = products.get(productId);
      // A deleted product of the caller's is gone for its pages too (its row is kept only for its orders).
      if (!product || (product.agentId === caller.agentId && product.deletedAt !== null)) {
        throw invalidField(`${at}.productList.${position}`, PAGE_TEMPLATE_ERRORS.unknownProduct);
      }
      if (product.agentId !== caller.agentId) throw notFound(PRODUCT_ERRORS.productNotFound);
    }
  }
}

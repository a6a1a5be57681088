// The products feature's door: the activities' shops, as the applications hub's product screens and the live
// operations screen show them.
export { LiveProductCard } from './components/live-product-card';
export { ShopCreateForm } from './components/shop-create-form';
export { ShopEditor } from './components/shop-editor';
export { ShopList, shopEditPath } from './components/shop-list';

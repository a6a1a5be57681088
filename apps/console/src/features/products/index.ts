// The products feature's door: the activities' shops, as the applications hub's product screens show them.
export { ShopCreateForm } from './components/shop-create-form';
export { ShopEditor } from './components/shop-editor';
export { ShopList, shopEditPath } from './components/shop-list';

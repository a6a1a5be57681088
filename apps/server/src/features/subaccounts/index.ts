// The sub-accounts feature's door: its routes, and the sub-account password only its main account may read back.

export { registerSubaccountRoutes } from './subaccount-routes.ts';
export { passwordForOwner } from './subaccount-service.ts';

// The finance feature's door: the money-moving routes (paid views, recharge, cards, withdrawals and their review),
// the paid-view gate the watch page plays behind, and the ledger-derived account balance.
export { registerFinanceMoneyRoutes } from './finance-money-routes.ts';
// The finance views (earnings, income breakdown, account detail, red-packet account, stream usage, flux, the monthly
// statement and the ledger check).
export { registerFinanceViewRoutes } from './finance-views-routes.ts';
export { checkLedger } from './ledger-check.ts';
export { paidViewGate } from './paid-view.ts';
export { statementTaskKind } from './statement-task.ts';
export { accountBalance } from './withdrawals.ts';

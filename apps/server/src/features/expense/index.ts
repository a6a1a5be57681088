// The expense feature's door: the histories read from the ledger.
export { activityPayHistory, chargeHistory } from './expense-service.ts';

// The expense feature's door: the charge history.
export { registerExpenseRoutes } from './expense-routes.ts';

// The finance feature's door (console): the /financial page, and the activity's paid-viewing settings card.

// The finance views other screens show: the board's tiles, and a lower agent's income breakdown (agent administration).
export { BoardFinanceTiles } from './components/board-finance-tiles';
export { IncomeBreakdown } from './components/income-breakdown';
export { PaidViewPanel } from './components/paid-view-panel';
export { FinancialPage } from './finance-page';

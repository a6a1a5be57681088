// The aggregation feature's door: its calls, its public page, and which activities it holds (the catalogs' chapter
// rule reads it: seed 001 §8 添加失败，活动已被应用在其它多会场中).
export { registerAggregationPage } from './aggregation-page-html.ts';
export { aggregationsOfActivities } from './aggregation-repository.ts';
export { registerAggregationRoutes } from './aggregation-routes.ts';

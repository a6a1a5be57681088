// The agents feature's door: the list's filters, query and pieces the agency view shares.
export {
  type AgentFilters,
  changeFilters,
  filtersFromSearch,
  filtersToSearch,
  isFiltered,
  lowerCoopLevels,
} from './agent-list-rules';
export { agencyListQuery } from './api/agency-queries';
export { AgentFilterBar } from './components/agent-filter-bar';
export { AgentStatusTag } from './components/agent-status-tag';

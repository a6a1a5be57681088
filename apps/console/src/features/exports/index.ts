// The exports feature's door: the download link every feature's download goes through, the data-statistics tabs and
// the data export panel.
export { downloadFile } from './api/download-file';
export { DataStatsTabs } from './components/data-stats-tabs';
export { ExportPanel } from './components/export-panel';

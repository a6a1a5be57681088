// The exports feature's door: its routes; the file writers other features' downloads stream through; and an export's
// rows for the download center's worker.
export { type Cell, csvFromCells, sendFile } from './export-file.ts';
export { activityDownload, registerExportRoutes } from './export-routes.ts';
export { exportSelect } from './export-rows.ts';
export { type ExportRequest, exportFile, exportFileName, exportRows, exportTaskKind } from './export-service.ts';
export { exportSource } from './export-sources.ts';

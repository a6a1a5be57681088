// The exports feature's door: the download link every feature's download goes through, and the data-statistics tab.
export { downloadFile } from './api/download-file';

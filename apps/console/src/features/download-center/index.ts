// The download center's door: what other screens use to start a background task and show the download tip.
export { ReportButton, useStartTask } from './use-start-task';

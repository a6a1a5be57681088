// The text live feature's door: the settings screen's 图文直播 tab.
export { TextLivePanel } from './text-live-panel';

// The statistics feature's door: what other screens show of it (the agent's activities with their figures).
export { ChannelStatsButton } from './components/channel-stats';

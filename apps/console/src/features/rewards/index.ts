// The rewards feature's door: the lottery and red packets screen of an activity.
export { RewardsPage } from './rewards-page';

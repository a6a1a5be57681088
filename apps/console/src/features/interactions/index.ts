// The 互动 feature's door: the vote rules the applications' 投票 screens share with the board's.
export { cleanOptions, optionPercents } from './interaction-rules';

// The 互动 feature's door: the vote form and rules the applications' 投票 screens share with the board's.
export { VoteFields, type VoteFieldValues, voteBody } from './components/vote-fields';
export { optionPercents } from './interaction-rules';

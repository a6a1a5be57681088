// The gifts feature's door: what other screens show of the gifts viewers sent.
export { SentGiftsCard } from './components/sent-gifts-card';
export { TopGiftRank } from './components/top-gift-rank';

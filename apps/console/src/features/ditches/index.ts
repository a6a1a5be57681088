// The ditches feature's door: the board lists an activity's ditches with their share links.

export { ditchListQuery } from './api/ditches';

// The media feature's door: the live screen's media tabs (slots, library, playlist) and the size format the stream tab
// shares.
export { MediaLibraryPanel } from './components/media-library-panel';
export { MediaListsPanel } from './components/media-lists-panel';
export { PlaylistPanel } from './components/playlist-panel';
export { formatBytes } from './media-rules';

// The branding feature's door: the image field (upload or address, with a thumbnail) other screens reuse.
export { ImageField } from './components/image-field';

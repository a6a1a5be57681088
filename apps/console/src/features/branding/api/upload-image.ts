import type { Uploaded } from '@yanbo/contracts';
import { uploadWithPolicy } from '../../../app/upload';

/** Uploads a branding image under the agent's upload policy; answers where it is served. */
export const uploadImage = (file: File): Promise<Uploaded> => uploadWithPolicy('agent', file);

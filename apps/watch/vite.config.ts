import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The audience's page, built apart from the console: its bundle holds React and the page only (the FLV player is a
// chunk of its own, fetched when a push is on), and the server serves it at /watch/{id}.
export default defineConfig({
  base: '/watch/',
  plugins: [react(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/live': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', emptyOutDir: true },
});

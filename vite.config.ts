import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { islands } from './app/islands/vite-plugin.ts';
import { serviceWorker } from './app/sw/vite-plugin.ts';

export default defineConfig({
  plugins: [reactRouter(), islands(), serviceWorker()],
  build: { assetsInlineLimit: 0 },
});

import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { islands } from './app/islands/vite-plugin.ts';

export default defineConfig({
  plugins: [reactRouter(), islands()],
  build: { assetsInlineLimit: 0 },
});

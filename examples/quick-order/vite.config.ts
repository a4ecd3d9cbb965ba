import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The quick-order pad's own build. `skimmer` comes from node_modules (the packed tarball, see
 * scripts/install-skimmer.mjs); the store's API is proxied so the pad and the API share an origin
 * (the cart's session cookie): SKIMMER_API names the store, `npm start`'s by default.
 */
const api = process.env.SKIMMER_API ?? 'http://localhost:3000';
// /checkout: the store's hosted checkout page, where the cart's Checkout button goes
const proxy = { '/api': { target: api }, '/media': { target: api }, '/checkout': { target: api } };

export default defineConfig({
  plugins: [react()],
  // one React: the app's and the one the package's hooks import must be the same copy
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy },
  preview: { proxy },
});

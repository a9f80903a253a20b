// The dashboard's one ES module script and one stylesheet, served by the gateway under /dashboard/assets/.
// An app build (not library mode): minified, no inline data: URLs, no module preload polyfill (the CSP allows no inline script).
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
      input: { dashboard: 'src/main.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: 'dashboard-[hash].js', assetFileNames: 'dashboard[extname]' },
    },
  },
});

// Two pages' ES module scripts (widget.js: the flow; qr.js: the QR hand-off page), the code they share
// in one chunk, and one stylesheet, served by the gateway under /widget/assets/.
// An app build (not library mode), so the script is minified whitespace included.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // No inline data: URLs for assets (the CSP has no data: for scripts or styles).
    assetsInlineLimit: 0,
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
      input: { widget: 'src/main.ts', qr: 'src/qr-main.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js', assetFileNames: 'widget[extname]' },
    },
  },
});

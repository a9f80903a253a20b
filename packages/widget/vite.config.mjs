// One ES module script and one stylesheet with fixed names, served by the gateway under /widget/assets/.
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
      input: 'src/main.ts',
      output: { entryFileNames: 'widget.js', assetFileNames: 'widget[extname]' },
    },
  },
});

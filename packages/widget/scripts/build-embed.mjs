// The two public scripts of spec 4.10 (widget-v2.js, loader.js), each one classic script (an IIFE,
// so the embed script can read document.currentScript), built by Vite into dist/public/.
import { build } from 'vite';

for (const [name, entry] of [
  ['widget-v2', 'src/embed/widget-v2.ts'],
  ['loader', 'src/embed/loader.ts'],
]) {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: 'dist/public',
      emptyOutDir: name === 'widget-v2',
      target: 'es2020',
      lib: { entry, formats: ['iife'], name: `kyc_${name.replace('-', '_')}`, fileName: () => `${name}.js` },
    },
  });
}

// npm run build:server: the API server compiled to one CommonJS file, build/server/main.cjs, which
// `npm run serve` (production) runs with plain Node: no TypeScript loader at run time.
// Our own code (src/server, src/shared, the sandbox main.ts mounts in development) is bundled, the
// @client/@server/@shared/@sandbox aliases resolved from tsconfig.json; every npm package stays
// external and is loaded from node_modules as usual. Files the server reads at run time
// (migrations, blog articles) are found from the package root (src/server/lib/packageRoot.ts).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts'],
  outfile: 'build/server/main.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node24',
  packages: 'external',
  sourcemap: 'linked',
  sourcesContent: false,
  // JSX in the PDF documents (src/server/pdf) compiles to React's automatic runtime, as tsconfig says.
  jsx: 'automatic',
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + (output.bytes ?? 0), 0);
console.log(
  `build/server/main.cjs: ${(bytes / 1024 / 1024).toFixed(1)} MB with its source map, in ${Date.now() - started} ms`,
);

// npm run build:server: the API server compiled to one CommonJS file, build/server/main.cjs, which
// `npm run serve` (production) runs with plain Node: no TypeScript loader at run time.
// Our own code (src/server, src/shared, the sandbox main.ts mounts in development) is bundled, the
// @client/@server/@shared/@sandbox aliases resolved from tsconfig.json; every npm package but the
// statistics library (see externalPackages) stays external and is loaded from node_modules as
// usual. Files the server reads at run time (migrations, blog articles) are found from the package
// root (src/server/lib/packageRoot.ts).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every npm package stays external but the statistics library: @stdlib ships each function as a
 * package of many small files (the four distributions the analysis uses are hundreds of them), and
 * resolving and reading those one by one took about 120 ms of every start. Bundled, they add
 * about 470 KB to main.cjs, read in one go. Anything else with native code, WebAssembly or files of its own must stay
 * external.
 */
function externalPackages() {
  const { dependencies = {}, devDependencies = {} } = JSON.parse(
    fs.readFileSync(path.join(root, 'package.json'), 'utf8'),
  );
  return Object.keys({ ...dependencies, ...devDependencies })
    .filter((name) => !name.startsWith('@stdlib/'))
    .flatMap((name) => [name, `${name}/*`]);
}
const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts'],
  outfile: 'build/server/main.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node24',
  external: externalPackages(),
  sourcemap: 'linked',
  sourcesContent: false,
  // JSX in the PDF documents (src/server/pdf) compiles to React's automatic runtime, as tsconfig says.
  jsx: 'automatic',
  // Before anything is required: Node keeps the bytecode of every package it compiles on disk
  // (NODE_COMPILE_CACHE names the folder, the OS's temporary one otherwise; a package that
  // changes is compiled again), so a restart skips compiling a few megabytes of node_modules.
  // NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  banner: { js: "require('node:module').enableCompileCache?.();" },
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + (output.bytes ?? 0), 0);
console.log(
  `build/server/main.cjs: ${(bytes / 1024 / 1024).toFixed(1)} MB with its source map, in ${Date.now() - started} ms`,
);

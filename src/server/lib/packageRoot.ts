import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository's root, the folder holding package.json. The server runs from source (tsx, jest)
 * and compiled into build/server/ (npm run serve), so files it reads at run time (migrations,
 * blog articles) are found from here rather than from the running file's own folder.
 */
export const PACKAGE_ROOT = packageRootFrom(__dirname);

function packageRootFrom(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}.`);
  }
}

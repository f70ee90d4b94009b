import fs from 'node:fs';
import path from 'node:path';

/** The server's source folder, for tests that read its files as text (the seam tests). */
export const SERVER_ROOT = path.resolve(__dirname, '..');

/** Every server source file (not tests or fixtures), as paths relative to SERVER_ROOT with forward slashes. */
export function serverSources(dir = SERVER_ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    if (!/\.tsx?$/.test(entry.name) || /\.(test|fixtures)\.tsx?$/.test(entry.name)) return [];
    return [path.relative(SERVER_ROOT, full).split(path.sep).join('/')];
  });
}

/** A source's text without its comments, so a comment naming a table or a call never counts. */
export const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** A server source's text (relative path), without comments. */
export const sourceText = (file: string) => withoutComments(fs.readFileSync(path.join(SERVER_ROOT, file), 'utf8'));

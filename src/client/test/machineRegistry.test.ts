import fs from 'node:fs';
import path from 'node:path';

import { MACHINE_MODELS } from './machineRegistry';

/** Every *.machine.ts under src/client, from the repository root. */
function machineFiles(dir = path.join(process.cwd(), 'src/client')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(full);
    return entry.name.endsWith('.machine.ts') ? [path.relative(process.cwd(), full).split(path.sep).join('/')] : [];
  });
}

describe('the machine registry', () => {
  it('lists every *.machine.ts, so a new machine cannot miss its paths test', () => {
    expect(MACHINE_MODELS.map((model) => model.file).sort()).toEqual(machineFiles().sort());
  });

  it('has a paths test beside every machine', () => {
    const missing = MACHINE_MODELS.map((model) => model.file.replace(/\.machine\.ts$/, '.paths.test.ts')).filter(
      (file) => !fs.existsSync(file),
    );
    expect(missing).toEqual([]);
  });

  it('names each machine once', () => {
    const names = MACHINE_MODELS.map((model) => model.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

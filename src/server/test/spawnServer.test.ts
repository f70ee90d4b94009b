import fs from 'node:fs';
import path from 'node:path';

import { COMPILED_SERVER, nodeCommand, ROOT, SERVE_NODE_FLAGS } from './spawnServer';

describe('the compiled server’s command', () => {
  it('is the one `npm run serve` runs: the same Node flags, so tests and benches measure production', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(scripts.serve).toBe(['node', ...SERVE_NODE_FLAGS, COMPILED_SERVER].join(' '));
    const previous = process.env.SERVE_NODE_FLAGS;
    delete process.env.SERVE_NODE_FLAGS;
    try {
      expect(nodeCommand(COMPILED_SERVER).args).toEqual([...SERVE_NODE_FLAGS, COMPILED_SERVER]);
      // A TypeScript script runs through tsx's loader, without the production flags.
      expect(nodeCommand('src/server/main.ts').args).toEqual(['--import', 'tsx', 'src/server/main.ts']);
    } finally {
      if (previous !== undefined) process.env.SERVE_NODE_FLAGS = previous;
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';

import type { Platform } from '@shared/constants';

import { type Har, parseHar } from '../platforms/replay/har';
import { openReplay, type ReplaySession } from '../platforms/replay/run';

/** A platform's recorded fixture: `<platform folder>/fixtures/<name>` (each folder's SOURCES.md says where it came from). */
export function recordedFixture(platformFolder: string, name: string): Har {
  return parseHar(fs.readFileSync(path.join(platformFolder, 'fixtures', name), 'utf8'));
}

/**
 * A replay of `har` for the describe block it is called in: opened before its tests, checked
 * after each that the client asked for nothing the recording lacks, closed after all. Returns the
 * open session (read it inside a test).
 */
export function replayEachTest(platform: Platform, har: () => Har): () => ReplaySession {
  let session: ReplaySession | undefined;
  beforeAll(async () => {
    session = await openReplay(platform, har());
  });
  afterAll(() => session?.close());
  afterEach(() => session?.checkMisses());
  return () => {
    if (!session) throw new Error('the replay is not open yet: read it inside a test');
    return session;
  };
}

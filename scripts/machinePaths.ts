// Prints each client state machine's states, events, timers, calls, number of simple paths and the
// shortest path to each state (issue 18): what the *.paths.test.ts files walk, for a tester to read.
// Usage: npm run machines:paths [-- name...]   (names as in src/client/test/machineRegistry.ts)

// Some machines import their feature's API module, which resolves the API base against the page:
// under Node there is no page, so a same-host one stands in (nothing is fetched).
if (!('window' in globalThis)) Object.assign(globalThis, { window: { location: { href: 'http://localhost/' } } });

const list = (items: string[]) => (items.length ? items.join(', ') : '(none)');

async function main() {
  // Imported once the stand-in page exists.
  const { summarize } = await import('@client/test/machinePaths');
  const { MACHINE_MODELS } = await import('@client/test/machineRegistry');
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !MACHINE_MODELS.some((model) => model.name === name));
  if (unknown.length) {
    console.error(
      `Unknown machine(s): ${unknown.join(', ')}. Known: ${MACHINE_MODELS.map((model) => model.name).join(', ')}`,
    );
    process.exit(1);
  }
  const models = wanted.length ? MACHINE_MODELS.filter((model) => wanted.includes(model.name)) : MACHINE_MODELS;
  let total = 0;
  let transitions = 0;
  for (const model of models) {
    const summary = summarize(model);
    total += summary.simplePaths;
    transitions += summary.transitions;
    console.log(`\n${summary.name}  (${summary.file})`);
    console.log(`  states (${summary.states.length}): ${list(summary.states)}`);
    console.log(`  events (${summary.events.length}): ${list(summary.events)}`);
    console.log(`  timers: ${list(summary.timers)}`);
    console.log(`  calls: ${list(summary.calls)}`);
    console.log(`  simple paths: ${summary.simplePaths}`);
    console.log(`  transitions: ${summary.transitions}`);
    console.log('  shortest path to each state:');
    for (const [state, path] of Object.entries(summary.shortest))
      console.log(`    ${state}: ${path ?? 'never reached (transient, or not reachable with the walk’s events)'}`);
  }
  console.log(`\n${models.length} machines, ${total} simple paths, ${transitions} transitions.`);
}

void main();

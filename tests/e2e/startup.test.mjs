// Start-up and memory beside a plain WebKitGTK window (issue #31; tests/e2e/startup.mjs): the
// app (whatever binary scripts/e2e was given) and src-tauri/examples/plain_window (beside it in
// examples/, or $E2E_PLAIN_WINDOW) started in turn, five times each, on a fresh data folder.
// The figures are printed and written to startup-figures.json in the output folder; a goal of
// issue #31 missed fails (the package test holds the installed app to the same goals).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { app, launch, out } from './harness.mjs';
import { compare, missedGoals, report } from './startup.mjs';

const plainBin = process.env.E2E_PLAIN_WINDOW || join(dirname(app), 'examples', 'plain_window');

test('the Table is painted about as soon as a plain WebKitGTK window paints its page', { skip: !existsSync(plainBin) && `no ${plainBin} (cargo build --example plain_window)` }, async () => {
  const r = await compare({ plainBin, launch, exe: app, runs: Number(process.env.E2E_STARTUP_RUNS || 5) });
  writeFileSync(join(out, 'startup-figures.json'), JSON.stringify(r, null, 2) + '\n');
  for (const line of report(r)) console.log(`[startup] ${line}`);
  const missed = missedGoals(r);
  assert.deepEqual(missed, [], `goals of issue #31 missed:\n  ${missed.join('\n  ')}`);
});

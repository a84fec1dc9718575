// The INSTALLED app (from the .deb, launched by tests/package/install-test.sh through scripts/e2e
// with /usr/bin/... as the binary): it starts on a fresh data folder and shows the Table screen.
// Measured in the same run and printed: the package's size, the start-up time to the first
// painted Table screen, and the memory of the app beside a plain WebKitGTK window's. Last, the
// import opens the platform's file dialog: a release build ignores the e2e run's test seam.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, dataDir, go, launch, out, shot } from '../e2e/harness.mjs';
import { sleep } from '../e2e/webdriver.mjs';
import { appStart, compare, report } from '../e2e/startup.mjs';

// the plain WebKitGTK window the start-up and memory are compared with, built beside the
// package's app (scripts/package, install-test.sh: src-tauri/examples/plain_window.rs)
const plainBin = process.env.PACKAGE_PLAIN_WINDOW;

const figures = {};
let s;

after(async () => {
  if (s) await s.end();
  writeFileSync(join(out, 'package-figures.json'), JSON.stringify(figures, null, 2) + '\n');
});

// --- the tests ---------------------------------------------------------------------------------
test('the installed package holds the app, its desktop entry and icon', () => {
  assert.match(app, /^\/usr\/bin\//, `the installed binary, not a build: ${app}`);
  const bytes = Number(process.env.PACKAGE_DEB_BYTES);
  assert.ok(bytes > 1_000_000, `the .deb's size: ${process.env.PACKAGE_DEB_BYTES}`);
  figures.package_mib = +(bytes / 1024 / 1024).toFixed(2);
  figures.installed_binary_mib = +(readFileSync(app).length / 1024 / 1024).toFixed(2);
  const desktop = readFileSync(process.env.PACKAGE_DESKTOP_FILE, 'utf8');
  assert.match(desktop, /^Name=Tablemate$/m);
  assert.match(desktop, /^Exec=tablemate-app/m);
  const icon = /^Icon=(.+)$/m.exec(desktop)?.[1];
  assert.ok(icon && existsSync(`/usr/share/icons/hicolor/128x128/apps/${icon}.png`), `the icon ${icon}`);
});

test('the installed app starts on a fresh data folder and paints the Table screen', async () => {
  const { figures: first, session } = await appStart(launch, app, { keep: true });
  s = session;
  assert.ok(first.total_ms > 0 && first.total_ms < 60_000, `start-up ${first.total_ms} ms`);
  // the Table screen is the one chosen in the navigation, and the shell says who it is
  assert.equal(await s.attr(await s.find('[data-testid="nav-table"]'), 'aria-current'), 'page');
  assert.match(await s.text(await s.find('[data-testid="brand"]')), /Tablemate/);
  await shot(s, 'installed-table');
  // it opened its database in the temporary data folder, not the real one
  assert.ok(existsSync(join(dataDir, 'tablemate.db')), `tablemate.db in ${dataDir}`);
});

test('starts beside a plain WebKitGTK window: the start-up and the memory of both', async () => {
  assert.ok(plainBin && existsSync(plainBin), `the plain WebKitGTK window (PACKAGE_PLAIN_WINDOW): ${plainBin}`);
  await s.end();
  s = undefined;
  const r = await compare({ plainBin, launch, exe: app, runs: 5 });
  for (const line of report(r)) console.log(`[package] ${line}`);
  figures.startup_ms = r.app.total_ms;
  figures.plain_window_ms = r.plain_total_ms;
  figures.startup_ratio = r.ratio;
  figures.navigation_ms = r.app.navigation_ms;
  figures.page_painted_ms_after_navigation = r.app.table_after_navigation_ms;
  figures.first_contentful_paint_ms_after_navigation = r.app.fcp_after_navigation_ms;
  figures.app_memory = r.app_memory;
  figures.plain_webkitgtk_memory = r.plain_memory;
  figures.pss_over_plain_mib = r.pss_over_plain_mib;
  console.log(`[package] figures: ${JSON.stringify(figures)}`);
  s = await launch(); // for the file dialog below
});

test("import opens the platform's file dialog: a release build ignores the test seam", async () => {
  // scripts/e2e sets TABLEMATE_TEST_DIALOG_PATH; a debug build would import from it at once
  assert.ok(process.env.TABLEMATE_TEST_DIALOG_PATH, 'scripts/e2e sets the test seam');
  await go(s, 'matches');
  await s.click(await s.waitFor('[data-testid="event-import"]'));
  let windows = '';
  for (let i = 0; i < 100 && !windows.includes('"Import a tournament"'); i++) {
    await sleep(100);
    windows = execFileSync('xwininfo', ['-root', '-tree'], { encoding: 'utf8' });
  }
  assert.ok(windows.includes('"Import a tournament"'), `no file dialog among the windows:\n${windows}`);
  assert.ok(await s.find('[data-testid="events-none"]'), 'nothing imported');
});

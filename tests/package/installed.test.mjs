// The INSTALLED app (from the .deb, launched by tests/package/install-test.sh through scripts/e2e
// with /usr/bin/... as the binary): it starts on a fresh data folder and shows the Table screen.
// Measured in the same run and printed: the package's size, the start-up time to the first
// painted Table screen, and the memory of the app beside a plain WebKitGTK window's. Last, the
// import opens the platform's file dialog: a release build ignores the e2e run's test seam.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, dataDir, go, launch, out, shot } from '../e2e/harness.mjs';
import { sleep } from '../e2e/webdriver.mjs';

const figures = {};
let s;

after(async () => {
  if (s) await s.end();
  writeFileSync(join(out, 'package-figures.json'), JSON.stringify(figures, null, 2) + '\n');
});

// --- processes: /proc only, no tools ----------------------------------------------------------
const CLOCK_TICKS = 100; // USER_HZ on Linux

function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the name (field 2) may hold spaces: the fields after it start behind its ')'
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(rest[1]), start: Number(rest[19]) };
}

function pids() {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
}

/** The process running `exe`, the newest one if several. */
function processOf(exe) {
  const found = pids().filter((p) => {
    try {
      return readlinkSync(`/proc/${p}/exe`) === exe;
    } catch {
      return false; // gone, or not ours to read
    }
  });
  assert.ok(found.length > 0, `no process runs ${exe}`);
  return found.sort((a, b) => stat(b).start - stat(a).start)[0];
}

/** `pid` and all its descendants (WebKit's web and network processes are children). */
function tree(pid) {
  const children = new Map();
  for (const p of pids()) {
    try {
      const { ppid } = stat(p);
      children.set(ppid, [...(children.get(ppid) || []), p]);
    } catch {
      // exited meanwhile
    }
  }
  const all = [];
  const walk = (p) => {
    all.push(p);
    for (const c of children.get(p) || []) walk(c);
  };
  walk(pid);
  return all;
}

/** Resident (RSS) and proportional (PSS: shared pages divided among their users) memory, MiB. */
function memory(pid) {
  let rss = 0;
  let pss = 0;
  const names = [];
  for (const p of tree(pid)) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)[1]);
      pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)[1]);
      names.push(readFileSync(`/proc/${p}/comm`, 'utf8').trim());
    } catch {
      // a process that exited between the listing and the read
    }
  }
  return { rss_mib: +(rss / 1024).toFixed(1), pss_mib: +(pss / 1024).toFixed(1), processes: names };
}

/** Seconds since `pid` was started (10 ms resolution). */
function age(pid) {
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return uptime - stat(pid).start / CLOCK_TICKS;
}

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
  s = await launch();
  const pid = processOf(app);
  // poll closely: the first moment the Table screen is in the page, then wait for two frames
  // (the second rAF runs after the frame holding it was painted)
  const until = Date.now() + 60_000;
  for (;;) {
    const shown = await s.execute(
      'const e = document.querySelector(\'[data-testid="screen-table"]\'); return !!e && e.getBoundingClientRect().height > 0',
    );
    if (shown) break;
    assert.ok(Date.now() < until, 'the Table screen did not appear within a minute');
    await sleep(10);
  }
  const paint = await s.cmd('POST', '/execute/async', {
    script:
      'const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done({ now: performance.now(), fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime ?? null })))',
    args: [],
  });
  figures.startup_ms = Math.round(age(pid) * 1000);
  figures.page_painted_ms_after_navigation = Math.round(paint.now);
  figures.first_contentful_paint_ms_after_navigation = paint.fcp === null ? null : Math.round(paint.fcp);
  assert.ok(figures.startup_ms > 0 && figures.startup_ms < 60_000, `start-up ${figures.startup_ms} ms`);

  // the Table screen is the one chosen in the navigation, and the shell says who it is
  assert.equal(await s.attr(await s.find('[data-testid="nav-table"]'), 'aria-current'), 'page');
  assert.match(await s.text(await s.find('[data-testid="brand"]')), /Tablemate/);
  await shot(s, 'installed-table');
  // it opened its database in the temporary data folder, not the real one
  assert.ok(existsSync(join(dataDir, 'tablemate.db')), `tablemate.db in ${dataDir}`);

  await sleep(2000); // settle: the rulings index opens in the background at start
  figures.app_memory = memory(pid);
  assert.ok(figures.app_memory.rss_mib > 10, JSON.stringify(figures.app_memory));
});

test('beside a plain WebKitGTK window of an empty page', async () => {
  const plain = spawn('/usr/bin/python3', [new URL('./plain-webkit.py', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const ready = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the plain WebKitGTK window did not load')), 30_000);
      plain.stdout.on('data', (d) => String(d).includes('loaded') && (clearTimeout(timer), resolve(true)));
      plain.on('exit', (code) => reject(new Error(`the plain WebKitGTK window exited: ${code}`)));
    });
    assert.ok(ready);
    await sleep(2000);
    figures.plain_webkitgtk_memory = memory(plain.pid);
    assert.ok(figures.plain_webkitgtk_memory.processes.length >= 2, 'a window and its web process');
  } finally {
    plain.kill();
  }
  console.log(`[package] figures: ${JSON.stringify(figures)}`);
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

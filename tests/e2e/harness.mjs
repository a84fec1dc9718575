// What every end-to-end file shares. scripts/e2e starts the display and the driver and sets:
//   TABLEMATE_APP_BIN   the app binary to launch
//   TABLEMATE_DATA_DIR  a fresh folder for this run; each test file gets its own data folder in
//                       it (`dataDir`), so no file depends on what another left or on their order
//   WEBDRIVER_URL       where tauri-driver listens
//   E2E_OUT             where screenshots go (target/e2e)
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { after, before } from 'node:test';
import { Session, sleep } from './webdriver.mjs';

const need = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the end-to-end tests through scripts/e2e`);
  return v;
};
export const app = need('TABLEMATE_APP_BIN');
// node --test runs each file in a process of its own: the file names its data folder
const file = basename(process.argv[1] || 'e2e').replace(/\.test\.mjs$/, '');
export const dataDir = join(need('TABLEMATE_DATA_DIR'), file);
mkdirSync(dataDir, { recursive: true });
export const out = process.env.E2E_OUT || 'target/e2e';
mkdirSync(out, { recursive: true });
const driver = process.env.WEBDRIVER_URL || 'http://127.0.0.1:4444';
// tauri-driver passes a binary and its arguments, not an environment: the app is started
// through a launcher that gives it this file's data folder (exec: the app keeps the pid)
const quote = (v) => `'${v.replaceAll("'", "'\\''")}'`;
const launcher = join(need('TABLEMATE_DATA_DIR'), `${file}.launch.sh`);
writeFileSync(launcher, `#!/bin/sh\nTABLEMATE_DATA_DIR=${quote(dataDir)} exec ${quote(app)} "$@"\n`);
chmodSync(launcher, 0o755);
const caps = { 'tauri:options': { application: launcher }, 'wdio:enforceWebDriverClassic': true };

/** Launches the app in a new WebDriver session (a second call is a restart on the same data).
 * A session that gets no answer at all is asked for once more: on CI's loaded machine one start
 * in a whole run once got no answer from the driver within 90 s, and the same test passed
 * alone; a second failure fails the test. */
export async function launch() {
  try {
    return await Session.start(driver, caps);
  } catch (e) {
    if (!String(e).includes('no answer')) throw e;
    console.log(`[e2e] the app's session did not start (${e}); asking once more`);
    return Session.start(driver, caps);
  }
}

/**
 * This file's window: `before` its tests launches the app and waits (30 s) for `ready` (the
 * brand unless told otherwise; null: no wait), `after` them ends it. A file's own steps go in
 * `beforeLaunch`, `started` (after the launch) and `beforeEnd`: node:test runs a file's
 * `before` hooks side by side, not one after another. `s.restart()` ends the app and launches it
 * again on the same data, `s` staying the object the file holds. Returns `s` with the helpers
 * below bound to it.
 */
export function appSession(ready = '[data-testid="brand"]', { beforeLaunch, started, beforeEnd } = {}) {
  const s = new Session(driver, undefined);
  s.restart = async () => {
    if (s.id) await s.end();
    s.id = (await launch()).id;
    if (ready) await s.waitFor(ready, { timeoutMs: 30_000 });
  };
  before(async () => {
    await beforeLaunch?.();
    await s.restart();
    await started?.();
  });
  after(async () => {
    if (!s.id) return;
    await beforeEnd?.();
    await s.end();
  });
  return {
    s,
    shot: (name) => shot(s, name),
    go: (screen) => go(s, screen),
    text: (testid) => textOf(s, testid),
    waitText: (testid, pred, what) => waitText(s, testid, pred, what),
    typeInto: (css, text) => typeInto(s, css, text),
    setValue: (css, value) => setValue(s, css, value),
    tap: (testid) => tap(s, testid),
    waitGone: (css) => waitGone(s, css),
  };
}

/** Resolves once the page has painted a frame after now (two animation frames). */
export function painted(s) {
  return s.cmd('POST', '/execute/async', {
    script: 'const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)))',
    args: [],
  });
}

/** Resizes the window and waits until the page has the new size and has painted it. */
export async function resize(s, width, height) {
  await s.setWindowRect({ width, height });
  const size = () => s.execute('return [window.innerWidth, window.innerHeight]');
  let seen = await size();
  for (let i = 0; i < 50 && (seen[0] !== width || seen[1] !== height); i++) {
    await sleep(100);
    seen = await size();
  }
  if (seen[0] !== width || seen[1] !== height) {
    throw new Error(`the page is ${seen.join('x')} px, not ${width}x${height}, after resizing`);
  }
  await painted(s);
}

/** Switches the interface language in Settings and waits until the navigation reads in it
 *  (its label: on a phone a button may show an icon, not its text). */
export async function setLanguage(s, lang) {
  await go(s, 'settings');
  await s.click(await s.waitFor(`[data-testid="settings-language"] option[value="${lang}"]`));
  const want = lang === 'de' ? 'Tisch' : 'Table';
  const label = async () => s.attr(await s.find('[data-testid="nav-table"]'), 'aria-label');
  for (let i = 0; i < 50 && (await label()) !== want; i++) await sleep(100);
  const shown = await label();
  if (shown !== want) throw new Error(`the navigation reads "${shown}", not "${want}", after choosing ${lang}`);
  await painted(s);
}

/** Resolves once the page is still: its fonts loaded, no animation or transition running
 *  (at most 3 s), then two painted frames. A condition, not a fixed wait. */
export function settled(s) {
  return s.cmd('POST', '/execute/async', {
    script: `const done = arguments[arguments.length - 1];
      const start = performance.now();
      const moving = () => (document.getAnimations ? document.getAnimations().some((a) => a.playState === 'running') : false);
      const check = () => {
        if (!moving() || performance.now() - start > 3000) requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
        else requestAnimationFrame(check);
      };
      (document.fonts ? document.fonts.ready : Promise.resolve()).then(check);`,
    args: [],
  });
}

/** Saves what session `s` shows as `name`.png in the output folder, once the page is still. */
export async function shot(s, name) {
  await settled(s);
  writeFileSync(join(out, `${name}.png`), await s.screenshot());
}

// axe-core (ui/package.json devDependencies), injected into the real window on first use
const axeSource = readFileSync(new URL('../../ui/node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
/** The rules of WCAG 2.2 levels A and AA that axe-core checks. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe-core over the whole page as it is now; returns its violations, each as
 *  "rule-id: target … (summary)" lines, empty when none. */
export async function axeViolations(s) {
  if (!(await s.execute('return typeof window.axe === "object"'))) {
    await s.execute(`${axeSource}\n;return typeof window.axe;`);
  }
  await settled(s);
  const found = await s.cmd('POST', '/execute/async', {
    script: `const done = arguments[arguments.length - 1];
      window.axe
        .run(document, { runOnly: { type: 'tag', values: arguments[0] }, resultTypes: ['violations'] })
        .then((r) => done(r.passes.length < 10 ? ['axe ran only ' + r.passes.length + ' rules: not a real check'] : r.violations.map((v) => v.id + ' [' + v.impact + ']: ' + v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' — ' + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 160)).join(' | '))))
        .catch((e) => done(['axe failed: ' + e]));`,
    args: [WCAG_AA],
  });
  return found;
}

/** Opens a screen from the navigation and waits for it. */
export async function go(s, screen) {
  await s.click(await s.waitFor(`[data-testid="nav-${screen}"]`));
  await s.waitFor(`[data-testid="screen-${screen}"]`);
}

/** The trimmed text of the element with `data-testid` = `testid`. */
export async function textOf(s, testid) {
  return (await s.text(await s.waitFor(`[data-testid="${testid}"]`))).trim();
}

/** Waits (5 s) until the text of `testid` satisfies `pred`; fails saying `what` was expected. */
export async function waitText(s, testid, pred, what) {
  for (let i = 0; i < 50; i++) {
    const t = await textOf(s, testid);
    if (pred(t)) return t;
    await sleep(100);
  }
  throw new Error(`${testid}: ${what} (shows "${await textOf(s, testid)}")`);
}

/** Taps `testid` as a person would: scrolled into view first (a phone's screen, or a board's
 *  own scroll area, scrolls). */
export async function tap(s, testid) {
  const el = await s.waitFor(`[data-testid="${testid}"]`);
  await s.execute(`document.querySelector('[data-testid="' + arguments[0] + '"]').scrollIntoView({ block: 'nearest' })`, [testid]);
  await s.click(el);
}

/** Waits (5 s) until nothing matches `css`; fails if something still does. */
export async function waitGone(s, css) {
  const count = () => s.execute('return document.querySelectorAll(arguments[0]).length', [css]);
  for (let i = 0; i < 50 && (await count()); i++) await sleep(100);
  if (await count()) throw new Error(`${css} is not gone after 5 s`);
}

/** Types `text` into the field `css` after clearing it, as a person would. */
export async function typeInto(s, css, text) {
  const el = await s.waitFor(css);
  await s.cmd('POST', `/element/${el}/clear`, {});
  await s.type(el, text);
  return el;
}

/** Sets an input's or select's value as the browser would after a person's choice (a date
 * picker or a select WebDriver cannot drive), with its input and change events. */
export async function setValue(s, css, value) {
  await s.waitFor(css);
  await s.execute(
    `const el = document.querySelector(arguments[0]);
     el.value = arguments[1];
     el.dispatchEvent(new Event('input', { bubbles: true }));
     el.dispatchEvent(new Event('change', { bubbles: true }));`,
    [css, value],
  );
}

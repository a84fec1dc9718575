// What every end-to-end file shares. scripts/e2e starts the display and the driver and sets:
//   TABLEMATE_APP_BIN   the app binary to launch
//   TABLEMATE_DATA_DIR  a fresh data folder for this run (shared by all files of the run)
//   WEBDRIVER_URL       where tauri-driver listens
//   E2E_OUT             where screenshots go (target/e2e)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session, sleep } from './webdriver.mjs';

const need = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the end-to-end tests through scripts/e2e`);
  return v;
};
export const app = need('TABLEMATE_APP_BIN');
export const dataDir = need('TABLEMATE_DATA_DIR');
export const out = process.env.E2E_OUT || 'target/e2e';
mkdirSync(out, { recursive: true });
const driver = process.env.WEBDRIVER_URL || 'http://127.0.0.1:4444';
const caps = { 'tauri:options': { application: app }, 'wdio:enforceWebDriverClassic': true };

/** Launches the app in a new WebDriver session (a second call is a restart on the same data). */
export function launch() {
  return Session.start(driver, caps);
}

/** Saves what session `s` shows as `name`.png in the output folder. */
export async function shot(s, name) {
  await sleep(400); // let the last change paint before capturing it
  writeFileSync(join(out, `${name}.png`), await s.screenshot());
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

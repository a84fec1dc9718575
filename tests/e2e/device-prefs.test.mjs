// This device's preferences (issue #31): face to face and the last screen are kept in the store
// file device.json of the data folder and are there at the first paint of the next start; a
// damaged file gives the defaults and a notice (in the interface language), never a blank
// screen, and is kept beside, not overwritten; what the window's localStorage held before the
// file existed is painted at the first start and moved into the file once.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, go, launch, resize, shot as shotOf } from './harness.mjs';

let s;
after(async () => {
  if (s) await s.end();
});
const shot = (name) => shotOf(s, `device-${name}`);
const file = join(dataDir, 'device.json');
const classOf = async (css) => s.attr(await s.waitFor(css), 'class');

test('face to face and the last screen come back with the next start', async () => {
  s = await launch();
  await resize(s, 360, 740);
  await s.type(await s.waitFor('[data-testid="new-a"]'), 'Ann');
  await s.type(await s.find('[data-testid="new-b"]'), 'Ben');
  await s.click(await s.find('[data-testid="new-start"]'));
  await s.click(await s.waitFor('[data-testid="open-more"]'));
  await s.click(await s.waitFor('[data-testid="face-to-face"]'));
  await s.click(await s.find('[data-testid="sheet-more-close"]'));
  assert.match(await classOf('[data-testid="side-B"]'), /flipped/);
  await go(s, 'rulings');
  for (let i = 0; i < 50 && !/"last_screen":\s*"rulings"/.test(existsSync(file) ? readFileSync(file, 'utf8') : ''); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(saved.face_to_face, true, JSON.stringify(saved));
  assert.equal(saved.last_screen, 'rulings', JSON.stringify(saved));
  await s.end();

  // the next start opens where it was left, and the Table is still turned, with no call first
  s = await launch();
  await s.waitFor('[data-testid="screen-rulings"]');
  assert.equal(await s.attr(await s.find('[data-testid="nav-rulings"]'), 'aria-current'), 'page');
  assert.equal(await s.execute('return window.__TABLEMATE_BOOT__.prefs.face_to_face'), true);
  await go(s, 'table');
  assert.match(await classOf('[data-testid="side-B"]'), /flipped/);
  await s.end();
  s = undefined;
});

test('a damaged preferences file gives the defaults and a notice, in German too, and is kept', async () => {
  writeFileSync(file, '{"face_to_face": tru');
  s = await launch();
  await resize(s, 1280, 800);
  // the defaults: the Table, upright
  await s.waitFor('[data-testid="screen-table"]');
  assert.doesNotMatch(await classOf('[data-testid="side-B"]'), /flipped/);
  const notice = await s.waitFor('[data-testid="notice-device_prefs_set_aside"]');
  assert.match(await s.text(notice), /preferences .* could not be read/);
  const kept = readdirSync(dataDir).filter((f) => f.startsWith('device.json.corrupt-'));
  assert.equal(kept.length, 1, `the damaged file kept beside: ${readdirSync(dataDir)}`);
  assert.equal(readFileSync(join(dataDir, kept[0]), 'utf8'), '{"face_to_face": tru');
  await shot('damaged-en');
  await go(s, 'settings');
  await s.click(await s.waitFor('[data-testid="settings-language"] option[value="de"]'));
  await s.waitFor('[data-testid="notice-device_prefs_set_aside"]', { pred: (t) => /konnten nicht gelesen werden/.test(t) });
  await shot('damaged-de');
  // read: the file goes into set-aside/, the notice with it
  await s.click(await s.find('[data-testid="notices-acknowledge"]'));
  for (let i = 0; i < 50 && (await s.findAll('[data-testid="notices"]')).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal((await s.findAll('[data-testid="notices"]')).length, 0);
  assert.ok(readdirSync(join(dataDir, 'set-aside')).some((f) => f.startsWith('device.json.corrupt-')));
});

// the keys an earlier Tablemate kept in localStorage (ui/src/lib/device/prefs.svelte.ts)
const LEGACY_TABLE = 'tablemate.table.prefs';
const LEGACY_ADDRESS = 'tablemate.reporting.address.7';

/** Waits until device.json says localStorage was moved, and gives what it holds. */
async function movedFile() {
  let text = '';
  for (let i = 0; i < 100; i++) {
    text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (/"local_storage_moved":\s*true/.test(text)) return JSON.parse(text);
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`device.json never said localStorage was moved: ${text}`);
}

/** Puts `items` into the window's localStorage and lets WebKit write them down before the app
 *  is closed (its storage is saved shortly after a change, not at once). */
async function setLocalStorage(items) {
  await s.execute(`for (const [k, v] of Object.entries(arguments[0])) localStorage.setItem(k, v); return true;`, [items]);
  await new Promise((r) => setTimeout(r, 2000));
}

test('what localStorage held is painted at the first start with device.json, moved into it once and cleared', async () => {
  if (s) await s.end();
  // a window of an earlier Tablemate: its preferences in localStorage, no device.json yet
  s = await launch();
  await s.waitFor('[data-testid="nav-table"]');
  await setLocalStorage({
    [LEGACY_TABLE]: JSON.stringify({ faceToFace: true, keepAwake: false }),
    [LEGACY_ADDRESS]: JSON.stringify({ ip: '192.168.1.20', port: '8080' }),
  });
  await s.end();
  rmSync(file, { force: true });

  // the first start with the file: the Table is turned at once (from localStorage: the file
  // holds nothing yet), and the preferences are moved into the file
  s = await launch();
  await resize(s, 1280, 800);
  const boot = await s.execute('return window.__TABLEMATE_BOOT__');
  assert.equal(boot.prefs_moved, false, JSON.stringify(boot.prefs));
  assert.equal(boot.prefs.face_to_face, false, 'the file held nothing: the defaults came with the page');
  await s.waitFor('[data-testid="screen-table"]');
  assert.match(await classOf('[data-testid="side-B"]'), /flipped/);
  const moved = await movedFile();
  assert.equal(moved.face_to_face, true, JSON.stringify(moved));
  assert.equal(moved.keep_awake, false, JSON.stringify(moved));
  assert.deepEqual(moved.reporting_addresses, { 7: { ip: '192.168.1.20', port: '8080' } }, JSON.stringify(moved));
  // cleared where it came from
  let left = null;
  for (let i = 0; i < 50; i++) {
    left = await s.execute(`return [localStorage.getItem(arguments[0]), localStorage.getItem(arguments[1])]`, [LEGACY_TABLE, LEGACY_ADDRESS]);
    if (left.every((v) => v === null)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual(left, [null, null]);
  await shot('moved');

  // once: what an old window writes into localStorage later is not moved again
  await setLocalStorage({ [LEGACY_TABLE]: JSON.stringify({ faceToFace: false, keepAwake: true }) });
  await s.end();
  s = await launch();
  await s.waitFor('[data-testid="screen-table"]');
  const again = await s.execute('return window.__TABLEMATE_BOOT__');
  assert.equal(again.prefs_moved, true);
  assert.equal(again.prefs.face_to_face, true, 'the file holds the moved preference');
  assert.match(await classOf('[data-testid="side-B"]'), /flipped/);
  await new Promise((r) => setTimeout(r, 1000));
  const after = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(after.face_to_face, true, JSON.stringify(after));
  assert.equal(after.keep_awake, false, JSON.stringify(after));
});

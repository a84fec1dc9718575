// End-to-end: the real Tablemate app in a real window (Xvfb), driven through tauri-driver and
// WebKitWebDriver. Run by scripts/e2e (the settings it passes: harness.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from './webdriver.mjs';
import { appSession, dataDir, resize, setLanguage } from './harness.mjs';

// The version the Rust side reports must be the workspace's version.
const cargo = readFileSync(new URL('../../Cargo.toml', import.meta.url), 'utf8');
const version = /\[workspace\.package\][^[]*?version\s*=\s*"([^"]+)"/s.exec(cargo)?.[1];
// The schema version it reports: the newest migration, i.e. the length of the store's list of
// them (crates/store/src/schema.rs, `VERSIONS`).
const schemaRs = readFileSync(new URL('../../crates/store/src/schema.rs', import.meta.url), 'utf8');
const migrations = /pub const VERSIONS: &\[&str\] = &\[([^\]]*)\];/.exec(schemaRs)?.[1];
const latestSchema = migrations?.split(',').filter((v) => v.trim()).length;

const { s, shot, go } = appSession(null);

test('the window opens on the table screen', async () => {
  const brand = await s.waitFor('[data-testid="brand"]', { timeoutMs: 30_000 });
  assert.match(await s.text(brand), /Tablemate/);
  assert.equal(await s.title(), 'Tablemate');
  await s.waitFor('[data-testid="screen-table"]');
});

/** At 360 px every screen's name fits its button in the bottom bar (no "Match…"). */
async function assertNavFits(lang) {
  await setLanguage(s, lang);
  await resize(s, 360, 740);
  // the text's own width (a button's scrollWidth does not grow with cut text in WebKit)
  const cut = await s.execute(
    `const ctx = document.createElement('canvas').getContext('2d');
     return [...document.querySelectorAll('nav button')]
       .filter((b) => {
         const icon = b.querySelector('svg');
         return !(icon && getComputedStyle(icon).display !== 'none');
       })
       .map((b) => {
         const cs = getComputedStyle(b);
         ctx.font = cs.font;
         const room = b.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
         return [b.dataset.testid, Math.ceil(ctx.measureText(b.textContent.trim()).width), Math.floor(room)];
       })
       .filter(([, text, room]) => text > room)
       .map(([id, text, room]) => id + ' ' + text + '>' + room)`,
  );
  assert.deepEqual(cut, [], `navigation labels cut off at 360 px (${lang})`);
  await shot(`nav-phone-${lang}`);
  await resize(s, 1280, 800);
}

test('every screen is reachable from the navigation', async () => {
  await assertNavFits('en');
  for (const screen of ['cards', 'rulings', 'matches', 'settings', 'table']) {
    await go(screen);
    const current = await s.attr(await s.find(`[data-testid="nav-${screen}"]`), 'aria-current');
    assert.equal(current, 'page', `${screen} is marked as the current page`);
  }
});

test('settings show values that came from Rust over IPC', async () => {
  await go('settings');
  assert.ok(version, 'workspace version found in Cargo.toml');
  await s.waitFor('[data-testid="about-version"]', { pred: (t) => t === version });
  const schema = Number(await s.text(await s.find('[data-testid="about-schema"]')));
  assert.ok(latestSchema > 0, 'the migration list found in crates/store/src/schema.rs');
  assert.equal(schema, latestSchema, 'the schema version is the newest migration');
  assert.equal(await s.text(await s.find('[data-testid="about-data-dir"]')), dataDir);
  const cards = Number(await s.text(await s.find('[data-testid="about-cards"]')));
  assert.ok(cards > 800, `all four catalogs loaded in Rust (${cards} cards)`);
  await shot('settings-dark');
});

test('language and theme change at once and are saved by Rust', async () => {
  await go('settings');
  await s.click(await s.find('[data-testid="settings-language"] option[value="de"]'));
  await s.waitFor('[data-testid="nav-table"]', { pred: (t) => t === 'Tisch' });
  await s.click(await s.find('[data-testid="settings-theme"] option[value="light"]'));
  let theme;
  for (let i = 0; i < 20 && theme !== 'light'; i++) {
    if (i) await sleep(50);
    theme = await s.execute('return document.documentElement.dataset.theme');
  }
  assert.equal(theme, 'light');
  // the store plugin wrote the file the CLI reads
  let saved;
  for (let i = 0; i < 30 && !saved?.settings; i++) {
    try {
      saved = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'));
    } catch {
      await sleep(100);
    }
  }
  assert.deepEqual(saved?.settings, { language: 'de', theme: 'light' });
  await shot('settings-light-de');
  await go('table');
  await shot('table-light-de');
  // on a phone, in German too, every screen's name fits its button in the bottom bar
  await assertNavFits('de');
  await resize(s, 1280, 800);
});

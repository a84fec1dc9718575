// End-to-end: the first start, on a fresh data folder, in the real window. Beside the new-game
// form (below its intro on a phone) the table screen says what Tablemate does at the table, with
// a small example of a fight in progress, and "Try a fight" starts a practice game that the
// players abandon under More. At a phone's size in German and a desktop's in English: laid out
// where a newcomer sees it, reachable by keyboard, axe-core clean. Run by scripts/e2e.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY, sleep } from './webdriver.mjs';
import { appSession, axeViolations, go, resize, setLanguage, textOf } from './harness.mjs';

const { s, shot } = appSession();

/** Chooses the theme in Settings and waits until the page wears it. */
async function theme(name) {
  await go(s, 'settings');
  await s.click(await s.waitFor(`[data-testid="settings-theme"] option[value="${name}"]`));
  for (let i = 0; i < 30 && (await s.execute('return document.documentElement.dataset.theme')) !== name; i++) await sleep(100);
  assert.equal(await s.execute('return document.documentElement.dataset.theme'), name);
}

/** The element's box in the page's viewport: { left, top, right, bottom }. */
const box = (testid) =>
  s.execute(
    `const r = document.querySelector('[data-testid="${testid}"]').getBoundingClientRect();
     return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };`,
  );

test('a phone (360×740, German): what Tablemate does and "Try a fight" on the first screen', async () => {
  await setLanguage(s, 'de');
  await resize(s, 360, 740);
  await go(s, 'table');
  await s.waitFor('[data-testid="first-start"]');
  assert.match(await textOf(s, 'first-start'), /Was Tablemate am Tisch tut/);
  const tryBox = await box('first-try');
  assert.ok(tryBox.bottom <= 740 && tryBox.top >= 0, `the button is on the first screen: ${JSON.stringify(tryBox)}`);
  assert.equal(await textOf(s, 'first-try'), 'Probekampf starten');
  // the form follows the intro; the example of a fight follows the form
  const form = await box('new-game');
  const example = await box('first-example');
  assert.ok(form.top >= tryBox.bottom && example.top >= form.bottom, 'intro, form, example, in this order');
  assert.match(await textOf(s, 'first-example'), /Blizzar der Brandstifter[\s\S]*Feuer 6/);
  await shot('first-start-phone-de');
  assert.deepEqual(await axeViolations(s), [], 'axe-core on the first start at 360 px (German)');
  // the rest of the picture, scrolled to
  await s.execute(`document.querySelector('[data-testid="first-steps"]').scrollIntoView({ block: 'end' })`);
  await shot('first-start-phone-de-example');
});

test('a desktop (1280×800, English): the form on the left, the example on the right, tried by keyboard and abandoned', async () => {
  await setLanguage(s, 'en');
  await resize(s, 1280, 800);
  await go(s, 'table');
  await s.waitFor('[data-testid="first-start"]');
  const form = await box('new-game');
  const about = await box('first-start');
  const example = await box('first-example');
  assert.ok(about.left >= form.right && example.left >= form.right, `beside the form: ${JSON.stringify({ form, about, example })}`);
  assert.ok(example.bottom <= 800, `the example is on the first screen: ${JSON.stringify(example)}`);
  assert.match(await textOf(s, 'first-needs'), /Ben’s turn: he needs at least 6 Fire/);
  await shot('first-start-desktop-en');
  assert.deepEqual(await axeViolations(s), [], 'axe-core on the first start at 1280 px');
  // the light theme too (its own colours for the fire and earth figures)
  await theme('light');
  await go(s, 'table');
  await s.waitFor('[data-testid="first-start"]');
  await shot('first-start-desktop-en-light');
  assert.deepEqual(await axeViolations(s), [], 'axe-core on the first start at 1280 px, light theme');
  await theme('dark');
  await go(s, 'table');

  // keyboard only: Tab from the top of the page reaches "Try a fight"; Enter starts it
  await s.execute('document.activeElement && document.activeElement.blur()');
  for (let i = 0; i < 30 && (await s.focused()) !== 'first-try'; i++) await s.press(KEY.TAB);
  assert.equal(await s.focused(), 'first-try', 'Tab reaches "Try a fight"');
  await s.press(KEY.ENTER);
  await s.waitFor('[data-testid="fight"]');
  const fight = await textOf(s, 'fight');
  assert.match(fight, /Ann/);
  assert.match(fight, /Ben/);
  assert.equal((await s.findAll('[data-testid="first-start"]')).length, 0, 'the first start makes way for the table');
  await shot('first-start-practice-desktop-en');

  // the practice game is put away under More → Abandon game: no result
  await s.click(await s.waitFor('[data-testid="open-more"]'));
  await s.click(await s.waitFor('[data-testid="abandon"]'));
  await s.click(await s.waitFor('[data-testid="abandon-yes"]'));
  await s.waitFor('[data-testid="game-abandoned"]');
  for (let i = 0; i < 30 && !(await textOf(s, 'game-abandoned')).includes('no result'); i++) await sleep(100);
  assert.match(await textOf(s, 'game-abandoned'), /abandoned \(no result\)/);
  await shot('first-start-practice-abandoned');
});

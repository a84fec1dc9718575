// End-to-end: the Cards and Rulings screens of the real app. A card is found by its number and
// by its German name while typing, its page shows its rulings; a German search on the Rulings
// screen shows results with the search word marked. Run by scripts/e2e (see shell.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sleep } from './webdriver.mjs';
import { appSession } from './harness.mjs';

const { s, shot, go, typeInto } = appSession();

/** Waits until the element `css` has attribute `name` equal to `value`. */
async function waitForAttr(css, name, value, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      last = await s.attr(await s.find(css), name);
      if (last === value) return;
    } catch {
      // not there yet
    }
    await sleep(100);
  }
  throw new Error(`${css} never had ${name}=${value} (last: ${last})`);
}

test('typing a card number and a German name suggests the right card', async () => {
  await go('cards');
  await typeInto('[data-testid="cards-search"]', 'V24');
  const byNumber = await s.waitFor('[data-testid="card-hit-vulca-24"]', {
    pred: (t) => t.includes('Vulca 24') && t.includes('Flickering Fires'),
  });
  assert.ok(byNumber);
  await waitForAttr('[data-testid="card-hit-vulca-24"]', 'data-matched', 'tag');
  // the best suggestion comes first
  const first = (await s.findAll('[data-testid^="card-hit-"]'))[0];
  assert.equal(await s.attr(first, 'data-testid'), 'card-hit-vulca-24');

  await typeInto('[data-testid="cards-search"]', 'Feuerzauber');
  // matched by its German name now, not still showing the answer to the number
  await waitForAttr('[data-testid="card-hit-vulca-24"]', 'data-matched', 'exact_name');
  const hits = await s.findAll('[data-testid^="card-hit-"]');
  assert.equal(hits.length, 1, 'an exact German name finds one card');
  await shot('cards-suggestions');
});

test('Enter opens the card: its values, both texts and its rulings', async () => {
  await go('cards');
  const input = await typeInto('[data-testid="cards-search"]', 'Feuerzauber');
  await waitForAttr('[data-testid="card-hit-vulca-24"]', 'data-matched', 'exact_name');
  await s.type(input, '\uE007'); // the Enter key: no mouse needed
  await s.waitFor('[data-testid="card-page-title"]', { pred: (t) => t.includes('Flickering Fires') });
  await s.waitFor('[data-testid="card-text-de"]', { pred: (t) => t.includes('Anführeraktionen') });
  await s.waitFor('[data-testid="card-fire"]', { pred: (t) => /\d/.test(t) });
  await s.waitFor('[data-testid="card-ruling"]', { timeoutMs: 30_000 });
  const rulings = await s.findAll('[data-testid="card-ruling"]');
  assert.ok(rulings.length >= 3, `the card has its rulings (${rulings.length})`);
  const first = await s.text(rulings[0]);
  assert.match(first, /Flickering Fires|Feuerzauber/);
  // the card took the focus, so the keyboard continues from it
  const focused = await s.execute('return document.activeElement?.dataset?.testid ?? null');
  assert.equal(focused, 'card-page-title');
  await shot('cards-page');
  await s.execute('document.querySelector(\'[data-testid="card-ruling"]\').scrollIntoView()');
  await shot('cards-page-rulings');
});

test('a German search on the Rulings screen marks the word in each result', async () => {
  await go('rulings');
  await s.click(await s.waitFor('[data-testid="rulings-filter-lang"] option[value="de"]'));
  await typeInto('[data-testid="rulings-search"]', 'Feuerwall');
  await s.waitFor('[data-testid="ruling-hit"] mark', { timeoutMs: 30_000, pred: (t) => /^Feuerwall/i.test(t) });
  const hits = await s.findAll('[data-testid="ruling-hit"]');
  assert.ok(hits.length >= 2, `several German rulings mention Feuerwall (${hits.length})`);
  // The best results contain the word itself and mark it (others are found because they are
  // about the card Feuerwall names, and may call it only "Vulca 26").
  const firstMarks = await s.findAll('[data-testid="ruling-hit"]:first-child mark');
  assert.ok(firstMarks.length >= 1, 'the best result marks the word');
  const marks = await s.findAll('[data-testid="ruling-hit"] mark');
  assert.ok(marks.length >= 2, `the word is marked across the results (${marks.length})`);
  await shot('rulings-search-de');

  await s.click(hits[0]);
  await s.waitFor('[data-testid="ruling-detail"] mark', { pred: (t) => /^Feuerwall/i.test(t) });
  await shot('rulings-detail-de');
});

test('both screens in German and in the light theme', async () => {
  await go('settings');
  await s.click(await s.waitFor('[data-testid="settings-language"] option[value="de"]'));
  await s.click(await s.waitFor('[data-testid="settings-theme"] option[value="light"]'));
  await s.waitFor('[data-testid="nav-cards"]', { pred: (t) => t === 'Karten' });
  await go('cards');
  const input = await typeInto('[data-testid="cards-search"]', 'feuerwal');
  await s.waitFor('[data-testid="card-hit-vulca-26"]');
  await s.type(input, '\uE007');
  await s.waitFor('[data-testid="card-page-title"]', { pred: (t) => t.includes('Vulca 26') });
  // German labels come from the dictionaries, values from Rust
  await s.waitFor('[data-testid="card-fire"]', { pred: (t) => t.includes('Feuer') });
  await shot('cards-page-light-de');

  await go('rulings');
  await typeInto('[data-testid="rulings-search"]', 'Drachen ziehen');
  await s.click(await s.waitFor('[data-testid="ruling-hit"]', { timeoutMs: 30_000 }));
  await s.waitFor('[data-testid="ruling-detail"] mark');
  await shot('rulings-detail-light-de');
});

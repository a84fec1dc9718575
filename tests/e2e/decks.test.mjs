// End-to-end: the deck builder (Cards → Decks) in the real window. A 30-card Vulca deck with
// a bought card is built by typing, at a phone's size and a desktop's, in English and German;
// the counts, each card's cost and the broken rules read as the service words them, and axe-core
// finds nothing. Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { KEY } from './webdriver.mjs';
import {
  axeViolations,
  go as goTo,
  launch,
  resize,
  setLanguage,
  shot as shotOf,
  textOf,
  typeInto,
  waitText,
} from './harness.mjs';

let s;

before(async () => {
  s = await launch();
  await s.waitFor('[data-testid="brand"]', { timeoutMs: 30_000 });
});

after(async () => {
  if (s) await s.end();
});

const shot = (name) => shotOf(s, name);

async function openDecks() {
  await goTo(s, 'cards');
  await s.click(await s.waitFor('[data-testid="cards-part-decks"]'));
  await s.waitFor('[data-testid="deck-new"]');
}

/** Adds `card` through the card entry, as typed, and waits until the count says `n` cards. */
async function add(card, n) {
  await typeInto(s, '[data-testid="deck-add"]', card + KEY.ENTER);
  await waitText(s, 'deck-counts', (t) => t.includes(`${n} / `), `${n} cards after ${card}`);
}

test('a 30-card Vulca deck with a bought card, built at 360×740 in English', async () => {
  await setLanguage(s, 'en');
  await resize(s, 360, 740);
  await openDecks();
  await typeInto(s, '[data-testid="deck-new-name"]', 'Fire Wall');
  await s.click(await s.waitFor('[data-testid="deck-new-create"]'));
  await s.waitFor('[data-testid="deck"]');
  assert.match(await textOf(s, 'deck-counts'), /0 \/ 30/);
  // the Vulca's own cards but Vulca 17 (sold in an E&I deck), by number
  let n = 0;
  for (let i = 1; i <= 30; i++) {
    if (i === 17) continue;
    n += 1;
    await add(`V${i}`, n);
  }
  assert.match(await textOf(s, 'deck-problems'), /29 cards; it needs exactly 30/);
  await add('Tittertweet', 30);
  await waitText(s, 'deck-status', (t) => t.includes('Legal deck'), 'the deck is legal');
  const counts = await textOf(s, 'deck-counts');
  assert.match(counts, /30 \/ 30/);
  assert.match(counts, /2 \/ 10/);
  const cards = await textOf(s, 'deck-cards');
  assert.match(cards, /Tittertweet \[Flit 07\]\s*2 moons/);
  assert.match(cards, /Flash the Incendiary \[Vulca 02\]\s*free \(own people\)/);
  await shot('decks-phone-legal');
  assert.deepEqual(await axeViolations(s), [], 'axe-core on the deck at 360 px');

  // a card that breaks a rule is named, and the deck is kept as a draft
  await add('Heroine of the Great Plains', 31);
  await waitText(s, 'deck-problems', (t) => t.includes('31 cards; it may have 30'), 'too many cards');
  await shot('decks-phone-too-many');
});

test('the same deck in German at 1280×800, and a refusal at the card entry', async () => {
  await setLanguage(s, 'de');
  await resize(s, 1280, 800);
  await openDecks();
  await s.click(await s.waitFor('[data-testid="decks-list"] button'));
  await s.waitFor('[data-testid="deck"]');
  await waitText(s, 'deck-counts', (t) => t.includes('Karten') && t.includes('31 / 30'), 'German counts');
  assert.match(await textOf(s, 'deck-problems'), /31 Karten; erlaubt sind 30/);
  await typeInto(s, '[data-testid="deck-add"]', 'xqzzyqx' + KEY.ENTER);
  const refusal = await textOf(s, 'deck-refusal');
  assert.ok(refusal.length > 0, 'the refusal is said at the card entry');
  await shot('decks-desktop-de');
  assert.deepEqual(await axeViolations(s), [], 'axe-core on the deck at 1280 px (German)');
});

// End-to-end: constructed decks (#33) in the real window. The deck builder (Cards → Decks): a
// 30-card Vulca deck with a bought card built by typing, the counts, each card's cost and the
// broken rules as the service words them. Then the whole way, at 360×740 in English and at
// 1280×800 in German: a 30-card Vulca deck with two bought cards (Tittertweet [Flit 07] and
// Heroine of the Great Plains [Mimix 06], 2 moons each in the catalog) built by typing and kept,
// played by one player from the new-game form (a bought card quietly, a card outside the deck
// warned), and registered with the player in one registration for an event requiring deck
// lists (round 1 held naming the opponent without a deck, its button waiting, then paired once it is in).
// axe-core finds nothing on each screen; the card entries, the warning and the registration are
// used by keyboard. Run by scripts/e2e.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY } from './webdriver.mjs';
import { appSession, axeViolations, go as goTo, resize, setLanguage, setValue, textOf, typeInto, waitText } from './harness.mjs';

const { s, shot } = appSession();

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

// --- the whole way: build, play, register ----------------------------------------------------

const WAYS = [
  {
    lang: 'en',
    size: [360, 740],
    deck: 'Ember Guard',
    player: 'Ann',
    opponent: 'Ben',
    event: 'Winter Cup',
    // typed as a player would: the names in the interface language
    bought: ['Tittertweet', 'Heroine of the Great Plains'],
    costs: [/Tittertweet \[Flit 07\]\s*2 moons/, /Heroine of the Great Plains \[Mimix 06\]\s*2 moons/],
    counts: [/Cards: 30 \/ 30/, /Moons: 4 \/ 10/],
    legal: 'Legal deck',
    // Lightning Bolts [Vulca 23], the Vulca's own support card, left out of the deck
    outside: 'Lightning Bolts',
    warned: /Ann: Lightning Bolts.* is not in the Ember Guard deck/,
    requiredShort: 'Deck lists required',
    held: /^Round 1 of Winter Cup cannot be paired yet: the event requires deck lists, and Ben has registered no deck\.$/,
  },
  {
    lang: 'de',
    size: [1280, 800],
    deck: 'Glutwacht',
    player: 'Cleo',
    opponent: 'Dora',
    event: 'Wintercup',
    bought: ['Zirper', 'Heldin der Großen Ebenen'],
    costs: [/Zirper \[Flit 07\]\s*2 Monde/, /Heldin der Großen Ebenen \[Mimix 06\]\s*2 Monde/],
    counts: [/Karten: 30 \/ 30/, /Monde: 4 \/ 10/],
    legal: 'Gültiges Deck',
    outside: 'Blitzschläge',
    warned: /Cleo: Blitzschläge.* gehört nicht zum Deck Glutwacht/,
    requiredShort: 'Decklisten verlangt',
    held: /^Runde 1 von Wintercup kann noch nicht ausgelost werden: Das Turnier verlangt Decklisten, und Dora hat kein Deck angemeldet\.$/,
  },
];

async function noAxe(where) {
  assert.deepEqual(await axeViolations(s), [], `axe-core: ${where}`);
}

/** Types into a field a person has scrolled to: at 360 px the bottom navigation would cover a
 *  field WebDriver scrolls only to the edge of the screen. */
async function typeAt(css, text) {
  await s.waitFor(css);
  await s.execute("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' })", [css]);
  return typeInto(s, css, text);
}

/** Clicks a control a person has scrolled to (see `typeAt`). */
async function clickAt(css) {
  await s.waitFor(css);
  await s.execute("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' })", [css]);
  await s.click(await s.find(css));
}

async function focusedIs(testid) {
  for (let i = 0; i < 30; i++) {
    if ((await s.focused()) === testid) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(await s.focused(), testid, `the focus is on ${testid}`);
}

for (const way of WAYS) {
  const at = `${way.size[0]}×${way.size[1]} ${way.lang}`;
  const tag = `${way.lang}-${way.size[0]}`;

  test(`build a 30-card Vulca deck with two bought cards at ${at}`, async () => {
    await setLanguage(s, way.lang);
    await resize(s, ...way.size);
    await openDecks();
    // a name and Enter: the keyboard creates the deck (Vulca is the first people)
    await typeInto(s, '[data-testid="deck-new-name"]', way.deck + KEY.ENTER);
    await s.waitFor('[data-testid="deck"]');
    // the Vulca's own 29 cards outside the E&I decks but Lightning Bolts (Vulca 23): 28 free
    let n = 0;
    for (let i = 1; i <= 30; i++) {
      if (i === 17 || i === 23) continue;
      n += 1;
      await add(`V${i}`, n);
    }
    for (const card of way.bought) {
      n += 1;
      await add(card, n);
    }
    await waitText(s, 'deck-status', (t) => t.includes(way.legal), 'the deck is legal');
    const counts = await textOf(s, 'deck-counts');
    for (const c of way.counts) assert.match(counts, c);
    const cards = await textOf(s, 'deck-cards');
    for (const c of way.costs) assert.match(cards, c);
    await shot(`decks-way-${tag}-built`);
    await noAxe(`the deck at ${at}`);
    // kept: back in the list it reads legal with its counts
    await s.click(await s.find('[data-testid="deck-back"]'));
    const list = await textOf(s, 'decks-list');
    assert.ok(list.includes(way.deck) && list.includes('30/30') && list.includes(way.legal), list);
    await noAxe(`the deck list at ${at}`);
  });

  test(`play the deck from the new-game form at ${at}`, async () => {
    await goTo(s, 'table');
    if ((await s.findAll('[data-testid="open-more"]')).length) {
      await s.click(await s.find('[data-testid="open-more"]'));
      await s.click(await s.waitFor('[data-testid="new-game-open"]'));
    }
    await typeAt('[data-testid="new-a"]', way.player);
    await s.waitFor('[data-testid="new-deck-a"]');
    await setValue(s, '[data-testid="new-deck-a"]', way.deck);
    // the deck's people is the player's, and not to be typed over
    assert.equal(await s.execute("return document.querySelector('[data-testid=\"new-pa\"]').value"), 'Vulca');
    await typeAt('[data-testid="new-b"]', way.opponent);
    await shot(`decks-way-${tag}-new-game`);
    await noAxe(`the new-game form at ${at}`);
    await s.execute("document.querySelector('[data-testid=\"new-start\"]').scrollIntoView({ block: 'center' })");
    await s.click(await s.find('[data-testid="new-start"]'));
    await s.waitFor('[data-testid="turn-A"]');

    // a bought card, by keyboard: "/" to the entry, its name, Enter: played, nothing asked
    await s.execute('document.activeElement && document.activeElement.blur()');
    await s.press('/');
    await focusedIs('card-entry');
    await s.press(way.bought[0]);
    await s.waitFor('[data-testid="suggestion-flit-07"]');
    await s.press(KEY.ENTER);
    await s.waitFor('[data-testid="card-A-flit-07"]');
    assert.equal((await s.findAll('[data-testid="pending-warning"]')).length, 0, 'a bought card is played quietly');
    await shot(`decks-way-${tag}-bought-played`);
    await noAxe(`the table at ${at}`);

    // a card outside the deck: warned by name before anything is recorded; Escape cancels
    await focusedIs('card-entry');
    await s.press(way.outside);
    await s.waitFor('[data-testid="suggestion-vulca-23"]');
    await s.press(KEY.ENTER);
    const warning = await s.waitFor('[data-testid="pending-warning"]');
    assert.match(await s.text(warning), way.warned);
    await focusedIs('pending-cancel');
    await shot(`decks-way-${tag}-outside-warned`);
    await noAxe(`the warning at ${at}`);
    await s.press(KEY.ESCAPE);
    await focusedIs('card-entry');
    assert.equal((await s.findAll('[data-testid="card-A-vulca-23"]')).length, 0, 'nothing played');
  });

  test(`register the deck for an event requiring deck lists on its page at ${at}`, async () => {
    await goTo(s, 'matches');
    await s.click(await s.waitFor('[data-testid="matches-tab-tournaments"]'));
    await typeAt('[data-testid="event-new-name"]', way.event);
    await setValue(s, '[data-testid="event-new-date"]', '2026-12-05');
    await typeAt('[data-testid="event-new-rounds"]', '3');
    await clickAt('[data-testid="event-new-decks"]');
    await clickAt('[data-testid="event-new-create"]');
    await s.waitFor('[data-testid="event-name"]', { pred: (t) => t === way.event });
    await s.waitFor('[data-testid="event-decks-required"]', { pred: (t) => t === way.requiredShort });
    // the player with their deck in one registration, by keyboard: name, deck, people, Enter
    await s.waitFor(`[data-testid="reg-deck"] option[value="${way.deck}"]`);
    await typeAt('[data-testid="reg-player"]', way.player);
    await setValue(s, '[data-testid="reg-deck"]', way.deck);
    await typeAt('[data-testid="reg-people"]', 'Vulca' + KEY.ENTER);
    await s.waitFor('[data-testid="entrant-1"]', { pred: (t) => t.includes(way.player) });
    const registered = await waitText(
      s,
      'event-decks-list',
      (t) => t.includes(way.player) && t.includes(way.deck),
      'the deck is registered with the player',
    );
    assert.match(registered, /30\/30/);
    assert.equal((await s.findAll('[data-testid="reg-problem"]')).length, 0);
    // the opponent without a deck: named as missing, and round 1 cannot be paired: the button
    // waits, saying why next to it (named by the button's description)
    await typeAt('[data-testid="reg-player"]', way.opponent);
    await typeAt('[data-testid="reg-people"]', 'Vulca' + KEY.ENTER);
    await waitText(s, 'decks-missing', (t) => t.includes(way.opponent), 'the opponent has no deck yet');
    const held = await waitText(s, 'event-pair-held', (t) => t.includes(way.opponent), 'pairing held');
    assert.match(held, way.held);
    const pairButton = await s.execute(
      "const b = document.querySelector('[data-testid=\"event-pair\"]'); return [b.disabled, b.getAttribute('aria-describedby')];",
    );
    assert.deepEqual(pairButton, [true, 'event-pair-held'], 'the pair button waits, described by why');
    assert.equal((await s.findAll('[data-testid="round-1"]')).length, 0, 'no round paired');
    await s.execute("document.querySelector('[data-testid=\"event-pair\"]').scrollIntoView({ block: 'start' })");
    await shot(`decks-way-${tag}-pair-held`);
    await s.execute("document.querySelector('[data-testid=\"decks-missing\"]').scrollIntoView({ block: 'center' })");
    await shot(`decks-way-${tag}-decks-missing`);
    await noAxe(`the held pairing at ${at}`);
    // the opponent's deck registered on the event page's deck form: round 1 pairs
    await s.waitFor(`[data-testid="event-deck-player"] option[value="${way.opponent}"]`);
    await setValue(s, '[data-testid="event-deck-player"]', way.opponent);
    await setValue(s, '[data-testid="event-deck-deck"]', way.deck);
    await clickAt('[data-testid="event-deck-register"]');
    await waitText(s, 'event-decks-list', (t) => t.includes(way.opponent), 'the opponent’s deck is registered');
    for (let i = 0; i < 30 && (await s.findAll('[data-testid="decks-missing"]')).length; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal((await s.findAll('[data-testid="decks-missing"]')).length, 0, 'nobody is missing a deck');
    assert.equal((await s.findAll('[data-testid="event-pair-held"]')).length, 0, 'pairing no longer held');
    assert.equal((await s.findAll('[data-testid="event-deck-problem"]')).length, 0);
    await clickAt('[data-testid="event-pair"]');
    await s.waitFor('[data-testid="event-decks-frozen"]');
    await s.execute("document.querySelector('[data-testid=\"event-decks\"]').scrollIntoView()");
    await shot(`decks-way-${tag}-registered`);
    await noAxe(`the event page at ${at}`);
  });
}

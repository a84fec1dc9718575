// End-to-end: the statistics of the other three games. Finished games are played beforehand
// with the CLI binary on the app's data folder (two Warhammer: Invasion games, two Star Trek CCG
// games, one of them tied, a Knightmare Chess match of two games, one drawn); then Matches →
// Statistics, each game chosen in turn, its figures checked as the engine counted them, a player
// filter, and screenshots at phone (360x740) and desktop (1280x800) sizes, English and German.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { app, appSession, dataDir, go, resize, setLanguage } from './harness.mjs';
import { assertFits, measure } from './layout.mjs';

// The CLI is built next to the app (cargo build -p tablemate-cli).
const cli = join(dirname(app), 'tablemate');
const tablemate = (...args) => execFileSync(cli, ['--data-dir', dataDir, ...args], { encoding: 'utf8' });

const { s, shot, text, waitText } = appSession(null, {
  beforeLaunch: () => {
    assert.ok(existsSync(cli), `the CLI binary ${cli} is missing: cargo build -p tablemate-cli`);
    // Warhammer: Invasion: Mia (Dwarfs) burns two of Tom's zones on turn 1; then Tom (Orcs)
    // wins on turn 2 when Mia, one zone burned, concedes.
    tablemate('game', 'new', '--game', 'whi', '--players', 'Mia', 'Tom', '--decks', 'Dwarfs', 'Orcs');
    tablemate('whi', 'damage', 'Tom', 'quest', '8');
    tablemate('whi', 'damage', 'Tom', 'kingdom', '8');
    tablemate('game', 'new', '--game', 'whi', '--players', 'Tom', 'Mia', '--decks', 'Orcs', 'Dwarfs');
    tablemate('whi', 'next');
    tablemate('whi', 'damage', 'Mia', 'battlefield', '8');
    tablemate('whi', 'concede', 'Mia');
    // Star Trek CCG: Sisko reaches 100 points; then a deck runs out at 0 to 0: a tie.
    tablemate('game', 'new', '--game', 'stccg', '--players', 'Sisko', 'Janeway', '--decks', 'Federation', 'Klingon');
    tablemate('stccg', 'score', 'Sisko', '100', '--reason', 'mission');
    tablemate('game', 'new', '--game', 'stccg', '--players', 'Janeway', 'Sisko', '--decks', 'Klingon', 'Federation');
    tablemate('stccg', 'deck-exhausted', 'Janeway');
    // Knightmare Chess: two cards, Mia checkmates; the next game is a stalemate.
    tablemate('game', 'new', '--game', 'kc', '--players', 'Mia', 'Tom', '--decks', 'Red', 'Blue');
    tablemate('kc', 'play', 'Mia', 'amazon');
    tablemate('kc', 'next');
    tablemate('kc', 'play', 'Tom', 'bog');
    tablemate('kc', 'won', 'Mia', '--by', 'checkmate');
    tablemate('kc', 'next-game', 'Tom');
    tablemate('kc', 'drawn', '--by', 'stalemate');
  },
});
const click = async (testid) => s.click(await s.waitFor(`[data-testid="${testid}"]`));
async function choose(game) {
  await s.click(await s.waitFor(`[data-testid="stats-game"] option[value="${game}"]`));
}
async function fits(where) {
  assertFits(assert, await measure(s), where);
}
/** Phone and desktop screenshots of the figures, and of the win-rate bars scrolled into view. */
async function both(name) {
  const bars = () =>
    s.execute(`document.querySelector('[data-testid="stats-players"]').scrollIntoView({ block: 'start' });`, []);
  for (const [size, width, height] of [['phone', 360, 740], ['desktop', 1280, 800]]) {
    await resize(s, width, height);
    await s.execute('window.scrollTo(0, 0); document.querySelector("main")?.scrollTo?.(0, 0);', []);
    // the picture first, so that a layout that does not fit can be seen
    await shot(`${name}-${size}`);
    await fits(`${name} ${size}`);
    await bars();
    await shot(`${name}-bars-${size}`);
  }
  await resize(s, 360, 740);
}
const language = (lang) => setLanguage(s, lang);
async function openStats() {
  await go(s, 'matches');
  await click('matches-tab-stats');
}

test('each game has its statistics, computed from the finished games, phone and desktop, English', async () => {
  await resize(s, 360, 740);
  await language('en');
  await openStats();

  await choose('whi');
  await waitText('stats-games', (t) => t === '2', 'two finished Warhammer: Invasion games');
  assert.equal(await text('stats-ties'), '0');
  assert.equal(await text('stats-turns'), '1.5', 'turns 1 and 2');
  assert.equal(await text('stats-figure'), '1.5', 'the losers had 2 and 1 zones burned');
  assert.equal(await text('stats-figure-label'), 'Zones burned of the loser');
  const ends = await text('stats-ends');
  assert.match(ends, /Zones burned\s*1 game\s*50\.0%/);
  assert.match(ends, /Conceded\s*1 game\s*50\.0%/);
  assert.match(await text('stats-players'), /Mia.*50\.0% \(1\/2\)/s);
  assert.match(await text('stats-decks'), /Dwarfs.*50\.0% \(1\/2\)/s);
  assert.match(await text('stats-matchups'), /Dwarfs v Orcs\s*1 of 2\s*50\.0%/);
  await both('stats-whi-en');

  await choose('stccg');
  await waitText('stats-figure-label', (t) => t === 'Winning score', 'the Star Trek figure');
  assert.equal(await text('stats-games'), '2');
  assert.equal(await text('stats-ties'), '1');
  assert.equal(await text('stats-figure'), '100');
  assert.match(await text('stats-ends'), /Points reached[\s\S]*Deck exhausted/);
  assert.match(await text('stats-matchups'), /Federation v Klingon\s*1 of 2,\s*1 tied\s*50\.0%/);
  await both('stats-stccg-en');

  await choose('kc');
  await waitText('stats-figure-label', (t) => t === 'Cards played per game', 'the Knightmare Chess figure');
  assert.equal(await text('stats-games'), '2');
  assert.equal(await text('stats-ties'), '1');
  assert.equal(await text('stats-figure'), '1', '2 cards in the first game, none in the second');
  assert.match(await text('stats-ends'), /Checkmate[\s\S]*Stalemate/);
  await both('stats-kc-en');

  // Only Tom's games and decks.
  const input = await s.waitFor('[data-testid="stats-player"]');
  await s.type(input, 'Tom');
  await click('stats-apply');
  await waitText('stats-decks', (t) => !t.includes('Red'), "only Tom's deck");
  assert.match(await text('stats-decks'), /Blue.*0\.0% \(0\/2\)/s);

  // Blue Moon is as before: no finished Blue Moon game with this filter.
  await choose('bluemoon');
  await s.waitFor('[data-testid="stats-none"]');
});

test('the statistics read in German', async () => {
  await language('de');
  try {
    await openStats();
    await choose('whi');
    await waitText('stats-figure-label', (t) => t === 'Brennende Zonen des Verlierers', 'German figure');
    assert.match(await text('stats-ends'), /Zonen verbrannt[\s\S]*Aufgegeben/);
    assert.match(await text('stats-matchups'), /Dwarfs gegen Orcs/);
    await both('stats-whi-de');
    await choose('stccg');
    await waitText('stats-matchups', (t) => t.includes('1 unentschieden'), 'German ties');
    await both('stats-stccg-de');
    await choose('kc');
    await waitText('stats-ends', (t) => t.includes('Schachmatt') && t.includes('Patt'), 'German ends');
    await both('stats-kc-de');
  } finally {
    // Back in English for a test added after this one, also on a failure.
    await language('en');
  }
});

// End-to-end: a whole Blue Moon match on one phone (360x740) lying between two players, face to
// face: Ann (Vulca) at the bottom edge, Ben (Hoax) across the table with his half, the entry and
// his sheets turned to him. Both players enter cards, choose the element, pass and retreat; the
// dragons move, the crystals count, and the match ends at Ann's fifth crystal with the
// match-decided line and "Record the match". Game 1 is played in English, game 2 in German.
// Checked on the way, measured in the page: a refusal (Next turn with no new character) never
// moves anything on the table; the dragon track is readable at a fight's start (each place's
// name whole, its dragons inside it); every card in play is in view in its half (no sideways
// scrolling, or a count of those out of view that opens them all); a sheet opened from Ben's
// half opens turned to Ben; at a game's end the dock turns to its winner; the suggestions open
// above the entry with the first nearest it, ArrowUp moving to the next. Screenshots of each step at
// 360x740, and of the key steps at 800x1280 and 1280x800 (target/e2e/match-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY, sleep } from './webdriver.mjs';
import { appSession, go, painted, resize, setLanguage, shot as shotOf } from './harness.mjs';
import { assertFits, measure } from './layout.mjs';

let lang = 'en';
const { s } = appSession('[data-testid="nav-table"]', {
  // face to face is this device's preference: leave the window profile as it was found
  beforeEnd: () => s.execute("localStorage.removeItem('tablemate.table.prefs')").catch(() => undefined),
});
const shot = (name) => shotOf(s, `match-${name}-${lang}`);
const count = (css) => s.execute(`return document.querySelectorAll(arguments[0]).length`, [css]);
const fightParts = ['total-A-fire', 'total-B-fire', 'dragon-track', 'card-entry', 'pass', 'retreat', 'open-rulings'];

/** Whose turn it is: the seat whose half shows the turn badge. */
async function turn() {
  for (let i = 0; i < 50; i++) {
    if (await count('[data-testid="turn-A"]')) return 'A';
    if (await count('[data-testid="turn-B"]')) return 'B';
    await sleep(100);
  }
  throw new Error('nobody has the turn');
}
async function waitTurn(seat) {
  await s.waitFor(`[data-testid="turn-${seat}"]`);
}

/** The player whose turn it is enters `card` (a number, as typed at the table) and taps its
 *  suggestion; the card then lies in their half. */
async function play(seat, typed, id) {
  const input = await s.waitFor('[data-testid="card-entry"]');
  await s.type(input, typed);
  await s.click(await s.waitFor(`[data-testid="suggestion-${id}"]`));
  await s.waitFor(`[data-testid="card-${seat}-${id}"]`);
}
async function pass(seat) {
  await s.click(await s.waitFor('[data-testid="pass"]'));
  await waitTurn(seat === 'A' ? 'B' : 'A');
}
async function chooseFire() {
  await s.click(await s.waitFor('[data-testid="choose-fire"]'));
  await s.waitFor('[data-testid="contested"]');
}
/** The player whose turn it is retreats: the fight ends (or the game, with the fourth dragon). */
async function retreat() {
  await s.click(await s.waitFor('[data-testid="retreat"]'));
  for (let i = 0; i < 50; i++) {
    if ((await count('[data-testid="game-over"]')) || (await count('[data-testid="choose-fire"]'))) break;
    await sleep(100);
  }
  assert.ok((await count('[data-testid="game-over"]')) + (await count('[data-testid="choose-fire"]')) > 0, 'the fight is over');
  await painted(s);
}

/** The boxes of the table's parts, to compare before and after something is shown. */
const boxes = () =>
  s.execute(
    `return ['side-A', 'side-B', 'dragon-track', 'pass', 'retreat', 'card-entry', 'open-rulings'].map((id) => {
       const r = document.querySelector('[data-testid="' + id + '"]').getBoundingClientRect();
       return id + ' ' + [r.left, r.top, r.width, r.height].map(Math.round).join(',');
     })`,
  );

/** Every card in play lies wholly inside its half's card area: no card hidden, no sideways
 *  scrolling; the names of the dragon track's places are whole and each dragon inside its
 *  place. Returns what was measured, for the message. */
async function readable(where) {
  const m = await s.execute(`
    const rect = (e) => e.getBoundingClientRect();
    const out = { hidden: [], sideways: [], cut: [], spilled: [], chips: 0, counted: [] };
    for (const seat of ['A', 'B']) {
      const ul = document.querySelector('[data-testid="side-' + seat + '"] .cards');
      if (!ul) continue;
      if (ul.scrollWidth > ul.clientWidth + 1) out.sideways.push(seat + ' ' + ul.scrollWidth + '>' + ul.clientWidth);
      const u = rect(ul);
      let out_of_view = 0;
      for (const chip of ul.querySelectorAll('.chip')) {
        out.chips++;
        const r = rect(chip);
        if (r.top < u.top - 1 || r.bottom > u.bottom + 1 || r.left < u.left - 1 || r.right > u.right + 1) {
          out_of_view++;
          out.hidden.push(seat + ' ' + chip.textContent.trim());
        }
      }
      // cards that do not fit are counted ("+2"), and the count opens them
      const more = document.querySelector('[data-testid="more-cards-' + seat + '"]');
      if (more) out.counted.push(seat + ' ' + more.textContent.trim());
      if (out_of_view && more && more.textContent.trim() === '+' + out_of_view) {
        out.hidden = out.hidden.filter((h) => !h.startsWith(seat + ' '));
      }
    }
    for (const slot of document.querySelectorAll('[data-testid="dragon-track"] .slot')) {
      const where = slot.querySelector('.where');
      if (where.scrollWidth > where.clientWidth + 1) out.cut.push(where.textContent.trim());
      const sr = rect(slot);
      for (const d of slot.querySelectorAll('.dragon')) {
        const r = rect(d);
        if (r.left < sr.left - 0.5 || r.right > sr.right + 0.5) out.spilled.push(slot.dataset.testid);
      }
    }
    return out;`);
  assert.deepEqual(m.hidden, [], `${where}: every card in play in view`);
  assert.deepEqual(m.sideways, [], `${where}: no sideways scrolling of the cards`);
  assert.deepEqual(m.cut, [], `${where}: the dragon track's places named in full`);
  assert.deepEqual(m.spilled, [], `${where}: each dragon inside its place`);
  return m;
}

async function fits(where, parts = fightParts) {
  assertFits(assert, await measure(s, parts), where, { fight: true });
}

/** Ben taps his fire total: the "why?" sheet opens at his edge, turned to him. */
async function whyTurnedToBen(name) {
  await s.click(await s.waitFor('[data-testid="total-B-fire"]'));
  const sheet = await s.waitFor('[data-testid="sheet-why"]');
  assert.match(await s.attr(sheet, 'class'), /\bturned\b/, "Ben's why? is turned to him");
  const top = await s.execute(`return document.querySelector('[data-testid="sheet-why"]').getBoundingClientRect().top`);
  assert.ok(top <= 1, `Ben's sheet lies at his edge (the top of the screen): ${top}`);
  await shot(name);
  await s.click(await s.find('[data-testid="sheet-why-close"]'));
  // and Ann's opens upright at her edge
  await s.click(await s.waitFor('[data-testid="total-A-fire"]'));
  assert.doesNotMatch(await s.attr(await s.waitFor('[data-testid="sheet-why"]'), 'class'), /\bturned\b/);
  await s.click(await s.find('[data-testid="sheet-why-close"]'));
}

/** The suggestions open above the entry at the bottom of the phone: the first (best) one is the
 *  nearest to the entry, and the arrow pointing away from the entry (up) moves to the next,
 *  the one drawn just above; down comes back. */
async function suggestionOrder() {
  const input = await s.waitFor('[data-testid="card-entry"]');
  await s.type(input, 'Vulca');
  await s.waitFor('[data-testid="suggestions"]');
  for (let i = 0; i < 50 && (await count('[data-testid="suggestions"] [role="option"]')) < 3; i++) await sleep(100);
  const seen = () =>
    s.execute(
      `const entry = document.querySelector('[data-testid="card-entry"]').getBoundingClientRect();
       const opts = [...document.querySelectorAll('[data-testid="suggestions"] [role="option"]')];
       return { entryTop: entry.top, tops: opts.map((o) => o.getBoundingClientRect().top),
                active: opts.findIndex((o) => o.getAttribute('aria-selected') === 'true') };`,
    );
  const first = await seen();
  const where = JSON.stringify(first);
  assert.ok(first.tops.length >= 2, `several suggestions ${where}`);
  assert.ok(first.tops.every((t) => t < first.entryTop), `the list opens above the entry ${where}`);
  for (let i = 1; i < first.tops.length; i++) {
    assert.ok(first.tops[i] < first.tops[i - 1], `each next suggestion is drawn above the one before ${where}`);
  }
  assert.equal(first.active, 0, 'the first, nearest the entry, is chosen');
  await shot('suggestions');
  await s.type(input, KEY.UP);
  assert.equal((await seen()).active, 1, 'ArrowUp moves to the next one, drawn just above');
  await s.type(input, KEY.DOWN);
  assert.equal((await seen()).active, 0, 'ArrowDown comes back toward the entry');
  await s.type(input, KEY.ESCAPE);
  await s.execute("document.getElementById('card-entry').value = ''; document.getElementById('card-entry').dispatchEvent(new Event('input'))");
}

/** One game: Ann wins every fight; Ben retreats. The first fight is long (three characters
 *  each, so each half holds several cards), the next ones short. */
async function game(no) {
  // fight 1: whoever starts, both build up their fire
  let starter = await turn();
  await readable(`game ${no}, a fight's start`);
  await shot(`g${no}-fight-start`);
  // fire: Ann 4, 5 (then 6) against Ben's 4, 5 (and 5 once more when he starts); each plays a
  // character and passes, the starter choosing fire after the first card
  const opening =
    starter === 'B'
      ? [['B', 'H04', 'hoax-04'], ['A', 'V10', 'vulca-10'], ['B', 'H01', 'hoax-01'], ['A', 'V05', 'vulca-05'], ['B', 'H02', 'hoax-02']]
      : [['A', 'V10', 'vulca-10'], ['B', 'H04', 'hoax-04'], ['A', 'V05', 'vulca-05'], ['B', 'H01', 'hoax-01']];
  for (const [i, [seat, typed, id]] of opening.entries()) {
    await play(seat, typed, id);
    if (i === 0) await chooseFire();
    await pass(seat);
  }
  // Next turn with no new character: refused beside the button, asking for "anyway"; the
  // table does not move by a pixel
  const before = await boxes();
  await s.click(await s.waitFor('[data-testid="pass"]'));
  await s.waitFor('[data-testid="flow-error"]');
  await s.waitFor('[data-testid="pass-anyway"]');
  assert.deepEqual(await boxes(), before, `game ${no}: the refusal changes nothing on the table`);
  await fits(`game ${no}, the no-character refusal`);
  await shot(`g${no}-refusal`);
  if (no === 1) {
    for (const [w, h] of [[800, 1280], [1280, 800]]) {
      await resize(s, w, h);
      await shot(`g${no}-refusal-${w}x${h}`);
    }
    await resize(s, 360, 740);
  }
  await s.click(await s.find('[data-testid="flow-error-dismiss"]'));
  await play('A', 'V03', 'vulca-03');
  const m = await readable(`game ${no}, three characters each`);
  assert.ok(m.chips >= 5, `several cards in each half (${m.chips})`);
  // a count of cards out of view opens them all over the half, every one in view
  for (const c of m.counted) {
    const seat = c[0];
    await s.click(await s.find(`[data-testid="more-cards-${seat}"]`));
    const all = await s.execute(
      `const ul = document.querySelector('[data-testid="cards-' + arguments[0] + '"]');
       const u = ul.getBoundingClientRect();
       return [...ul.querySelectorAll('.chip')].filter((c) => {
         const r = c.getBoundingClientRect();
         return r.top < u.top - 1 || r.bottom > u.bottom + 1;
       }).length`,
      [seat],
    );
    assert.equal(all, 0, `game ${no}: the count opens all of ${seat}'s cards in view`);
    await shot(`g${no}-all-cards-${seat}`);
    await s.click(await s.find(`[data-testid="more-cards-${seat}"]`));
  }
  await fits(`game ${no}, three characters each`);
  await shot(`g${no}-cards`);
  await pass('A');
  // Ben, behind: he asks why, then retreats; his entry is turned to him meanwhile
  assert.match(await s.attr(await s.find('.dock'), 'class'), /\bflipped\b/, "the entry turns to Ben on his turn");
  if (no === 1) await whyTurnedToBen(`g${no}-why-ben`);
  await retreat();
  // the next fights: Ben retreated, so he starts; Ann wins each, until her fourth dragon
  const more = [
    ['H09', 'hoax-09', 'V01', 'vulca-01'],
    ['H07', 'hoax-07', 'V02', 'vulca-02'],
    ['H08', 'hoax-08', 'V04', 'vulca-04'],
    ['H03', 'hoax-03', 'V06', 'vulca-06'],
  ];
  for (const [bt, bid, at, aid] of more) {
    if (await count('[data-testid="game-over"]')) break;
    starter = await turn();
    await readable(`game ${no}, a fight's start`);
    if (starter === 'B') {
      await play('B', bt, bid);
      await chooseFire();
      await pass('B');
      await play('A', at, aid);
      await pass('A');
    } else {
      await play('A', at, aid);
      await chooseFire();
      await pass('A');
      await play('B', bt, bid);
    }
    await retreat();
  }
  await s.waitFor('[data-testid="game-over"]');
}

test('a whole match on a phone, face to face, both players acting', async () => {
  await resize(s, 360, 740);
  await go(s, 'table');
  await s.type(await s.waitFor('[data-testid="new-a"]'), 'Ann');
  await s.type(await s.find('[data-testid="new-b"]'), 'Ben');
  await s.click(await s.find('[data-testid="new-start"]'));
  await waitTurn('A');
  // the phone lies between them: face to face
  await s.click(await s.waitFor('[data-testid="open-more"]'));
  await s.click(await s.waitFor('[data-testid="face-to-face"]'));
  await s.click(await s.find('[data-testid="sheet-more-close"]'));
  assert.match(await s.attr(await s.find('[data-testid="side-B"]'), 'class'), /flipped/);

  await suggestionOrder();
  await game(1);
  const crystals = async (seat) => Number((await s.text(await s.find(`[data-testid="crystals-${seat}"]`))).replace(/\D/g, ''));
  assert.equal(await crystals('A'), 4, 'the fourth dragon: 4 crystals for Ann');
  assert.equal(await crystals('B'), 0);
  assert.equal(await count('[data-testid="match-decided"]'), 0, 'not decided at 4 crystals');
  await shot('g1-over');
  await s.click(await s.find('[data-testid="next-game"]'));
  await s.waitFor('[data-testid="choose-fire"]');

  // game 2 in German
  lang = 'de';
  await setLanguage(s, 'de');
  await go(s, 'table');
  await s.waitFor('[data-testid="dragon-track"]');
  await game(2);
  const decided = await s.text(await s.waitFor('[data-testid="match-decided"]'));
  assert.match(decided, /Ann gewinnt die Partie 8:0/);
  assert.equal(await count('[data-testid="next-game"]'), 0, 'no next game once the match is decided');
  // Ben's retreat ended it, but the line and "Record the match" read for Ann, the winner
  assert.doesNotMatch(await s.attr(await s.find('.dock'), 'class'), /\bflipped\b/, 'the dock turns to the winner');
  await fits('the match decided', ['match-decided', 'match-record', 'dragon-track']);
  await shot('g2-match-decided');
  for (const [w, h] of [[800, 1280], [1280, 800]]) {
    await resize(s, w, h);
    await shot(`g2-match-decided-${w}x${h}`);
  }
  await resize(s, 360, 740);
  await s.click(await s.find('[data-testid="match-record"]'));
  const over = await s.text(await s.waitFor('[data-testid="match-over"]'));
  assert.match(over, /Ann/);
  await s.waitFor('[data-testid="rematch"]');
  await shot('recorded');
});

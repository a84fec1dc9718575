// End-to-end: the table on a phone in landscape (640×400, the window's least height) in
// English and German: two players play a fight without scrolling, with both halves' totals,
// the dragons, the card entry and the turn's actions on screen; a refusal and a card warning
// lie in the dock's column, over neither half's totals nor the entry. And a half with a card
// always draws one chip, never a count alone ("+1"): at 640×400, at 640×560 (200 % zoom) and
// at 1280×800 in German with a card warning open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sleep } from './webdriver.mjs';
import { appSession, go, resize, setLanguage } from './harness.mjs';
import { assertFits, boxOf, measure, overlaps } from './layout.mjs';
import { enter, newGame, passTo, turn } from './fight.mjs';

const { s, shot, waitGone } = appSession('[data-testid="nav-table"]', {
  started: () => s.execute("localStorage.removeItem('tablemate.table.prefs')"),
});
const totals = ['total-A-fire', 'total-A-earth', 'total-B-fire', 'total-B-earth'];

/**
 * Each half's chips as drawn: `whole` the ones on screen and whole inside their half and list,
 * `counted` the count shown ("+2"), `cards` all of them; `bad` what is wrong (a chip drawn cut,
 * chips hidden but not counted).
 */
async function chips() {
  // the count follows a resize through a ResizeObserver: a frame or two
  await sleep(300);
  return s.execute(`
    const out = { bad: [] };
    for (const seat of ['A', 'B']) {
      const ul = document.querySelector('[data-testid="cards-' + seat + '"]');
      const u = ul.getBoundingClientRect();
      const half = document.querySelector('[data-testid="side-' + seat + '"]').getBoundingClientRect();
      const all = [...ul.querySelectorAll('.chip')];
      let whole = 0;
      for (const c of all) {
        const r = c.getBoundingClientRect();
        const shown = getComputedStyle(c).visibility !== 'hidden' && r.height >= 1;
        const inside = r.top >= Math.max(u.top, half.top) - 1 && r.bottom <= Math.min(u.bottom, half.bottom) + 1 && r.left >= half.left - 1 && r.right <= half.right + 1;
        if (shown && inside) whole++;
        if (shown && !inside) out.bad.push(seat + ': "' + c.textContent.trim() + '" drawn cut');
      }
      const more = document.querySelector('[data-testid="more-cards-' + seat + '"]');
      const counted = more ? Number(more.textContent.replace(/\\D/g, '')) : 0;
      if (whole + counted !== all.length) out.bad.push(seat + ': ' + all.length + ' cards, ' + whole + ' drawn, ' + counted + ' counted');
      out[seat] = { cards: all.length, whole, counted };
    }
    return out;`);
}

/** Every half with a card draws at least one of them whole; the rest are counted. */
function assertDrawn(c, where) {
  assert.deepEqual(c.bad, [], `${where}: chips`);
  for (const seat of ['A', 'B']) {
    if (c[seat].cards > 0) assert.ok(c[seat].whole >= 1, `${where}: ${seat}'s half draws a card, not only "+${c[seat].counted}" (${JSON.stringify(c[seat])})`);
  }
}

/** The fight's screen at this size: no scrolling, and what two players need on it. */
async function assertFight(where, actions) {
  const m = await measure(s, [...totals, 'dragon-track', 'card-entry', ...actions, 'table-undo', 'open-more']);
  assertFits(assert, m, where, { fight: true });
}

test('a phone in landscape (640×400), English and German: a fight without scrolling, notes beside the halves, one chip a half at least', async () => {
  await resize(s, 640, 400);
  await setLanguage(s, 'en');
  await go(s, 'table');
  await newGame(s, { centred: true });
  await s.waitFor('[data-testid="turn-A"]');
  await assertFight('640×400 at the start', ['decline']);
  await shot('table-landscape-640x400-start-en');

  // one card a half: each is drawn as its chip, at 640×400 and at 640×560 (200 % zoom)
  await enter(s, 'A', 'V10', 'vulca-10');
  await s.click(await s.waitFor('[data-testid="choose-fire"]'));
  await s.waitFor('[data-testid="contested"]');
  await turn(s, 'B', ['H04', 'hoax-04']);
  for (const [w, h] of [[640, 400], [640, 560]]) {
    await resize(s, w, h);
    const c = await chips();
    assertDrawn(c, `${w}×${h}, one card a half`);
    assert.deepEqual([c.A.whole, c.A.counted, c.B.whole, c.B.counted], [1, 0, 1, 0], `${w}×${h}: each half's one card is a chip, no "+1"`);
    await shot(`table-landscape-${w}x${h}-one-card-en`);
  }

  // 1280×800 in German, a card warning open: Ben's single card is a chip, not "+1"
  await turn(s, 'A', ['V05', 'vulca-05']);
  await setLanguage(s, 'de');
  await resize(s, 1280, 800);
  await go(s, 'table');
  await s.waitFor('[data-testid="turn-A"]');
  await s.type(await s.waitFor('[data-testid="card-entry"]'), 'V04');
  await s.click(await s.waitFor('[data-testid="suggestion-vulca-04"]'));
  await s.waitFor('[data-testid="pending-warning"]');
  {
    const c = await chips();
    assertDrawn(c, '1280×800 de, a card warning open');
    assert.deepEqual([c.B.cards, c.B.whole, c.B.counted], [1, 1, 0], '1280×800 de: Ben\'s one card is a chip with the warning open');
    const note = await boxOf(s, 'dock-notes');
    for (const id of [...totals, 'card-entry']) assert.ok(!overlaps(note, await boxOf(s, id)), `1280×800 de: the warning does not cover ${id}`);
    await shot('table-landscape-1280x800-de-warned-one-card');
  }
  await s.click(await s.find('[data-testid="pending-cancel"]'));
  await waitGone('[data-testid="pending"]');

  // a fight of a few cards a half, then each language at 640×400
  await resize(s, 640, 400);
  await enter(s, 'A', 'V24', 'vulca-24');
  await turn(s, 'B', ['H01', 'hoax-01'], ['H21', 'hoax-21']);
  await passTo(s, 'A');
  for (const lang of ['en', 'de']) {
    await setLanguage(s, lang);
    await go(s, 'table');
    await s.waitFor('[data-testid="contested"]');
    await shot(`table-landscape-640x400-${lang}`);
    await assertFight(`640×400 ${lang}, a fight under way`, ['pass', 'retreat']);
    assertDrawn(await chips(), `640×400 ${lang}, a fight under way`);

    // Ann passes with no new character: the refusal lies beside the halves, over no total and
    // not over the card entry it asks her to use
    await s.click(await s.waitFor('[data-testid="pass"]'));
    await s.waitFor('[data-testid="flow-error"]');
    await shot(`table-landscape-640x400-refusal-${lang}`);
    const refusal = await boxOf(s, 'flow-error');
    for (const id of [...totals, 'card-entry', 'pass']) {
      assert.ok(!overlaps(refusal, await boxOf(s, id)), `640×400 ${lang}: the refusal ${refusal} does not cover ${id} ${await boxOf(s, id)}`);
    }
    await assertFight(`640×400 ${lang}, a refusal shown`, ['pass', 'flow-error-dismiss']);
    await s.click(await s.find('[data-testid="flow-error-dismiss"]'));
    await waitGone('[data-testid="flow-error"]');

    // a card warning (a second character this turn): over no total, not over the entry, its
    // two answers on screen
    await enter(s, 'A', 'V01', 'vulca-01');
    await s.type(await s.waitFor('[data-testid="card-entry"]'), 'V04');
    await s.click(await s.waitFor('[data-testid="suggestion-vulca-04"]'));
    await s.waitFor('[data-testid="pending-warning"]');
    await shot(`table-landscape-640x400-warning-${lang}`);
    const note = await boxOf(s, 'dock-notes');
    for (const id of [...totals, 'card-entry']) {
      assert.ok(!overlaps(note, await boxOf(s, id)), `640×400 ${lang}: the warning ${note} does not cover ${id} ${await boxOf(s, id)}`);
    }
    await assertFight(`640×400 ${lang}, a card warning open`, ['pending-cancel', 'pending-play']);
    assertDrawn(await chips(), `640×400 ${lang}, a card warning open`);
    await s.click(await s.find('[data-testid="pending-cancel"]'));
    await waitGone('[data-testid="pending"]');
    // back to Ann's turn without a new character, for the next language
    await s.click(await s.find('[data-testid="table-undo"]'));
    await waitGone('[data-testid="card-A-vulca-01"]');
  }

  // Ann retreats: the dragons move, the next fight's element is asked, all still on screen
  await s.click(await s.waitFor('[data-testid="retreat"]'));
  await s.waitFor('[data-testid="choose-fire"]');
  await shot('table-landscape-640x400-between-fights-de');
  await assertFight('640×400 de, between fights', ['choose-fire', 'choose-earth']);
  await setLanguage(s, 'en');
  await resize(s, 1280, 800);
});

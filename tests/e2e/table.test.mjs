// End-to-end: the table screen. A scripted Vulca vs Hoax fight: cards entered by number and by
// name, totals and element checked, a booster on a target, an interaction ruling, a retreat
// moving a dragon, undo/redo, a restart of the app that finds the table unchanged (and a
// dismissed ruling still dismissed), and the same play again by keyboard alone.
// Screenshots at phone (360x740), tablet (800x1280) and desktop (1280x800) sizes, dark and light.
// Timings are measured in the page with performance.now() (marks set by the UI code when the
// key event arrives, when the suggestions are painted, when a card is picked, when the totals
// and the rulings are painted), so WebDriver's own overhead is not in the figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEY, sleep } from './webdriver.mjs';
import { appSession, go, out, painted, resize, setLanguage } from './harness.mjs';
import { assertFits, boxOf, measure, overlaps } from './layout.mjs';
import { enter, newGame, passTo, turn } from './fight.mjs';

// the stand-in's log is one for the whole run: this file reads what was asked after it started
// (another file's games, before this one, held and released the screen too)
const wakeLog = process.env.E2E_SCREENSAVER_LOG;
let wakeBase = 0;

const { s, shot, waitGone } = appSession('[data-testid="nav-table"]', {
  beforeLaunch: () => {
    wakeBase = wakeLog && existsSync(wakeLog) ? readFileSync(wakeLog, 'utf8').trim().split('\n').filter(Boolean).length : 0;
  },
  // this device's table preferences (face to face) as a fresh install has them: another file's
  // run in the same window profile may have left them set
  started: () => s.execute("localStorage.removeItem('tablemate.table.prefs')"),
});
const value = async (css) => (await s.text(await s.waitFor(css))).trim();
const total = (seat, el) => value(`[data-testid="total-${seat}-${el}-value"]`);
const waitText = (css, want) => s.waitFor(css, { pred: (t) => t.trim() === String(want) });
const dragonsAt = (pos) =>
  s.execute(
    `return document.querySelectorAll('[data-testid="dragons-${pos}"] .dragon').length`,
  );
const perf = () => s.execute('return window.__tmPerf || {}');
async function waitFocus(testid) {
  for (let i = 0; i < 50; i++) {
    if ((await s.focused()) === testid) return;
    await sleep(100);
  }
  assert.equal(await s.focused(), testid, 'focus');
}
const figures = { suggest: [], suggestAnswer: [], suggestPaint: [], totals: [], rulings: [], enter: [], dom: [], paint: [] };

/**
 * The wake lock in the real window: scripts/e2e runs a stand-in for the desktop's ScreenSaver
 * service on a private bus and names its log. During a game the app holds the screen on (one
 * Inhibit, and More says so); switching the option off releases it with the same cookie;
 * switching it on holds it again. Called with the More sheet open.
 */
async function checkWakeLock() {
  const log = process.env.E2E_SCREENSAVER_LOG;
  if (!log) {
    console.log('wake lock not checked: no ScreenSaver stand-in in this run');
    return;
  }
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).slice(wakeBase) : []);
  const waitLines = async (n) => {
    for (let i = 0; i < 50 && lines().length < n; i++) await sleep(100);
    return lines();
  };
  const held = await waitLines(1);
  assert.match(held[0] ?? '', /^inhibit app\.tablemate \d+$/, `one Inhibit during a game: ${held}`);
  assert.equal(held.length, 1, `not one per render: ${held}`);
  // More says the screen stays on (not the warning that it could not)
  const state = await s.waitFor('[data-testid="wake-state"]');
  assert.doesNotMatch(await s.attr(state, 'class'), /problem/, 'More says the screen stays on');
  const cookie = held[0].split(' ')[2];
  await s.click(await s.find('[data-testid="keep-awake"]'));
  const released = await waitLines(2);
  assert.equal(released[1], `uninhibit ${cookie}`, 'released with its cookie');
  await s.click(await s.find('[data-testid="keep-awake"]'));
  const again = await waitLines(3);
  assert.match(again[2] ?? '', /^inhibit app\.tablemate \d+$/, 'held again');
}

/** Types a card and measures keystroke → suggestions shown (in the page). */
async function typeCard(text) {
  const input = await s.waitFor('[data-testid="card-entry"]');
  await s.execute('window.__tmPerf = {}');
  // key by key at a quick typist's pace (WebDriver alone sends a whole name in a burst, which
  // no person does; the figure is for the last key)
  for (const ch of text) {
    await s.type(input, ch);
    await sleep(60);
  }
  let p = {};
  for (let i = 0; i < 40; i++) {
    // the figures are taken in the page; polling gently keeps WebDriver's own work (which
    // runs on the page's thread) out of them
    await sleep(100);
    p = await perf();
    if (p.suggestAt && p.keyAt && p.suggestAt > p.keyAt) break;
  }
  assert.ok(p.suggestAt > p.keyAt, `suggestions shown for ${text}`);
  figures.suggest.push(p.suggestAt - p.keyAt);
  figures.suggestAnswer.push(p.answeredAt - p.keyAt);
  figures.suggestPaint.push(p.suggestAt - p.answeredAt);
  return input;
}

/** Picks the first suggestion with Enter; measures pick → totals (and rulings) painted. */
async function enterCard(text, { confirm = false } = {}) {
  const input = await typeCard(text);
  await s.type(input, KEY.ENTER);
  if (confirm) await s.click(await s.waitFor('[data-testid="pending-play"]'));
  let p = {};
  for (let i = 0; i < 60; i++) {
    await sleep(100);
    p = await perf();
    if (p.totalsAt && p.rulingsAt) break;
  }
  assert.ok(p.totalsAt, `totals updated after ${text}`);
  if (!confirm) {
    figures.totals.push(p.totalsAt - p.pickAt);
    figures.enter.push(p.playedAt - p.pickAt);
    figures.dom.push(p.shownAt - p.playedAt);
    figures.paint.push(p.totalsAt - p.shownAt);
  }
  if (p.rulingsAt && !confirm) figures.rulings.push(p.rulingsAt - p.pickAt);
}

test('a scripted Vulca vs Hoax fight at the table', async () => {
  // in German, as the screenshots in the README show it; a fresh data folder: no game yet
  await s.waitFor('[data-testid="nav-table"]', { timeoutMs: 30_000 });
  await setLanguage(s, 'de');
  await go(s, 'table');
  await s.waitFor('[data-testid="new-game"]');
  await s.type(await s.waitFor('[data-testid="new-a"]'), 'Ann');
  await s.type(await s.find('[data-testid="new-b"]'), 'Ben');
  await s.click(await s.find('[data-testid="new-start"]'));
  await s.waitFor('[data-testid="turn-A"]');
  assert.equal(await dragonsAt('centre'), 3);
  // a person types once the new table is on the screen
  {
    let p = await perf();
    for (let i = 0; i < 150 && !p.startPainted; i++) {
      await sleep(20);
      p = await perf();
    }
    assert.ok(p.startPainted > p.startAt, 'the new table is drawn');
    figures.start = p.startPainted - p.startAt;
  }

  // by number
  await enterCard('V02');
  assert.equal(await total('A', 'fire'), '6');
  assert.equal(await total('A', 'earth'), '3');
  await s.click(await s.find('[data-testid="choose-fire"]'));
  await s.waitFor('[data-testid="contested"]');
  const contested = await s.attr(await s.find('[data-testid="total-A-fire"]'), 'class');
  assert.match(contested, /contested/);
  await s.click(await s.find('[data-testid="pass"]'));
  await s.waitFor('[data-testid="turn-B"]');

  // by name (with a typo), then by number
  await enterCard('Wogaratoras');
  await waitText('[data-testid="total-B-fire-value"]', 5);
  await enterCard('H19');
  await waitText('[data-testid="total-B-fire-value"]', 7);
  await s.click(await s.find('[data-testid="pass"]'));
  await s.waitFor('[data-testid="turn-A"]');

  // a booster on a target: the person picks it (default: the active character)
  await typeCard('Volcanic Gauntlets');
  await s.type(await s.find('[data-testid="card-entry"]'), KEY.ENTER);
  await s.click(await s.waitFor('[data-testid="target"] option[value="vulca-02"]'));
  await s.click(await s.find('[data-testid="pending-play"]'));
  await waitText('[data-testid="total-A-fire-value"]', 12);
  assert.match(await value('[data-testid="card-A-vulca-21"]'), /→/);
  // a second booster or support card in one turn: the engine warns before it is recorded, naming
  // the player, and Cancel is the default; the table is the truth, so Ann may play it anyway
  await typeCard('Flickering Fires');
  await s.type(await s.find('[data-testid="card-entry"]'), KEY.ENTER);
  const limit = await s.waitFor('[data-testid="pending-warning"]');
  assert.match(await s.text(limit), /Ann/);
  assert.doesNotMatch(await s.text(limit), /vulca-\d+/);
  await s.click(await s.find('[data-testid="pending-play"]'));
  await waitText('[data-testid="total-A-fire-value"]', 13);
  // no new character this turn: Next turn is refused beside the button until confirmed
  await s.click(await s.find('[data-testid="pass"]'));
  const anyway = await s.waitFor('[data-testid="pass-anyway"]');
  await s.click(anyway);
  await s.waitFor('[data-testid="turn-B"]');

  // Enthrall Opposition under Flickering Fires: the warning shows before confirming, and the
  // interaction ruling appears once it is entered
  await typeCard('Enthrall Opposition');
  await s.type(await s.find('[data-testid="card-entry"]'), KEY.ENTER);
  await s.waitFor('[data-testid="pending-warning"]');
  await s.click(await s.find('[data-testid="pending-play"]'));
  const ruling = await s.waitFor('[data-testid="prompt-interaction"]');
  assert.match(await s.text(ruling), /Flickering Fires|Feuerzauber/);
  // Enthrall Opposition ignores A's texts this turn: the Gauntlets no longer double
  await waitText('[data-testid="total-A-fire-value"]', 7);
  assert.doesNotMatch(await value('[data-testid="card-B-hoax-28"]'), /→/, 'no target for a card without one');

  // phones: the fight fits one screen, nothing under 44 px, no ids; then tablet and desktop.
  // Screenshots at each size in both themes (in German, set at the start).
  const fightParts = ['total-A-fire', 'total-B-fire', 'dragon-track', 'card-entry', 'pass', 'retreat', 'open-rulings'];
  for (const [name, width, height] of [
    ['phone', 360, 740],
    ['phone-640', 360, 640],
    ['phone-390', 390, 844],
    ['tablet', 800, 1280],
    ['desktop', 1280, 800],
  ]) {
    await resize(s, width, height);
    const phone = width < 400;
    assertFits(assert, await measure(s, phone ? fightParts : []), `table ${name}`, { fight: true });
    if (phone) {
      // the suggestions open above the entry, inside the screen
      const input = await s.find('[data-testid="card-entry"]');
      await s.type(input, 'Vulca');
      await s.waitFor('[data-testid="suggestions"]');
      const m = await measure(s, ['suggestions', 'card-entry']);
      assert.deepEqual(m.outside, [], `${name}: suggestions on screen`);
      await shot(`table-${name}-suggestions`);
      await s.type(input, KEY.ESCAPE);
      await s.execute("document.getElementById('card-entry').value = ''; document.getElementById('card-entry').dispatchEvent(new Event('input'))");
      // the rulings open as a sheet over the table
      await s.click(await s.find('[data-testid="open-rulings"]'));
      await s.waitFor('[data-testid="sheet-rulings-close"]');
      assertFits(assert, await measure(s, ['sheet-rulings-close']), `rulings sheet ${name}`, { fight: true });
      await shot(`table-${name}-rulings`);
      await s.click(await s.find('[data-testid="sheet-rulings-close"]'));
    }
    for (const theme of ['dark', 'light']) {
      await s.execute(`document.documentElement.dataset.theme = '${theme}'`);
      await shot(`table-${name}-${theme}`);
    }
  }
  // face to face at the phone size: the opponent's half turned to them
  await resize(s, 360, 740);
  await s.click(await s.find('[data-testid="open-more"]'));
  await checkWakeLock();
  await s.click(await s.waitFor('[data-testid="face-to-face"]'));
  await s.click(await s.find('[data-testid="sheet-more-close"]'));
  assert.match(await s.attr(await s.find('[data-testid="side-B"]'), 'class'), /flipped/);
  assertFits(assert, await measure(s, fightParts), 'face to face', { fight: true });
  await s.execute("document.documentElement.dataset.theme = 'dark'");
  await shot('table-phone-face-to-face');
  // Ben enters from his side: the entry turns to him and its suggestions still open where
  // there is room on the screen, wholly visible
  await s.click(await s.find('[data-testid="entry-seat-B"]'));
  {
    const input = await s.find('[data-testid="card-entry"]');
    await s.type(input, 'Hoax');
    await s.waitFor('[data-testid="suggestions"]');
    const m = await measure(s, ['suggestions', 'card-entry']);
    assert.deepEqual(m.outside, [], 'face to face: suggestions on screen');
    const [list, entry, vh] = await s.execute(
      `const r = ['suggestions', 'card-entry'].map((id) => {
         const b = document.querySelector('[data-testid="' + id + '"]').getBoundingClientRect();
         return { top: b.top, bottom: b.bottom };
       });
       return [r[0], r[1], window.innerHeight];`,
    );
    // the turned dock sits at Ben's edge (the top of the screen): more room below it there
    const below = entry.top < vh - entry.bottom;
    const where = JSON.stringify({ list, entry, vh });
    if (below) assert.ok(list.top >= entry.bottom - 1, `face to face: the list opens where the room is (below on screen) ${where}`);
    else assert.ok(list.bottom <= entry.top + 1, `face to face: the list opens where the room is (above on screen) ${where}`);
    await shot('table-phone-face-to-face-entry');
    await s.type(input, KEY.ESCAPE);
    await s.execute("document.getElementById('card-entry').value = ''; document.getElementById('card-entry').dispatchEvent(new Event('input'))");
  }
  await s.click(await s.find('[data-testid="entry-seat-A"]'));
  await s.click(await s.find('[data-testid="open-more"]'));
  await s.click(await s.waitFor('[data-testid="face-to-face"]'));
  await s.click(await s.find('[data-testid="sheet-more-close"]'));

  await resize(s, 1280, 800);

  // dismiss the interaction ruling: it is marked seen for the rest of the game
  const seenId = await s.attr(ruling, 'data-ruling');
  assert.ok(seenId, 'the prompt names its ruling');
  await s.click(await s.find(`[data-ruling="${seenId}"] + [data-testid="prompt-dismiss"]`));
  await waitGone(`[data-ruling="${seenId}"]`);

  // undo the Enthrall Opposition: A back to 13
  await s.click(await s.find('[data-testid="table-undo"]'));
  await waitText('[data-testid="total-A-fire-value"]', 13);
  // (its text read from the page: WebKitWebDriver's getText answers '' for this button with
  // text-overflow set, though the screenshot shows it)
  const due = await s.execute("return document.querySelector('[data-testid=\"retreat-due\"]').textContent");
  assert.match(due, /^1 → /);
  await s.click(await s.find('[data-testid="retreat"]'));
  await s.waitFor('[data-testid="last-retreat"]');
  assert.equal(await dragonsAt('A'), 1);
  assert.equal(await dragonsAt('centre'), 2);
  await s.click(await s.find('[data-testid="table-undo"]'));
  await waitText('[data-testid="total-A-fire-value"]', 13);
  assert.equal(await dragonsAt('A'), 0);
  await s.click(await s.find('[data-testid="table-redo"]'));
  await s.waitFor('[data-testid="last-retreat"]');
  assert.equal(await dragonsAt('A'), 1);
  await s.click(await s.find('[data-testid="table-undo"]'));
  await waitText('[data-testid="total-A-fire-value"]', 13);

  const before = await s.execute(
    `return ['total-A-fire-value','total-A-earth-value','total-B-fire-value','total-B-earth-value','game-no']
       .map((t) => document.querySelector('[data-testid="' + t + '"]').textContent.trim())
       .concat([document.querySelectorAll('[data-testid="dragons-centre"] .dragon').length,
                document.querySelector('[data-testid="side-A"]').textContent,
                document.querySelector('[data-testid="side-B"]').textContent])`,
  );

  // restart the app: a new session launches it again on the same data folder
  await s.restart();
  await s.click(await s.waitFor('[data-testid="nav-table"]', { timeoutMs: 30_000 }));
  await waitText('[data-testid="total-A-fire-value"]', 13);
  const after = await s.execute(
    `return ['total-A-fire-value','total-A-earth-value','total-B-fire-value','total-B-earth-value','game-no']
       .map((t) => document.querySelector('[data-testid="' + t + '"]').textContent.trim())
       .concat([document.querySelectorAll('[data-testid="dragons-centre"] .dragon').length,
                document.querySelector('[data-testid="side-A"]').textContent,
                document.querySelector('[data-testid="side-B"]').textContent])`,
  );
  assert.deepEqual(after, before, 'the table is unchanged after a restart');
  // the first list of a game night: the app started again on data it has already set up (the
  // very first start of a fresh install also builds the rulings index, in the background)
  {
    const input = await typeCard('Enthrall');
    figures.restartFirst = figures.suggest[figures.suggest.length - 1];
    figures.restartAnswer = figures.suggestAnswer[figures.suggestAnswer.length - 1];
    await s.type(input, KEY.ESCAPE);
    await s.execute("document.getElementById('card-entry').value = ''; document.getElementById('card-entry').dispatchEvent(new Event('input'))");
  }

  // keyboard alone: "/" to the card entry, type, Enter; on the warning the SAFE choice (Cancel)
  // takes the focus: Escape cancels, and so does Enter; playing it anyway is a deliberate Tab
  // to "Play it anyway" and Enter; the focus is back in the entry; Ctrl+Z undoes
  await s.execute('document.activeElement && document.activeElement.blur()');
  await s.press('/');
  assert.equal(await s.focused(), 'card-entry');
  const byKeys = async () => {
    await s.press('Enthrall Opposition');
    await s.waitFor('[data-testid="suggestion-hoax-28"]');
    await s.press(KEY.ENTER);
    await s.waitFor('[data-testid="pending-warning"]');
    await waitFocus('pending-cancel');
  };
  await byKeys();
  await s.press(KEY.ESCAPE);
  await waitFocus('card-entry');
  assert.equal((await s.findAll('[data-testid="pending"]')).length, 0, 'cancelled');
  assert.equal(await total('A', 'fire'), '13', 'nothing played');
  await byKeys();
  await s.press(KEY.ENTER);
  await waitFocus('card-entry');
  assert.equal(await total('A', 'fire'), '13', 'Enter on the warning plays nothing');
  await byKeys();
  await s.press(KEY.TAB);
  await waitFocus('pending-play');
  await s.press(KEY.ENTER);
  await waitText('[data-testid="total-A-fire-value"]', 7);
  await waitFocus('card-entry');
  await s.waitFor('[data-testid="prompts"]');
  assert.equal(
    await s.execute(`return document.querySelectorAll('[data-ruling="${seenId}"]').length`),
    0,
    'the ruling dismissed before the restart stays dismissed in this game',
  );
  await s.press('z', [KEY.CONTROL]);
  await waitText('[data-testid="total-A-fire-value"]', 13);
  await waitFocus('card-entry');
  // abandoning the game is asked first (Cancel is the default), ends it without a result, and
  // Undo takes it back
  await s.click(await s.find('[data-testid="open-more"]'));
  await s.click(await s.waitFor('[data-testid="abandon"]'));
  assert.match(await s.attr(await s.waitFor('[data-testid="abandon-no"]'), 'class'), /primary/);
  await s.click(await s.find('[data-testid="abandon-yes"]'));
  await s.waitFor('[data-testid="game-abandoned"]');
  assert.equal((await s.findAll('[data-testid="card-entry"]')).length, 0, 'nothing more is played');
  await shot('table-abandoned');
  await s.click(await s.find('[data-testid="table-undo"]'));
  await waitText('[data-testid="total-A-fire-value"]', 13);
  assert.equal((await s.findAll('[data-testid="game-abandoned"]')).length, 0, 'back in the game');
  // every other screen fits a 360 px phone too
  await resize(s, 360, 740);
  for (const screen of ['cards', 'rulings', 'matches', 'settings']) {
    await go(s, screen);
    await painted(s);
    assertFits(assert, await measure(s), `${screen} at 360 px`);
    await shot(`${screen}-phone`);
    if (screen === 'matches') {
      // the organiser's forms too: the new event form on the tournaments tab
      await s.click(await s.waitFor('[data-testid="matches-tab-tournaments"]'));
      await s.waitFor('[data-testid="event-new-name"]');
      assertFits(assert, await measure(s), 'new event form at 360 px');
      await shot('matches-new-event-phone');
    }
  }
  await resize(s, 1280, 800);
  const stats = (xs) => {
    const v = [...xs].sort((a, b) => a - b);
    const med = v[Math.floor(v.length / 2)] ?? NaN;
    return `n=${v.length} median ${med.toFixed(1)} ms, max ${(v[v.length - 1] ?? NaN).toFixed(1)} ms`;
  };
  const report = [
    'timings measured in the page with performance.now():',
    `  Start -> the new table drawn:      ${figures.start?.toFixed(1)} ms`,
    `  first suggestions after start:    ${figures.suggest[0]?.toFixed(1)} ms (answer ${figures.suggestAnswer[0]?.toFixed(1)} ms)`,
    `  first suggestions after a restart: ${figures.restartFirst?.toFixed(1)} ms (answer ${figures.restartAnswer?.toFixed(1)} ms)`,
    `  keystroke -> suggestions painted: ${stats(figures.suggest)}`,
    `    of which answer received:       ${stats(figures.suggestAnswer)}`,
    `    of which page updated, drawn:   ${stats(figures.suggestPaint)}`,
    `  card picked -> totals painted:    ${stats(figures.totals)}`,
    `  card picked -> rulings painted:   ${stats(figures.rulings)}`,
    'of which (card picked -> totals):',
    `  enter round trip (preview, play, rulings): ${stats(figures.enter)}`,
    `  page updated (Svelte):            ${stats(figures.dom)}`,
    `  next frame drawn (WebKit):        ${stats(figures.paint)}`,
  ].join('\n');
  console.log(report);
  writeFileSync(join(out, 'table-timings.txt'), report + '\n');
});

// ---------------------------------------------------------------------------------------------
// At 360×740 face to face, as two players meet it (issue: the table, finished): five cards per
// half readable without opening anything, the refusal and a card warning never over the card
// entry nor the opponent's half (measured boxes), the out-of-cards question during a fight and
// between fights, the end between fights without "Fire?/Earth?", and the desktop keys from
// inside the card entry.

test('at 360×740 face to face: five cards a half readable, notes off the entry, out of cards, the end between fights', async () => {
  await resize(s, 360, 740);
  await setLanguage(s, 'en');
  await go(s, 'table');
  // a new game of its own (the first test's game may still be open)
  await newGame(s);
  await s.waitFor('[data-testid="turn-A"]');
  await s.click(await s.waitFor('[data-testid="open-more"]'));
  const f2f = await s.waitFor('[data-testid="face-to-face"]');
  if (!(await s.execute("return document.querySelector('[data-testid=\"face-to-face\"]').checked"))) await s.click(f2f);
  await s.click(await s.find('[data-testid="sheet-more-close"]'));

  // on the first turn of the fight's starter: Decline, and no Retreat beside it
  assert.equal((await s.findAll('[data-testid="retreat"]')).length, 0, 'no Retreat on the starter’s first turn');
  await s.waitFor('[data-testid="decline"]');
  // a fight of five cards a half: three characters (two covered) and two support cards
  await enter(s, 'A', 'V10', 'vulca-10');
  await s.click(await s.waitFor('[data-testid="choose-fire"]'));
  await s.waitFor('[data-testid="contested"]');
  await turn(s, 'B', ['H04', 'hoax-04']);
  await turn(s, 'A', ['V05', 'vulca-05'], ['V24', 'vulca-24']);
  await turn(s, 'B', ['H01', 'hoax-01'], ['H21', 'hoax-21']);
  await turn(s, 'A', ['V03', 'vulca-03'], ['V23', 'vulca-23']);
  await turn(s, 'B', ['H02', 'hoax-02'], ['H20', 'hoax-20']);
  for (const lang of ['en', 'de']) {
    if (lang === 'de') {
      await setLanguage(s, 'de');
      await go(s, 'table');
      await s.waitFor('[data-testid="contested"]');
    }
    const m = await s.execute(`
      const out = { chips: {}, bad: [], hyphenated: [] };
      // where each line of a name begins: a word may only break after a space or a hyphen,
      // or at a soft hyphen (drawn as a hyphen), never in the middle ("Kriegsmaschi|ne");
      // kept on the page for the measures at 360×560 below
      const lines = window.__nameBreaks = (el, out) => {
        const text = el.textContent;
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const at = [];
        for (let n = walk.nextNode(); n; n = walk.nextNode()) for (let i = 0; i < n.data.length; i++) at.push([n, i]);
        const r = document.createRange();
        let lastTop = null;
        for (let k = 0; k < at.length; k++) {
          r.setStart(at[k][0], at[k][1]);
          r.setEnd(at[k][0], at[k][1] + 1);
          const box = [...r.getClientRects()].find((b) => b.width > 0);
          if (!box) continue;
          // a new line: lower on the screen, or higher in the half turned face to face
          if (lastTop !== null && Math.abs(box.top - lastTop) > 2) {
            const prev = text[k - 1];
            const shown = text.slice(0, k).replaceAll('\u00AD', '') + ' | ' + text.slice(k).replaceAll('\u00AD', '');
            if (prev === '\u00AD') out.hyphenated.push(shown);
            else if (prev !== ' ' && prev !== '-' && text[k] !== ' ') out.bad.push(shown + ': broken inside a word');
          }
          lastTop = box.top;
        }
      };
      for (const seat of ['A', 'B']) {
        const half = document.querySelector('[data-testid="side-' + seat + '"]').getBoundingClientRect();
        const ul = document.querySelector('[data-testid="cards-' + seat + '"]').getBoundingClientRect();
        const chips = [...document.querySelectorAll('[data-testid="cards-' + seat + '"] .chip')];
        out.chips[seat] = chips.length;
        for (const c of chips) {
          const r = c.getBoundingClientRect();
          const name = c.querySelector('.cname');
          const text = name.textContent.trim();
          const inside = (b) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
          if (!inside(half)) out.bad.push(seat + ' ' + text + ': outside its half');
          if (!inside(ul)) out.bad.push(seat + ' ' + text + ': outside the cards area');
          if (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1) out.bad.push(seat + ' ' + text + ': name cut');
          if (r.height < 43.5) out.bad.push(seat + ' ' + text + ': ' + Math.round(r.height) + ' px high');
          lines(name, out);
        }
        if (document.querySelector('[data-testid="more-cards-' + seat + '"]')) out.bad.push(seat + ': a count instead of the cards');
      }
      return out;`);
    await shot(`table-five-cards-360-${lang}`);
    assert.deepEqual(m.chips, { A: 5, B: 5 }, `${lang}: five cards in each half`);
    assert.deepEqual(m.bad, [], `${lang}: every chip whole, inside its half, its name not cut, no word broken in its middle`);
    console.log(`${lang} at 360×740: names broken at a syllable, hyphenated: ${JSON.stringify(m.hyphenated)}`);
    // a phone with its keyboard up (360×560): a line of chips a half, the cards just played
    // (the active character, the newest support first), whole; the covered ones counted
    await resize(s, 360, 560);
    const short = await s.execute(`
      const out = { shown: {}, counted: {}, bad: [], drawn: {}, hyphenated: [] };
      for (const seat of ['A', 'B']) {
        const half = document.querySelector('[data-testid="side-' + seat + '"]').getBoundingClientRect();
        const shown = [];
        for (const c of document.querySelectorAll('[data-testid="cards-' + seat + '"] .chip')) {
          const r = c.getBoundingClientRect();
          if (getComputedStyle(c).visibility === 'hidden') continue;
          const name = c.querySelector('.cname');
          shown.push(c.dataset.testid.replace('card-' + seat + '-', ''));
          if (r.top < half.top - 1 || r.bottom > half.bottom + 1 || r.left < half.left - 1 || r.right > half.right + 1) out.bad.push(seat + ' ' + name.textContent.trim() + ': outside its half');
          if (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1) out.bad.push(seat + ' ' + name.textContent.trim() + ': name cut');
          if (r.height < 43.5) out.bad.push(seat + ' ' + name.textContent.trim() + ': ' + Math.round(r.height) + ' px high');
          window.__nameBreaks(name, out);
        }
        out.shown[seat] = shown.sort();
        const more = document.querySelector('[data-testid="more-cards-' + seat + '"]');
        out.counted[seat] = more ? Number(more.textContent.replace(/\\D/g, '')) : 0;
        // the words beside the totals are drawn, whole, inside the half and over no chip: the
        // people, whose turn it is (Ben's), the contested total's element (fire)
        const words = [['people', document.querySelector('[data-testid="people-' + seat + '"]')],
                       ['element', document.querySelector('[data-testid="total-' + seat + '-fire"] .lbl')]];
        if (seat === 'B') words.push(['turn', document.querySelector('[data-testid="turn-B"]')]);
        const chips = [...document.querySelectorAll('[data-testid="cards-' + seat + '"] .chip')]
          .filter((c) => getComputedStyle(c).visibility !== 'hidden').map((c) => c.getBoundingClientRect());
        for (const [what, el] of words) {
          if (!el) { out.bad.push(seat + ': no ' + what); continue; }
          const r = el.getBoundingClientRect();
          const cs = getComputedStyle(el);
          out.drawn[seat + ' ' + what] = el.textContent.trim();
          if (r.width < 2 || r.height < 6 || cs.clipPath !== 'none' || cs.visibility === 'hidden') out.bad.push(seat + ' ' + what + ': not drawn');
          if (el.scrollWidth > el.clientWidth + 1) out.bad.push(seat + ' ' + what + ': cut');
          if (r.top < half.top - 1 || r.bottom > half.bottom + 1 || r.left < half.left - 1 || r.right > half.right + 1) out.bad.push(seat + ' ' + what + ': outside its half');
          if (chips.some((c) => r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom)) out.bad.push(seat + ' ' + what + ': over a card');
        }
      }
      return out;`);
    await shot(`table-five-cards-360x560-${lang}`);
    console.log(`${lang} at 360×560: names broken at a syllable, hyphenated: ${JSON.stringify(short.hyphenated)}`);
    assert.deepEqual(short.shown, { A: ['vulca-03', 'vulca-23', 'vulca-24'], B: ['hoax-02', 'hoax-20', 'hoax-21'] }, `${lang}: the cards just played show at 360×560`);
    assert.deepEqual(short.counted, { A: 2, B: 2 }, `${lang}: the covered characters are counted`);
    assert.deepEqual(short.bad, [], `${lang}: at 360×560 every chip shown is whole, and the people, the turn and the element are drawn`);
    assert.deepEqual(
      short.drawn,
      lang === 'en'
        ? { 'A people': 'Vulca', 'A element': 'Fire', 'B people': 'Hoax', 'B element': 'Fire', 'B turn': 'Turn' }
        : { 'A people': 'Vulca', 'A element': 'Feuer', 'B people': 'Hoax', 'B element': 'Feuer', 'B turn': 'Am Zug' },
      `${lang}: the words drawn at 360×560`,
    );
    await resize(s, 360, 740);
  }
  await setLanguage(s, 'en');
  await go(s, 'table');
  await passTo(s, 'A');
  // Ann passes with no new character: the refusal lies over her own half, never over the card
  // entry it asks her to use, the buttons, or Ben's half
  await s.click(await s.waitFor('[data-testid="pass"]'));
  await s.waitFor('[data-testid="flow-error"]');
  const refusal = await boxOf(s, 'flow-error');
  for (const other of ['card-entry', 'pass', 'side-B', 'dragon-track']) {
    assert.ok(!overlaps(refusal, await boxOf(s, other)), `the refusal ${refusal} does not cover ${other} ${await boxOf(s, other)}`);
  }
  assert.ok(overlaps(refusal, await boxOf(s, 'side-A')), 'it lies over Ann’s own half');
  await shot('table-refusal-360');
  await s.click(await s.find('[data-testid="flow-error-dismiss"]'));
  // a card warning (a second character this turn): the same
  await enter(s, 'A', 'V01', 'vulca-01');
  await s.type(await s.waitFor('[data-testid="card-entry"]'), 'V04');
  await s.click(await s.waitFor('[data-testid="suggestion-vulca-04"]'));
  await s.waitFor('[data-testid="pending"]');
  const note = await boxOf(s, 'dock-notes');
  for (const other of ['card-entry', 'pass', 'side-B']) {
    assert.ok(!overlaps(note, await boxOf(s, other)), `the warning ${note} does not cover ${other} ${await boxOf(s, other)}`);
  }
  await shot('table-warning-360');
  await s.click(await s.find('[data-testid="pending-cancel"]'));
  await waitGone('[data-testid="pending"]');

  // out of cards during a fight: the game ends when the fight does
  await s.click(await s.waitFor('[data-testid="open-more"]'));
  await s.click(await s.waitFor('[data-testid="out-of-cards-B"]'));
  assert.match(await value('[data-testid="end-ask"]'), /The game then ends after the fight\./);
  await s.click(await s.find('[data-testid="end-no"]'));
  await s.click(await s.find('[data-testid="sheet-more-close"]'));
  await passTo(s, 'B');
  // Ben retreats: the fight is over, the next not begun
  await s.click(await s.waitFor('[data-testid="retreat"]'));
  await s.waitFor('[data-testid="choose-fire"]');
  const last = await value('[data-testid="last-retreat"]');
  assert.match(last, /^Last retreat: Ben withdrew, \d dragons? to Ann$/, last);
  // between fights: the question says it ends at once, and it does
  await s.click(await s.waitFor('[data-testid="open-more"]'));
  await s.click(await s.waitFor('[data-testid="out-of-cards-B"]'));
  assert.match(await value('[data-testid="end-ask"]'), /No fight is under way: the game then ends at once\./);
  await s.click(await s.find('[data-testid="end-yes"]'));
  await s.waitFor('[data-testid="game-over"]');
  assert.equal((await s.findAll('[data-testid="choose-fire"]')).length, 0, 'no "Fire?" under "Game over"');
  assert.equal((await s.findAll('[data-testid="choose-earth"]')).length, 0, 'no "Earth?" under "Game over"');
  // the service's sentence (the CLI's and the history's words too)
  assert.match(await value('[data-testid="end-reason"]'), /^Ben is out of cards\b/);
  await shot('table-over-between-fights-360');
  await setLanguage(s, 'de');
  await go(s, 'table');
  const deOver = await value('[data-testid="game-over"]');
  assert.doesNotMatch(deOver, /\b1 Kristalle\b/, deOver);
  await shot('table-over-between-fights-360-de');

  // the desktop keys from inside the card entry, in the next game
  await setLanguage(s, 'en');
  await go(s, 'table');
  await s.click(await s.waitFor('[data-testid="next-game"]'));
  await resize(s, 1280, 800);
  const starter = (await s.findAll('[data-testid="turn-A"]')).length ? 'A' : 'B';
  await enter(s, starter, starter === 'A' ? 'V16' : 'H17', starter === 'A' ? 'vulca-16' : 'hoax-17');
  await waitFocus('card-entry');
  // Alt+F from the entry chooses fire; nothing is typed
  await s.press('f', [KEY.ALT]);
  await s.waitFor('[data-testid="contested"]');
  assert.equal(await s.execute("return document.getElementById('card-entry').value"), '');
  // Escape leaves the entry; N then ends the turn
  await s.execute("document.getElementById('card-entry').focus()");
  await s.press(KEY.ESCAPE);
  assert.notEqual(await s.focused(), 'card-entry');
  await s.press('n');
  await s.waitFor(`[data-testid="turn-${starter === 'A' ? 'B' : 'A'}"]`);
  await shot('table-keys-1280');
});

// End-to-end: an organiser runs a 24-player, 5-round Swiss event in the real app — creates the
// event, registers 24 players, pairs (undoing a round once), runs the round clock (set, start,
// pause, resume; large on the projector), drops a player (a drop taken back first), takes a late
// entry, prepares a round and publishes it, enters results through the result forms and by table
// number from the keyboard, prints a round, sees the final standings, exports them and imports
// the export. Run by scripts/e2e (see shell.test.mjs); the file dialogs answer
// TABLEMATE_TEST_DIALOG_PATH (the app's test seam, set by scripts/e2e: a native dialog cannot be
// clicked through WebDriver).
// Nothing here depends on the UI language (the assertions read test ids, names and numbers).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEY, sleep } from './webdriver.mjs';
import { dataDir, go as goTo, launch, resize, setLanguage, setValue as setValueOf, shot as shotOf, typeInto as typeIntoOf } from './harness.mjs';

const eventName = `E2E Swiss ${Date.now()}`;
const dialogPath = process.env.TABLEMATE_TEST_DIALOG_PATH;
assert.ok(dialogPath, 'scripts/e2e sets TABLEMATE_TEST_DIALOG_PATH, the folder the file dialogs choose');
const peoples = ['Vulca', 'Hoax', 'Aqua', 'Mimix', 'Flit', 'Khind', 'Terrah', 'Pillar'];
const ROUNDS = 5;
const TABLES = 12; // 24 players every round: one drops after round 2, one enters late for round 3
const players = Array.from({ length: 24 }, (_, i) => `Player ${String(i + 1).padStart(2, '0')}`);
const late = 'Player 25';
const dropped = 'Player 24';
let s;

before(async () => {
  s = await launch();
  await s.waitFor('[data-testid="brand"]', { timeoutMs: 30_000 });
});

after(async () => {
  if (s) await s.end();
});

const shot = (name) => shotOf(s, name);
const go = (screen) => goTo(s, screen);

const typeInto = (css, text) => typeIntoOf(s, css, text);

const setValue = (css, value) => setValueOf(s, css, value);

async function waitEnabled(css, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const el = await s.waitFor(css);
    if ((await s.attr(el, 'disabled')) === null) return el;
    await sleep(100);
  }
  throw new Error(`${css} stayed disabled`);
}

test('create a 24-player, 5-round Swiss event', async () => {
  await go('matches');
  await s.click(await s.waitFor('[data-testid="matches-tab-tournaments"]'));
  await typeInto('[data-testid="event-new-name"]', eventName);
  await setValue('[data-testid="event-new-date"]', '2026-11-22');
  await typeInto('[data-testid="event-new-rounds"]', String(ROUNDS));
  await s.click(await s.find('[data-testid="event-new-create"]'));
  await s.waitFor('[data-testid="event-name"]', { pred: (t) => t === eventName });
  await s.waitFor('[data-testid="event-round"]', { pred: (t) => /0\D+5/.test(t) });
});

test('register 24 players with the people they play', async () => {
  for (const [i, name] of players.entries()) {
    await typeInto('[data-testid="reg-player"]', name);
    await typeInto('[data-testid="reg-people"]', peoples[i % peoples.length]);
    await s.click(await s.find('[data-testid="reg-add"]'));
    await s.waitFor(`[data-testid="entrant-${i + 1}"]`, { pred: (t) => t.includes(name) });
  }
  await s.waitFor('[data-testid="event-players"]', { pred: (t) => t.startsWith('24') });
  await shot('matches-event-registered');
});

async function pairRound(round, how = 'event-pair') {
  await s.click(await waitEnabled(`[data-testid="${how}"]`));
  await s.waitFor(`[data-testid="round-${round}"]`);
  await s.waitFor('[data-testid="event-round"]', { pred: (t) => new RegExp(`${round}\\D+${ROUNDS}`).test(t) });
}

const clockText = async (css = '[data-testid="round-clock"]') =>
  (await s.text(await s.waitFor(`${css} [data-testid="round-clock-time"]`))).trim();
const clockState = async () => s.attr(await s.waitFor('[data-testid="round-clock"]'), 'data-state');

async function waitClockState(state) {
  for (let i = 0; i < 50 && (await clockState()) !== state; i++) await sleep(100);
  assert.equal(await clockState(), state);
}

/** Round 1's clock: a length set, started (it counts down from the service), paused (it stops),
 * resumed. */
async function runTheClock() {
  await typeInto('[data-testid="clock-minutes"]', '40');
  await s.click(await s.find('[data-testid="clock-set"]'));
  await s.waitFor('[data-testid="round-clock-time"]', { pred: (t) => t.trim() === '40:00' });
  await s.click(await s.find('[data-testid="clock-start"]'));
  await waitClockState('running');
  await s.waitFor('[data-testid="round-clock-time"]', { pred: (t) => /^39:5\d$/.test(t.trim()), timeoutMs: 5000 });
  await s.click(await s.waitFor('[data-testid="clock-pause"]'));
  await waitClockState('paused');
  const paused = await clockText();
  await sleep(2200);
  assert.equal(await clockText(), paused, 'a paused clock stands still');
  await s.click(await s.waitFor('[data-testid="clock-resume"]'));
  await waitClockState('running');
  await shot('matches-round1-clock');
}

const TAB = '\uE004';

/** During a match the table shows the running round's clock (the one clock, read from the
 * service), then the organiser goes back to the event. */
async function tableShowsTheClock() {
  await go('table');
  if ((await s.findAll('[data-testid="new-game"]')).length === 0) {
    await s.click(await s.waitFor('[data-testid="open-more"]'));
    await s.click(await s.waitFor('[data-testid="new-game-open"]'));
  }
  await s.type(await s.waitFor('[data-testid="new-a"]'), 'Player 01');
  await s.type(await s.find('[data-testid="new-b"]'), 'Player 02');
  await s.click(await s.find('[data-testid="new-start"]'));
  await s.waitFor('[data-testid="turn-A"]');
  const clock = await s.waitFor('[data-testid="round-clock-inline"]');
  assert.ok((await s.attr(clock, 'title')).includes(eventName), 'the event whose clock runs');
  await s.waitFor('[data-testid="round-clock-inline"]', { pred: (t) => /^(40:00|39:\d\d)$/.test(t.trim()) });
  await shot('table-round-clock');
  await resize(s, 360, 740);
  await shot('table-round-clock-phone');
  await resize(s, 1280, 800);
  await openEvent();
}

/** Back to the event's page from anywhere: Matches, then the event by its name. */
async function openEvent() {
  await go('matches');
  await s.execute(
    `[...document.querySelectorAll('[data-testid^="event-open-"]')]
       .find((b) => b.textContent.includes(arguments[0])).click()`,
    [eventName],
  );
  await s.waitFor('[data-testid="event-name"]', { pred: (t) => t === eventName });
}

/** The organiser's screens of the last round in German at 1280x800 (the quick entry, the
 * printout, the projector with every pairing in view), then back to English. */
async function organiserInGerman() {
  for (const lang of ['de', 'en']) {
    await setLanguage(s, lang);
    await openEvent();
    if (lang === 'en') return;
    await s.execute(`document.querySelector('[data-testid="quick-table"]').scrollIntoView({ block: 'center' })`);
    await shot('matches-quick-entry-de');
    await s.click(await s.find('[data-testid="event-print"]'));
    await s.waitFor('[data-testid="print-by-name"]');
    await shot('matches-print-preview-de');
    await s.click(await s.find('[data-testid="print-close"]'));
    await s.click(await s.waitFor('[data-testid="event-projector"]'));
    await s.waitFor('[data-testid="projector-seating"]', { pred: (t) => t.includes(late) });
    const below = await s.execute(
      `return [...document.querySelectorAll('[data-testid="projector-seating"] li')]
         .filter((li) => li.getBoundingClientRect().bottom > window.innerHeight + 1).length`,
    );
    assert.equal(below, 0, 'in German too, every pairing on the wall at 1280x800');
    await shot('matches-projector-pairings-de');
    await s.press(KEY.ESCAPE);
    for (let i = 0; i < 50 && (await s.findAll('[data-testid="projector"]')).length > 0; i++) await sleep(100);
  }
}

/** Round 2 and 3: results typed by table number, Tab between fields, Enter saves. */
async function keyboardResults(round, outcome) {
  await s.click(await s.waitFor('[data-testid="quick-table"]'));
  for (let table = 1; table <= TABLES; table++) {
    const { aWins, loser } = outcome(table);
    const [a, b] = aWins ? ['5', loser] : [loser, '5'];
    await s.press(`${table}${TAB}${aWins ? 'a' : 'b'}${TAB}${a}${TAB}${b}${KEY.ENTER}`);
    await s.waitFor(`[data-testid="result-r${round}-t${table}"]`, { pred: (t) => t.includes(`${a} : ${b}`) });
    if (table < TABLES) {
      await s.waitFor('[data-testid="quick-saved"]', { pred: (t) => t.includes(String(table)) });
      assert.equal(await s.focused(), 'quick-table', 'after Enter the cursor is back on the table number');
    }
  }
}

test('5 rounds: results by form and keyboard, undo a round, the clock, a drop, a late entry, a prepared round, print and project', async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    if (round === 3) {
      // prepared: the organiser sees it, the projector does not until it is published
      await pairRound(round, 'event-prepare');
      await s.waitFor('[data-testid="round-unpublished-3"]');
      await s.click(await s.find('[data-testid="event-projector"]'));
      await s.waitFor('[data-testid="projector-unpublished"]');
      assert.equal((await s.findAll('[data-testid="projector-seating"]')).length, 0, 'no pairings on the wall yet');
      await s.click(await s.find('[data-testid="projector-close"]'));
      // the prepared round prints before it is published: every table, every player
      await s.click(await s.find('[data-testid="event-print"]'));
      await s.waitFor('[data-testid="print-by-table"]');
      const printed = await s.execute(
        `return document.querySelectorAll('[data-testid="print-by-table"] tbody tr').length`,
      );
      assert.equal(printed, TABLES, 'the prepared round printed: every table');
      await shot('matches-print-prepared');
      await s.click(await s.find('[data-testid="print-close"]'));
      await s.click(await s.waitFor('[data-testid="event-publish"]'));
      for (let i = 0; i < 50 && (await s.findAll('[data-testid="round-unpublished-3"]')).length > 0; i++) await sleep(100);
      assert.equal((await s.findAll('[data-testid="round-unpublished-3"]')).length, 0, 'published');
    } else {
      await pairRound(round);
    }
    const tables = await s.findAll(`[data-testid="round-${round}"] [data-testid^="table-r${round}-"]`);
    assert.equal(tables.length, TABLES, '24 players sit at 12 tables, no bye');
    if (round === 1) {
      await shot('matches-round1-pairings');
      // undo the fresh round (it asks first), then pair it again
      await s.click(await s.find('[data-testid="event-unpair"]'));
      await s.click(await s.waitFor('[data-testid="event-unpair-yes"]'));
      await s.waitFor('[data-testid="event-round"]', { pred: (t) => /0\D+5/.test(t) });
      assert.equal((await s.findAll('[data-testid="round-1"]')).length, 0, 'round 1 is gone');
      await pairRound(1);
      await runTheClock();
    }
    if (round === 2) {
      // a drop asks for confirmation; cancel keeps the player, yes drops, "take back" undoes it
      await s.click(await s.find('[data-testid="drop-16"]'));
      await s.click(await s.waitFor('[data-testid="drop-16-no"]'));
      await s.waitFor('[data-testid="drop-16"]');
      await s.click(await s.find('[data-testid="drop-16"]'));
      await s.click(await s.waitFor('[data-testid="drop-16-yes"]'));
      await s.click(await s.waitFor('[data-testid="undrop-16"]'));
      await s.waitFor('[data-testid="drop-16"]');
      // Player 24 drops for good; Player 25 enters late, from round 3 on
      await s.click(await s.find('[data-testid="drop-24"]'));
      await s.click(await s.waitFor('[data-testid="drop-24-yes"]'));
      await s.waitFor('[data-testid="undrop-24"]');
      await typeInto('[data-testid="reg-player"]', late);
      await typeInto('[data-testid="reg-people"]', 'Hoax');
      await s.click(await s.find('[data-testid="reg-add"]'));
      await s.waitFor('[data-testid="entrant-25"]', { pred: (t) => t.includes(late) && t.includes('3') });
    }
    if (round === ROUNDS) {
      // the round's clock, started for the printout and the projector
      await s.click(await s.waitFor('[data-testid="clock-start"]'));
      await waitClockState('running');
      await s.click(await s.find('[data-testid="event-print"]'));
      await s.waitFor('[data-testid="print-by-name"]');
      const names = await s.execute(
        `return [...document.querySelectorAll('[data-testid="print-by-name"] tbody tr td:first-child')]
           .map((td) => td.textContent.trim())`,
      );
      const seated = [...players.filter((p) => p !== dropped), late].sort();
      assert.deepEqual(names, seated, 'every player once, alphabetical: the late entry in, the drop out');
      assert.equal((await s.findAll('.slip[data-testid^="slip-"]')).length, TABLES, 'one result slip per table');
      await shot('matches-print-preview');
      await s.execute('document.querySelector(\'[data-testid="print-slips"]\').scrollIntoView()');
      await shot('matches-print-slips');
      // WebKit's WebDriver cannot switch to print media, so the page's own @media print rules
      // are applied on screen: what paper gets, with the app's header and event page hidden.
      const applied = await s.execute(`
        const css = [];
        for (const sheet of document.styleSheets)
          for (const rule of sheet.cssRules)
            if (rule instanceof CSSMediaRule && rule.media.mediaText.includes('print'))
              for (const inner of rule.cssRules) css.push(inner.cssText);
        const style = document.createElement('style');
        style.id = 'e2e-print-media';
        style.textContent = css.join('\\n');
        document.head.append(style);
        window.scrollTo(0, 0);
        return css.length;`);
      assert.ok(applied > 0, 'the page has print rules');
      const hidden = await s.execute(
        `return getComputedStyle(document.querySelector('[data-testid="brand"]')).visibility`,
      );
      assert.equal(hidden, 'hidden', 'the app chrome stays off paper');
      const printButtonShown = await s.execute(
        `return document.querySelector('[data-testid="print-now"]').getClientRects().length > 0`,
      );
      assert.equal(printButtonShown, false, 'the print button is not printed');
      await shot('matches-print-media');
      await s.execute(`document.getElementById('e2e-print-media').remove()`);
      await s.click(await s.find('[data-testid="print-close"]'));
      await s.click(await s.waitFor('[data-testid="event-projector"]'));
      await s.waitFor('[data-testid="projector-seating"]', { pred: (t) => t.includes(late) });
      const wall = await clockText('[data-testid="round-clock-large"]');
      assert.match(wall, /^(40:00|39:\d\d)$/, 'the projector shows the one clock');
      await sleep(500);
      await shot('matches-projector-pairings');
      const belowTheWall = await s.execute(
        `return [...document.querySelectorAll('[data-testid="projector-seating"] li')]
           .filter((li) => li.getBoundingClientRect().bottom > window.innerHeight + 1).length`,
      );
      assert.equal(belowTheWall, 0, 'every pairing on the wall at 1280x800, none under the clock');
      await s.click(await s.find('[data-testid="projector-standings"]'));
      await s.waitFor('[data-testid="projector-table"]');
      await shot('matches-projector-standings');
      await s.press(KEY.ESCAPE);
      for (let i = 0; i < 50 && (await s.findAll('[data-testid="projector"]')).length > 0; i++) await sleep(100);
      assert.equal((await s.findAll('[data-testid="projector"]')).length, 0, 'Esc closes the projector');
      await organiserInGerman();
      // and on a phone (resizing leaves full screen, which closes the view: open it again)
      await resize(s, 360, 740);
      await s.click(await s.waitFor('[data-testid="event-projector"]'));
      await s.waitFor('[data-testid="round-clock-large"]');
      await shot('matches-projector-clock-phone');
      await s.click(await s.find('[data-testid="projector-close"]'));
      await s.click(await s.waitFor('[data-testid="event-print"]'));
      await s.waitFor('[data-testid="print-by-name"]');
      await shot('matches-print-phone');
      await s.click(await s.find('[data-testid="print-close"]'));
      await resize(s, 1280, 800);
      await tableShowsTheClock();
    }
    const outcome = (table) => ({
      // seat A wins 5 to 0-4 crystals; an odd table now and then goes to seat B instead
      aWins: (round + table) % 3 !== 0,
      loser: String((round * table) % 5),
    });
    if (round > 1) {
      await keyboardResults(round, outcome);
      if (round === 2) await shot('matches-round2-results');
      continue;
    }
    for (let table = 1; table <= TABLES; table++) {
      const id = `r${round}-t${table}`;
      const { aWins, loser } = outcome(table);
      await s.click(await s.waitFor(`[data-testid="winner-${aWins ? 'a' : 'b'}-${id}"]`));
      await typeInto(`[data-testid="crystals-a-${id}"]`, aWins ? '5' : loser);
      await typeInto(`[data-testid="crystals-b-${id}"]`, aWins ? loser : '5');
      await s.click(await s.find(`[data-testid="save-${id}"]`));
      await s.waitFor(`[data-testid="result-${id}"]`, {
        pred: (t) => t.includes(aWins ? `5 : ${loser}` : `${loser} : 5`),
      });
    }
  }
  await s.waitFor('[data-testid="event-finished"]');
  // the event is over: no registration, no drop
  await s.waitFor('[data-testid="reg-closed"]');
  assert.equal((await s.findAll('[data-testid="reg-add"]')).length, 0);
  assert.equal((await s.findAll('[data-testid^="drop-"]')).length, 0);

  // a correction: same winner, other crystals; it is logged with its reason
  const before = await s.text(await s.find('[data-testid="result-r5-t1"]'));
  const aWon = !before.startsWith('0') && before.trim().startsWith('5');
  await s.click(await s.find('[data-testid="correct-r5-t1"]'));
  await s.click(await s.waitFor(`[data-testid="winner-${aWon ? 'a' : 'b'}-r5-t1"]`));
  await typeInto('[data-testid="crystals-a-r5-t1"]', aWon ? '6' : '0');
  await typeInto('[data-testid="crystals-b-r5-t1"]', aWon ? '0' : '6');
  await typeInto('[data-testid="reason-r5-t1"]', 'score sheet misread');
  await s.click(await s.find('[data-testid="save-r5-t1"]'));
  await s.waitFor('[data-testid="result-r5-t1"]', { pred: (t) => t.includes(aWon ? '6 : 0' : '0 : 6') });
  await s.waitFor('[data-testid="corrections"]', { pred: (t) => t.includes('score sheet misread') });
  const pair = await s.find('[data-testid="event-pair"]');
  assert.notEqual(await s.attr(pair, 'disabled'), null, 'no sixth round can be paired');
});

test('the standings show 25 ranked players with the documented tie-breakers', async () => {
  const points = [];
  const everyone = [...players, late];
  for (let rank = 1; rank <= everyone.length; rank++) {
    const p = Number(await s.text(await s.waitFor(`[data-testid="standing-points-${rank}"]`)));
    points.push(p);
    const name = await s.text(await s.find(`[data-testid="standing-name-${rank}"]`));
    // a dropped player's name carries a mark after it
    assert.ok(everyone.some((p) => name.trim().startsWith(p)), `rank ${rank} is a registered player: ${name}`);
  }
  assert.equal(points.reduce((a, b) => a + b, 0), 60 * 3, '60 matches (12 a round), 3 points each');
  for (let i = 1; i < everyone.length; i++) assert.ok(points[i - 1] >= points[i], `sorted by points: ${points}`);
  const tb = await s.findAll('[data-testid="tie-breakers"] li');
  assert.equal(tb.length, 5);
  await s.execute('document.querySelector(\'[data-testid="standings"]\').scrollIntoView()');
  await shot('matches-final-standings');
});

test('export the final standings as CSV and JSON', async () => {
  await s.click(await s.find('[data-testid="event-export"]'));
  const text = await s.text(await s.waitFor('[data-testid="event-exported"]'));
  const folder = text.slice(text.indexOf('/')).trim();
  assert.equal(folder, dialogPath, `exported into the folder the dialog chose: ${JSON.stringify(text)}`);
  assert.ok(!existsSync(join(dataDir, 'exports')), 'nothing written into the data folder');
  const csv = readFileSync(join(folder, 'standings.csv'), 'utf8').trim().split('\n');
  assert.equal(csv.length, 26, 'a header and 25 players');
  assert.match(csv[0], /^rank,player,people,match_points/);
  assert.match(csv[1], /^1,Player \d\d,\w+,\d+,/);
  const json = JSON.parse(readFileSync(join(folder, 'event.json'), 'utf8'));
  assert.equal(json.event.name, eventName);
  assert.equal(json.results.length, 60);
  assert.equal(json.standings.length, 25);
  for (const f of ['entrants.csv', 'pairings.csv', 'results.csv']) assert.ok(existsSync(join(folder, f)), f);
  await shot('matches-exported');
});

test('import the exported event through the dialog: a second event, the same standings', async () => {
  await s.click(await s.find('[data-testid="event-back"]'));
  await s.click(await s.waitFor('[data-testid="event-import"]'));
  // the import opens the new event's page
  await s.waitFor('[data-testid="event-name"]', { pred: (t) => t.includes(eventName) });
  await s.waitFor('[data-testid="standings"]');
  const top = await s.text(await s.find('[data-testid="standing-name-1"]'));
  assert.ok(players.includes(top.trim()), `rank 1 is a registered player: ${top}`);
  await s.click(await s.find('[data-testid="event-back"]'));
  const list = await s.text(await s.waitFor('[data-testid="events-list"]', { pred: (t) => t.includes(eventName) }));
  assert.equal(list.split(eventName).length - 1, 2, `the event and its import: ${list}`);
});

test('history and statistics tabs open from the Matches screen', async () => {
  await s.waitFor('[data-testid="events-list"]', { pred: (t) => t.includes(eventName) });
  await s.click(await s.find('[data-testid="matches-tab-history"]'));
  await s.waitFor('[data-testid="matches-tab-history"][aria-selected="true"]');
  await shot('matches-history');
  await s.click(await s.find('[data-testid="matches-tab-stats"]'));
  await s.waitFor('[data-testid="stats-apply"]');
  await shot('matches-stats');
});

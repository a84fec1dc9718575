// End-to-end accessibility (WCAG 2.2 A and AA), in the real window: axe-core (ui's
// devDependencies) is injected into the page and run over every screen and sheet of the Blue
// Moon table and the Games screen, at 360×740 and 1280×800, in English and German, in the dark
// and the light theme: no violation. Then by hand, as a keyboard and screen-reader user meets
// it: a fight played with the keyboard only (where the focus goes when a sheet opens and
// closes, Escape giving it back to the button that opened it), the names a screen reader reads
// for the dragons and the totals, and the table at 640×560 and 360×560 (large text: 200 % zoom;
// a phone in landscape, 640×400, is in table.test.mjs) losing no card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY, sleep } from './webdriver.mjs';
import { appSession, axeViolations, go, resize, setLanguage, setValue, shot, typeInto } from './harness.mjs';

const { s, tap: click, waitGone } = appSession('[data-testid="nav-table"]');
const count = (css) => s.execute('return document.querySelectorAll(arguments[0]).length', [css]);

/** axe over the page as it is: no violation of WCAG 2.2 A/AA. */
async function clean(where) {
  const v = await axeViolations(s);
  assert.deepEqual(v, [], `${where}: WCAG 2.2 A/AA violations`);
}

/** The Games screen's start with its list of games to resume (asked for anew when the screen
 *  opens: on a busy machine the answer to the list asked on closing a game may come late). */
async function startWithGames() {
  // the screen resumes the latest unfinished game once it has looked it up: close it
  for (let i = 0; i < 100 && !(await count('[data-testid="og-start"]')); i++) {
    if (await count('[data-testid="og-close"]')) await click('og-close');
    else await sleep(100);
  }
  await s.waitFor('[data-testid="og-start"]');
  for (let i = 0; i < 50 && !(await count('[data-testid="og-resume-kc"]')); i++) await sleep(100);
  if (!(await count('[data-testid="og-resume-kc"]'))) {
    await go(s, 'table');
    await go(s, 'games');
    if (await count('[data-testid="og-close"]')) await click('og-close');
    await s.waitFor('[data-testid="og-resume-kc"]');
  }
}

async function setTheme(theme) {
  await go(s, 'settings');
  await setValue(s, '[data-testid="settings-theme"]', theme);
  for (let i = 0; i < 50 && (await s.execute('return document.documentElement.dataset.theme')) !== theme; i++) await sleep(100);
  assert.equal(await s.execute('return document.documentElement.dataset.theme'), theme);
}

/** The player whose turn it is enters `typed` and picks suggestion `id`. */
async function play(seat, typed, id) {
  await typeInto(s, '[data-testid="card-entry"]', typed);
  await click(`suggestion-${id}`);
  await s.waitFor(`[data-testid="card-${seat}-${id}"]`);
}

test('a Blue Moon game and one game of each other kind to look at', async () => {
  await resize(s, 1280, 800);
  await go(s, 'table');
  await s.type(await s.waitFor('[data-testid="new-a"]'), 'Ann');
  await s.type(await s.find('[data-testid="new-b"]'), 'Ben');
  await click('new-start');
  await s.waitFor('[data-testid="turn-A"]');
  // the names a screen reader reads for the dragons: where each one is, in words
  const spoken = () =>
    s.execute(`return ['A', 'centre', 'B'].map((p) => document.querySelector('[data-testid="dragons-' + p + '"]').textContent.replace(/\\s+/g, ' ').trim())`);
  const [a, centre, b] = await spoken();
  assert.match(a, /^Ann: (no dragon|\d dragons? \(.+\))$/, a);
  assert.match(centre, /^centre: \d dragons? \(.+\)$/, centre);
  assert.match(b, /^Ben: (no dragon|\d dragons? \(.+\))$/, b);
  assert.equal(
    await s.execute('return document.querySelector(\'[data-testid="dragons-A"] .dragons\').getAttribute("aria-hidden")'),
    'true',
    'the coloured shapes are not read, the words are',
  );
  await play('A', 'V10', 'vulca-10');
  await click('choose-fire');
  await s.waitFor('[data-testid="contested"]');
  // a total's name keeps every visible word ("needs at least 4") and adds what a tap does
  const totalName = await s.execute(
    `const b = document.querySelector('[data-testid="total-B-fire"]');
     return { label: b.getAttribute('aria-label'), text: b.textContent.replace(/\\s+/g, ' ').trim(), visible: b.innerText.replace(/\\s+/g, ' ').trim() };`,
  );
  assert.equal(totalName.label, null, 'no aria-label replaces what the total shows');
  assert.match(totalName.text, /^Ben Fire 0 needs at least \d+ — Why\?$/, JSON.stringify(totalName));
  assert.ok(totalName.text.includes(totalName.visible.replace(/ — Why\?$/, '')), `the visible words are in the name: ${JSON.stringify(totalName)}`);

  await go(s, 'games');
  for (const [kind, pa, pb] of [['whi', 'Ann', 'Ben'], ['stccg', 'Kirk', 'Picard'], ['kc', 'Wei', 'Lin']]) {
    if (await count('[data-testid="og-close"]')) await click('og-close');
    await s.waitFor('[data-testid="og-start"]');
    await setValue(s, '[data-testid="og-kind"]', kind);
    await typeInto(s, '[data-testid="og-player-a"]', pa);
    await typeInto(s, '[data-testid="og-player-b"]', pb);
    await click('og-new-start');
    await s.waitFor('[data-testid="og-table"]');
  }
});

for (const [w, h] of [[360, 740], [1280, 800]]) {
  for (const lang of ['en', 'de']) {
    for (const theme of ['dark', 'light']) {
      test(`axe: every screen and sheet of the table and the games, ${w}x${h}, ${lang}, ${theme}`, async () => {
        await resize(s, w, h);
        await setLanguage(s, lang);
        await setTheme(theme);
        const at = `${w}x${h} ${lang} ${theme}`;

        await go(s, 'table');
        await s.waitFor('[data-testid="contested"]');
        await clean(`${at} table, a fight`);
        // on a desktop the rulings and effects are panels beside the table (checked above)
        const sheets = [
          ['open-rulings', 'sheet-rulings'],
          ['open-effects', 'sheet-effects'],
          ['total-A-fire', 'sheet-why'],
          ['card-A-vulca-10', 'sheet-card'],
          ['open-more', 'sheet-more'],
        ].filter(([opener]) => w < 900 || !opener.startsWith('open-r') && opener !== 'open-effects');
        for (const [opener, sheet] of sheets) {
          await click(opener);
          await s.waitFor(`[data-testid="${sheet}"].open`);
          await clean(`${at} table, ${sheet}`);
          if (w === 360) await shot(s, `a11y-${sheet}-${w}-${lang}-${theme}`);
          await click(`${sheet}-close`);
          await waitGone(`[data-testid="${sheet}"].open`);
        }
        // a refusal shown at the table (Next turn with no new character): Ben to play
        await click('pass');
        await s.waitFor('[data-testid="turn-B"]');
        await click('pass');
        await s.waitFor('[data-testid="flow-error"]');
        await clean(`${at} table, a refusal`);
        await click('flow-error-dismiss');
        // the suggestions open
        await typeInto(s, '[data-testid="card-entry"]', 'Ho');
        await s.waitFor('[data-testid="suggestions"] [role="option"]');
        await clean(`${at} table, the suggestions`);
        await s.type(await s.find('[data-testid="card-entry"]'), KEY.ESCAPE);
        await s.cmd('POST', `/element/${await s.find('[data-testid="card-entry"]')}/clear`, {});
        await waitGone('[data-testid="suggestions"]');
        // back to Ann's turn for the next round (undo the pass)
        await click('table-undo');
        await s.waitFor('[data-testid="turn-A"]');
        // the new-game form, from More
        await click('open-more');
        await click('new-game-open');
        await s.waitFor('[data-testid="new-game"]');
        await clean(`${at} table, the new-game form`);
        await click('new-cancel');
        await s.waitFor('[data-testid="contested"]');

        await go(s, 'games');
        await startWithGames();
        await clean(`${at} games, the start`);
        for (const kind of ['whi', 'stccg', 'kc']) {
          await startWithGames();
          await click(`og-resume-${kind}`);
          await s.waitFor('[data-testid="og-table"]');
          await clean(`${at} games, ${kind}`);
          if (w === 360 && theme === 'dark') await shot(s, `a11y-og-${kind}-${w}-${lang}`);
          await click('og-close');
          await s.waitFor('[data-testid="og-start"]');
        }
      });
    }
  }
}

test('a fight by keyboard alone: where the focus goes when a sheet opens and closes', async () => {
  await resize(s, 1280, 800);
  await setLanguage(s, 'en');
  await setTheme('dark');
  await go(s, 'table');
  await s.waitFor('[data-testid="turn-A"]');
  const focused = () => s.focused();
  // Escape leaves the empty card entry, and N then ends Ann's turn (nothing typed into it)
  await s.execute("document.getElementById('card-entry').focus()");
  await s.press(KEY.ESCAPE);
  assert.notEqual(await focused(), 'card-entry', 'Escape leaves the empty card entry');
  await s.press('n');
  await s.waitFor('[data-testid="turn-B"]');
  // "/" goes to the card entry; Ben enters a card with the keyboard only
  await s.execute('document.activeElement && document.activeElement.blur()');
  await s.press('/');
  for (let i = 0; i < 30 && (await focused()) !== 'card-entry'; i++) await sleep(100);
  assert.equal(await focused(), 'card-entry');
  await s.press('H04');
  await s.waitFor('[data-testid="suggestion-hoax-04"]');
  // the highlighted suggestion is the input's active descendant
  const active = await s.execute(
    `const i = document.getElementById('card-entry'); const id = i.getAttribute('aria-activedescendant');
     return id && document.getElementById(id) && document.getElementById(id).getAttribute('aria-selected');`,
  );
  assert.equal(active, 'true', 'aria-activedescendant names the highlighted option');
  await s.press(KEY.ENTER);
  await s.waitFor('[data-testid="card-B-hoax-04"]');
  for (let i = 0; i < 30 && (await focused()) !== 'card-entry'; i++) await sleep(100);
  assert.equal(await focused(), 'card-entry', 'the focus returns to the entry after a card');
  // More opened with Enter: the focus goes into its sheet; Escape gives it back to More
  await s.execute('document.querySelector(\'[data-testid="open-more"]\').focus()');
  await s.press(KEY.ENTER);
  await s.waitFor('[data-testid="sheet-more"].open');
  for (let i = 0; i < 30 && (await focused()) !== 'sheet-more-close'; i++) await sleep(100);
  assert.equal(await focused(), 'sheet-more-close', 'opening a sheet takes the focus into it');
  await s.press(KEY.ESCAPE);
  await waitGone('[data-testid="sheet-more"].open');
  for (let i = 0; i < 30 && (await focused()) !== 'open-more'; i++) await sleep(100);
  assert.equal(await focused(), 'open-more', 'Escape gives the focus back to the button that opened the sheet');
  // on a phone the Effects sheet holds the focus: Tab stays inside it; Escape gives it back
  await resize(s, 360, 740);
  await s.execute('document.querySelector(\'[data-testid="open-effects"]\').focus()');
  await s.press(KEY.ENTER);
  await s.waitFor('[data-testid="sheet-effects"].open');
  for (let i = 0; i < 30 && (await focused()) !== 'sheet-effects-close'; i++) await sleep(100);
  assert.equal(await focused(), 'sheet-effects-close');
  for (let i = 0; i < 6; i++) {
    await s.press(KEY.TAB);
    const inside = await s.execute('return document.querySelector(\'[data-testid="sheet-effects"]\').contains(document.activeElement)');
    assert.ok(inside, `Tab ${i + 1} stays inside the open sheet (on ${await focused()})`);
  }
  await s.press(KEY.ESCAPE);
  await waitGone('[data-testid="sheet-effects"].open');
  for (let i = 0; i < 30 && (await focused()) !== 'open-effects'; i++) await sleep(100);
  assert.equal(await focused(), 'open-effects');
  // Alt+N from inside the entry ends Ben's turn; nothing is typed into it
  await resize(s, 1280, 800);
  await s.execute("document.getElementById('card-entry').focus()");
  await s.press('n', [KEY.ALT]);
  await s.waitFor('[data-testid="turn-A"]');
  assert.equal(await s.execute("return document.getElementById('card-entry').value"), '');
});

// 200 % zoom of 1280×1120 is 640×560 (the window may be as low as 400 px: see table.test.mjs for 640×400)
test('large text: at 640×560 (200 % zoom) and 360×560 no card in play is cut or hidden', async () => {
  await go(s, 'table');
  await s.waitFor('[data-testid="dragon-track"]');
  for (const [w, h] of [[640, 560], [360, 560]]) {
    await resize(s, w, h);
    const m = await s.execute(`
      const out = [];
      for (const seat of ['A', 'B']) {
        const ul = document.querySelector('[data-testid="cards-' + seat + '"]');
        const u = ul.getBoundingClientRect();
        const half = document.querySelector('[data-testid="side-' + seat + '"]').getBoundingClientRect();
        let hidden = 0;
        for (const chip of ul.querySelectorAll('.chip')) {
          const r = chip.getBoundingClientRect();
          const inList = r.top >= u.top - 1 && r.bottom <= u.bottom + 1 && r.left >= u.left - 1 && r.right <= u.right + 1;
          const inHalf = r.top >= half.top - 1 && r.bottom <= half.bottom + 1;
          const shown = getComputedStyle(chip).visibility !== 'hidden' && r.height >= 1;
          // a chip on screen is whole; one out of view is not drawn at all, and counted
          if (shown && !(inList && inHalf)) out.push(seat + ': "' + chip.textContent.trim() + '" is cut');
          if (!shown || !(inList && inHalf)) hidden++;
        }
        const more = document.querySelector('[data-testid="more-cards-' + seat + '"]');
        const counted = more ? Number(more.textContent.replace(/\\D/g, '')) : 0;
        if (hidden !== counted) out.push(seat + ': ' + hidden + ' chip(s) cut or hidden, ' + counted + ' counted');
        if (more) {
          const r = more.getBoundingClientRect();
          if (r.height < 1 || r.bottom > half.bottom + 1 || r.top < half.top - 1) out.push(seat + ': the count is out of its half');
        }
      }
      return out;`);
    assert.deepEqual(m, [], `${w}x${h}: every card shown whole or counted`);
    await shot(s, `a11y-zoom-${w}x${h}`);
  }
  await resize(s, 1280, 800);
});

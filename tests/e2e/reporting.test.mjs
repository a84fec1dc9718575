// End-to-end: players report their results from their phones while the organiser watches the
// event page (issue #22). The real app creates an event of four and pairs round 1; the
// organiser opens reporting on 127.0.0.1 (typed as another address: tests use loopback only)
// and sees the address and its QR code; the players' codes come from the printed slips; two
// "phones" (HTTP requests from this test, with the page's own headers) report table 1 in
// agreement and table 2 in dispute; the event page shows both live; the app's own window, at
// 360x740, is a player's phone for a moment (the page in German, then English, screenshots
// reporting-phone-de/en); the organiser lets table 2 report again and stops reporting, after
// which the port is closed. Run by scripts/e2e.
// Nothing here depends on the UI language (another file of the run may have switched it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phoneAt } from './phone.mjs';
import { appSession, axeViolations, go as goTo, painted, resize } from './harness.mjs';

const eventName = `E2E Phones ${Date.now()}`;
const players = ['Phone Anna', 'Phone Ben', 'Phone Cleo', 'Phone Dan'];
// a port of 127.0.0.1 unlikely to be taken by another run on this machine
const PORT = 20000 + (Date.now() % 20000);
const HOST = `127.0.0.1:${PORT}`;
// each table's two players with their codes, from the printed slips
let tables = [];
const { s, shot, typeInto, setValue } = appSession();

/** One request to the reporting server as a phone's page sends it; the status and JSON. */
const phone = phoneAt(PORT);

test('an event of four with round 1 paired', async () => {
  await goTo(s, 'matches');
  await s.click(await s.waitFor('[data-testid="matches-tab-tournaments"]'));
  await typeInto('[data-testid="event-new-name"]', eventName);
  await setValue('[data-testid="event-new-date"]', '2026-11-26');
  await typeInto('[data-testid="event-new-rounds"]', '3');
  await s.click(await s.find('[data-testid="event-new-create"]'));
  await s.waitFor('[data-testid="event-name"]', { pred: (t) => t === eventName });
  for (const [i, name] of players.entries()) {
    await typeInto('[data-testid="reg-player"]', name);
    await s.click(await s.find('[data-testid="reg-add"]'));
    await s.waitFor(`[data-testid="entrant-${i + 1}"]`, { pred: (t) => t.includes(name) });
  }
  // before round 1 each registration can be corrected or removed
  await s.waitFor('[data-testid="fix-4"]');
  await s.execute(`document.querySelector('[data-testid="entrants"]').scrollIntoView({ block: 'center' })`);
  await shot('event-registrations');
  // a people is checked as the table checks it, and the refusal stays at the form
  await s.click(await s.find('[data-testid="fix-4"]'));
  await typeInto('[data-testid="edit-4-people"]', 'Vulka');
  await s.click(await s.find('[data-testid="edit-4-save"]'));
  await s.waitFor('[data-testid="edit-4-problem"]', { pred: (t) => t.includes('Vulka') && t.endsWith('Vulca?') });
  await shot('event-registration-refused');
  await s.click(await s.find('[data-testid="edit-4-cancel"]'));
  await s.waitFor('[data-testid="fix-4"]');
  // registering keeps the focus in the form below; bring the pair button back into view
  const pair = await s.waitFor('[data-testid="event-pair"]');
  await s.execute(`document.querySelector('[data-testid="event-pair"]').scrollIntoView({ block: 'center' })`);
  await painted(s);
  await s.click(pair);
  await s.waitFor('[data-testid="round-1"]');
});

test('the organiser opens reporting and sees the address and its QR code', async () => {
  await s.waitFor('[data-testid="reporting"]');
  // on a phone (360×740) the checkbox "accept reports by the organiser" is a whole line to tap,
  // at least 44 px high, with its box large enough to see
  await resize(s, 360, 740);
  await s.execute(`document.querySelector('[data-testid="reporting-by-organiser"]').scrollIntoView({ block: 'center' })`);
  await painted(s);
  const check = await s.execute(`const box = document.querySelector('[data-testid="reporting-by-organiser"]');
    const line = box.closest('label').getBoundingClientRect();
    const r = box.getBoundingClientRect();
    return { line: [line.width, line.height], box: [r.width, r.height], font: parseFloat(getComputedStyle(box.closest('label')).fontSize),
      wide: document.documentElement.scrollWidth - window.innerWidth }`);
  assert.ok(check.line[0] >= 44 && check.line[1] >= 44, `the checkbox's line is ${check.line.join('×')} px`);
  assert.ok(check.box[0] >= 24 && check.box[1] >= 24, `the checkbox is ${check.box.join('×')} px`);
  assert.ok(check.font >= 14, `its words are ${check.font} px`);
  assert.equal(check.wide, 0, 'nothing wider than the phone');
  await shot('reporting-checkbox-360');
  await resize(s, 1280, 800);
  await setValue('[data-testid="reporting-network"]', 'other');
  await typeInto('[data-testid="reporting-other-ip"]', '127.0.0.1');
  await typeInto('[data-testid="reporting-port"]', String(PORT));
  await s.click(await s.find('[data-testid="reporting-start"]'));
  await s.waitFor('[data-testid="reporting-url"]', { pred: (t) => t.trim() === `http://${HOST}/` });
  const qr = await s.attr(await s.find('[data-testid="reporting-qr"]'), 'src');
  assert.ok(qr.startsWith('data:image/svg+xml;base64,'), qr.slice(0, 40));
  const page = await phone('GET', '/');
  assert.equal(page.status, 200);
  assert.ok(page.text.startsWith('<!doctype html>'));
  await shot('reporting-open');
});

/** Each table's two players with their codes, as printed on the slips. */
async function slipCodes() {
  await s.click(await s.find('[data-testid="event-print"]'));
  await s.waitFor('[data-testid^="slip-code-"]', { pred: (t) => /\w{4}-\w{4}-\w{4}/.test(t) });
  const slips = await s.execute(
    `return [...document.querySelectorAll('[data-testid^="slip-"]')]
       .filter((el) => /^slip-\\d+$/.test(el.dataset.testid))
       .map((slip) => [...slip.querySelectorAll('tbody tr')].map((tr) => ({
         name: tr.querySelector('.who').textContent.trim(),
         code: tr.querySelector('.code span').textContent.trim(),
       })));`,
  );
  await shot('reporting-slips');
  await s.click(await s.find('[data-testid="print-close"]'));
  return slips;
}

test('two phones per table report; the event page shows agreement and dispute live', async () => {
  tables = await slipCodes();
  const [t1, t2] = tables;
  assert.equal(t1.length, 2);
  assert.equal(t2.length, 2);
  // table 1 agrees, table 2 both claim the win
  const seat = await phone('GET', `/api/seat?code=${encodeURIComponent(t1[0].code)}`);
  assert.equal(seat.status, 200);
  assert.equal(seat.json.opponent, t1[1].name);
  assert.equal((await phone('POST', '/api/report', { code: t1[0].code, result: 'won', crystals: [5, 2] })).status, 200);
  const agreed = await phone('POST', '/api/report', { code: t1[1].code, result: 'lost', crystals: [2, 5] });
  assert.equal(agreed.json.state, 'final');
  // how long until the organiser's screen shows it: within one poll (3 s) and its round trip
  const reportedAt = Date.now();
  await s.waitFor('[data-testid="reporting-table-1"].state-final');
  const shownAfter = Date.now() - reportedAt;
  console.log(`[e2e] report to the organiser's screen: ${shownAfter} ms`);
  assert.ok(shownAfter <= 4500, `shown ${shownAfter} ms after the report (the poll is 3 s)`);
  assert.equal((await phone('POST', '/api/report', { code: t2[0].code, result: 'won', crystals: [5, 1] })).status, 200);
  const disputed = await phone('POST', '/api/report', { code: t2[1].code, result: 'won', crystals: [5, 3] });
  assert.equal(disputed.json.state, 'disputed');
  // a wrong code is refused
  assert.equal((await phone('POST', '/api/report', { code: 'ZZZZ-ZZZZ-ZZZZ', result: 'won', crystals: [5, 0] })).status, 404);

  // the event page (polling every 3 s) shows both tables, and table 1's result in the round
  await s.waitFor('[data-testid="reporting-table-1"].state-final');
  await s.waitFor('[data-testid="reporting-table-2"].state-disputed');
  await s.waitFor('[data-testid="round-missing-1"]', { pred: (t) => t.includes('1') });
  await s.execute(`document.querySelector('[data-testid="reporting"]').scrollIntoView()`);
  await shot('reporting-live');
  // the report log: each phone's report with its address, newest first
  await s.click(await s.find('[data-testid="reporting-log-toggle"]'));
  await s.waitFor('[data-testid="reporting-log-row"]');
  const rows = await s.execute(
    `return [...document.querySelectorAll('[data-testid="reporting-log-row"]')].map((r) => r.textContent);`,
  );
  assert.ok(rows.length >= 5, rows.join('\n'));
  assert.ok(rows.some((r) => r.includes(t2[1].name) && r.includes('127.0.0.1')), rows.join('\n'));
  await s.execute(`document.querySelector('[data-testid="reporting-log"]').scrollIntoView()`);
  await shot('reporting-log');
});

test("a player's phone page at 360x740, in German and in English", async () => {
  // the app's own window is the phone's browser for a moment: it loads the page from the
  // reporting server (as a phone on the hall's Wi-Fi would), then comes back to the event
  const app = await s.execute('return location.href');
  await resize(s, 360, 740);
  const open = async (code, lang) => {
    await s.cmd('POST', '/url', { url: `http://${HOST}/?code=${encodeURIComponent(code)}&lang=${lang}` });
    return s.waitFor('#status', { pred: (t) => t.trim() !== '' });
  };
  // table 2 is disputed: its player sees so and can change their report
  const status = await open(tables[1][0].code, 'de');
  assert.match(await s.text(status), /weichen ab. Prüfe sie oder geh zur Turnierleitung/);
  assert.equal(await s.attr(status, 'class'), 'disputed', 'a dispute is shown red');
  assert.match(await s.text(await s.find('#where')), /Runde\s1 · Tisch\s2/);
  assert.equal(await s.text(await s.find('#won')), 'Ich habe gewonnen');
  const overflow = await s.execute('return document.documentElement.scrollWidth - window.innerWidth');
  assert.equal(overflow, 0, 'nothing wider than the phone');
  // measured: every control a thumb hits is at least 44×44 px, the counts are large, and each
  // stepper says whose count it changes
  const boxes = await s.execute(`return ['won', 'lost', 'mine-minus', 'mine-plus', 'theirs-minus', 'theirs-plus', 'send'].map((id) => {
      const el = document.getElementById(id);
      const r = el.getBoundingClientRect();
      return { id, w: r.width, h: r.height, font: parseFloat(getComputedStyle(el).fontSize), name: el.getAttribute('aria-label') || el.textContent.trim() };
    })`);
  for (const b of boxes) {
    assert.ok(b.w >= 44 && b.h >= 44, `${b.id} is ${b.w}×${b.h} px`);
    assert.ok(b.font >= 16, `${b.id} is set in ${b.font} px`);
  }
  const theirs = await s.text(await s.find('#theirs-label'));
  assert.match(theirs, /^Kristalle von Phone \w+$/);
  assert.deepEqual(
    boxes.filter((b) => b.id.includes('-')).map((b) => b.name),
    ['Meine Kristalle: einer weniger', 'Meine Kristalle: einer mehr', `${theirs}: einer weniger`, `${theirs}: einer mehr`],
  );
  const counts = await s.execute(`return ['mine', 'theirs'].map((id) => {
      const el = document.getElementById(id);
      return { size: parseFloat(getComputedStyle(el).fontSize), label: el.labels && el.labels[0] ? el.labels[0].textContent : '' };
    })`);
  for (const c of counts) assert.ok(c.size >= 24 && c.label !== '', `a count is ${c.size} px, labelled "${c.label}"`);
  assert.deepEqual(await axeViolations(s), [], 'axe-core on the phone page (German)');
  await shot('reporting-phone-de');
  // table 1 is final in English
  await open(tables[0][1].code, 'en');
  assert.match(await s.text(await s.find('#where')), /Round\s1 · Table\s1/);
  assert.deepEqual(await axeViolations(s), [], 'axe-core on the phone page (English)');
  await shot('reporting-phone-en');
  await s.cmd('POST', '/url', { url: app });
  await s.waitFor('[data-testid="brand"]', { timeoutMs: 30_000 });
  await resize(s, 1280, 800);
  await goTo(s, 'matches');
  await s.click(await s.waitFor('[data-testid="matches-tab-tournaments"]'));
  const events = await s.execute(
    `return [...document.querySelectorAll('[data-testid^="event-open-"]')]
       .filter((b) => b.textContent.includes(${JSON.stringify(eventName)}))
       .map((b) => b.dataset.testid);`,
  );
  await s.click(await s.find(`[data-testid="${events[0]}"]`));
  await s.waitFor('[data-testid="event-name"]', { pred: (t) => t === eventName });
});

test('the organiser lets table 2 report again, then stops reporting', async () => {
  await s.click(await s.find('[data-testid="reporting-reset-2"]'));
  await s.waitFor('[data-testid="reporting-table-2"].state-nobody');
  await s.click(await s.find('[data-testid="reporting-stop"]'));
  await s.waitFor('[data-testid="reporting-start"]');
  await assert.rejects(phone('GET', '/'), 'the port is closed once reporting stops');
  await s.waitFor('[data-testid="reporting-stopped"]', { pred: (t) => t.includes('you closed it') });
  await shot('reporting-stopped');
});

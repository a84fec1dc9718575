// Layout checks shared by the end-to-end files, measured in the page: the screen fits the
// window (no sideways scrolling; during a fight no scrolling at all), every visible control is
// at least 44×44 px, and no text on screen shows an internal id (`vulca-24`) or a seat letter
// where a player's name belongs.

/** What the page measures; `inside` lists test ids that must lie wholly inside the viewport. */
export function measure(s, inside = []) {
  return s.execute(
    `const inside = arguments[0];
     const vw = window.innerWidth, vh = window.innerHeight;
     const doc = document.documentElement;
     const main = document.querySelector('main');
     const visible = (e) => {
       const r = e.getBoundingClientRect();
       if (r.width === 0 || r.height === 0) return false;
       const st = getComputedStyle(e);
       return st.visibility !== 'hidden' && st.display !== 'none';
     };
     const small = [];
     for (const e of document.querySelectorAll('button, input, select, summary, a[href], [role="option"]')) {
       if (!visible(e)) continue;
       // a checkbox's target is its label (the whole line is tappable)
       const box = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') ? e.closest('label') : e;
       const r = box.getBoundingClientRect();
       if (r.width < 43.5 || r.height < 43.5) {
         small.push((e.dataset.testid || e.tagName.toLowerCase() + ':' + (e.textContent || e.value || '').trim().slice(0, 30)) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
       }
     }
     const outside = [];
     for (const id of inside) {
       const e = document.querySelector('[data-testid="' + id + '"]');
       if (!e) { outside.push(id + ' missing'); continue; }
       const r = e.getBoundingClientRect();
       if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5) {
         outside.push(id + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
       }
     }
     const text = document.body.innerText;
     const ids = text.match(/\\b[a-z]+(?:-[a-z]+)*-\\d+\\b/g) || [];
     // a seat letter standing where a player's name belongs ("A", "→ B)", "B:")
     const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
     for (let n = walker.nextNode(); n; n = walker.nextNode()) {
       const t = n.textContent.trim();
       if (/^(?:→ )?[AB]\\)?:?$/.test(t) && n.parentElement && visible(n.parentElement)) ids.push('seat ' + t);
     }
     return {
       vw, vh,
       scrollH: doc.scrollHeight, scrollW: doc.scrollWidth,
       mainScrollW: main ? main.scrollWidth : 0, mainW: main ? main.clientWidth : 0,
       small, outside, ids,
     };`,
    [inside],
  );
}

/** Asserts `m` (from measure) is a screen that fits: `fight` adds "no vertical scrolling". */
export function assertFits(assert, m, where, { fight = false } = {}) {
  assert.ok(m.scrollW <= m.vw, `${where}: page ${m.scrollW} px wide in a ${m.vw} px window`);
  assert.ok(m.mainScrollW <= m.mainW + 1, `${where}: screen content ${m.mainScrollW} px wide in ${m.mainW} px`);
  if (fight) assert.ok(m.scrollH <= m.vh, `${where}: page ${m.scrollH} px high in a ${m.vh} px window`);
  assert.deepEqual(m.outside, [], `${where}: outside the viewport`);
  assert.deepEqual(m.small, [], `${where}: controls under 44 px`);
  assert.deepEqual(m.ids, [], `${where}: internal ids on screen`);
}

/** The box of `sel` (a test id, or a CSS selector starting with `[` or `.`) on the screen:
 *  [left, top, right, bottom], or null when there is none. */
export function boxOf(s, sel) {
  return s.execute(
    `const e = document.querySelector(arguments[0]); if (!e) return null;
     const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];`,
    [sel.startsWith('[') || sel.startsWith('.') ? sel : `[data-testid="${sel}"]`],
  );
}

/** Whether two boxes (from boxOf) overlap by more than half a pixel; a missing box overlaps nothing. */
export const overlaps = (a, b) => !!a && !!b && a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;

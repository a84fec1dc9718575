// A small W3C WebDriver client (classic protocol; WebKitWebDriver has no BiDi) over Node's
// fetch. Enough for Tablemate's end-to-end tests: sessions, elements, clicks, keys, text and
// waiting; screenshots are read from the X display (capture.mjs). Every request has a timeout
// so a stuck driver fails the test with a message instead of hanging.

import { captureScreen } from './capture.mjs';

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** WebDriver's codes for keys that are not characters. */
export const KEY = { ALT: '\uE00A', TAB: '\uE004', ENTER: '\uE007', ESCAPE: '\uE00C', CONTROL: '\uE009', SHIFT: '\uE008', DOWN: '\uE015', UP: '\uE013' };

export class WebDriverError extends Error {}

export class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  static async start(base, capabilities, timeoutMs = 90_000) {
    const res = await request(base, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } }, timeoutMs);
    return new Session(base, res.sessionId);
  }

  cmd(method, path, body, timeoutMs) {
    return request(this.base, method, `/session/${this.id}${path}`, body, timeoutMs);
  }

  async end() {
    try {
      await this.cmd('DELETE', '', undefined, 15_000);
    } catch {
      // the app may already be gone; nothing to clean up then
    }
  }

  async find(css) {
    const el = await this.search('/element', css);
    return el[ELEMENT];
  }

  async findAll(css) {
    const els = await this.search('/elements', css);
    return els.map((e) => e[ELEMENT]);
  }

  /** A search by `css`, asked again (up to 3 times) when WebKitWebDriver says an element it
   *  found went stale before it could hand it over: the page changed during the search (a
   *  sheet closing), so the answer is the next search's, not an error. */
  async search(path, css) {
    for (let i = 0; ; i++) {
      try {
        return await this.cmd('POST', path, { using: 'css selector', value: css });
      } catch (e) {
        if (i >= 2 || !String(e.message).includes('stale element reference')) throw e;
      }
    }
  }

  /** Waits until `css` matches an element (and `pred(text)` holds, if given); returns its id. */
  async waitFor(css, { timeoutMs = 15_000, pred } = {}) {
    const until = Date.now() + timeoutMs;
    let last = 'not found';
    while (Date.now() < until) {
      try {
        const id = await this.find(css);
        if (!pred) return id;
        const text = await this.text(id);
        if (pred(text)) return id;
        last = `text was ${JSON.stringify(text)}`;
      } catch (e) {
        last = e.message;
      }
      await sleep(100);
    }
    throw new WebDriverError(`timed out waiting for ${css}: ${last}`);
  }

  text(id) {
    return this.cmd('GET', `/element/${id}/text`);
  }

  attr(id, name) {
    return this.cmd('GET', `/element/${id}/attribute/${name}`);
  }

  click(id) {
    return this.cmd('POST', `/element/${id}/click`, {});
  }

  type(id, text) {
    return this.cmd('POST', `/element/${id}/value`, { text });
  }

  /**
   * Presses keys on whatever has the focus, as a person at a keyboard: `text` key by key, with
   * `modifiers` (e.g. [KEY.CONTROL]) held down around it. No element is targeted.
   */
  async press(text, modifiers = []) {
    const actions = [];
    for (const m of modifiers) actions.push({ type: 'keyDown', value: m });
    for (const ch of text) actions.push({ type: 'keyDown', value: ch }, { type: 'keyUp', value: ch });
    for (const m of [...modifiers].reverse()) actions.push({ type: 'keyUp', value: m });
    await this.cmd('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
    await this.cmd('DELETE', '/actions');
  }

  /** The `data-testid` of the focused element (null if it has none). */
  focused() {
    return this.execute('const e = document.activeElement; return (e && e.dataset && e.dataset.testid) || null');
  }

  execute(script, args = []) {
    return this.cmd('POST', '/execute/sync', { script, args });
  }

  title() {
    return this.cmd('GET', '/title');
  }

  /** What the window shows, as PNG bytes: read from the X display (capture.mjs), not through
   *  WebDriver's screenshot command, which hangs once the window has grown when WebKit paints
   *  without its compositor (as the app does). */
  async screenshot() {
    return captureScreen(await this.cmd('GET', '/window/rect'));
  }

  setWindowRect(rect) {
    return this.cmd('POST', '/window/rect', rect);
  }
}

async function request(base, method, path, body, timeoutMs = 20_000) {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  let res;
  try {
    res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: ctrl.signal,
    });
  } catch (e) {
    throw new WebDriverError(
      `${method} ${path}: no answer from the WebDriver server at ${base} within ${timeoutMs} ms (${e.message})`,
    );
  } finally {
    clearTimeout(timer);
  }
  const json = await res.json().catch(() => ({}));
  if (!res.ok || (json.value && json.value.error)) {
    const v = json.value || {};
    throw new WebDriverError(`${method} ${path}: ${v.error || res.status}: ${v.message || ''}`);
  }
  return json.value;
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

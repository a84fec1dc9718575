import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { api, inApp } from './lib/api';
import { applyFont, bootState } from './lib/device/boot';
import { legacyPrefs, moveLegacy, usePrefs, withLegacy } from './lib/device/prefs.svelte';
import { afterFirstPaint, holdUntilPainted } from './lib/firstPaint';
import { perf } from './lib/table/perf';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

perf('bootScript');
// what the first screen does not need waits for its first paint (lib/firstPaint.ts)
const painted = holdUntilPainted();
// the font stack this system paints fastest, the same font (lib/device/boot.ts)
applyFont();
// Rust handed the first screen's data to the page (lib/device/boot.ts): mounted at once with it.
bootState().then((boot) => {
  if (boot) {
    if (boot.prefs_moved) usePrefs(boot.prefs);
    else {
      // the first start after localStorage: painted with what it held, moved over once
      const legacy = legacyPrefs();
      usePrefs(withLegacy(boot.prefs, legacy));
      if (inApp()) void afterFirstPaint().then(() => moveLegacy(legacy));
    }
  }
  mount(App, { target, props: { boot } });
  perf('bootMounted');
  // the first task after the mount: the mount's effects have run (the start-up figures say
  // whether the time before the first frame is the page's script or WebKit's painting)
  setTimeout(() => perf('bootTask'), 0);
  // the first frame is painted: in the task after the frame that shows the Table, what the
  // first screen did not need loads (the rulings index in Rust, the page's own commands)
  requestAnimationFrame(() => {
    perf('bootFrame');
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (inApp()) api.appReady().catch(() => undefined);
        painted();
      }, 0),
    );
  });
});

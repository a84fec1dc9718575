import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { api, inApp } from './lib/api';
import { applyFont, bootState } from './lib/device/boot';
import { legacyPrefs, moveLegacy, usePrefs, withLegacy } from './lib/device/prefs.svelte';
import { perf } from './lib/table/perf';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

perf('bootScript');
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
      if (inApp()) void moveLegacy(legacy);
    }
  }
  mount(App, { target, props: { boot } });
  perf('bootMounted');
  // the first task after the mount: the mount's effects have run (the start-up figures say
  // whether the time before the first frame is the page's script or WebKit's painting)
  setTimeout(() => perf('bootTask'), 0);
  // the first frame is painted: what the first screen did not need loads now (the rulings index)
  requestAnimationFrame(() => {
    perf('bootFrame');
    requestAnimationFrame(() => {
      if (inApp()) api.appReady().catch(() => undefined);
    });
  });
});

// What the first screen needs, computed by Rust before the window was built and given to the
// page with it (Tauri's initialization script sets `window.__TABLEMATE_BOOT__`, src-tauri/src/
// lib.rs): the settings, this device's preferences, the game in progress, the notices. So the
// Table is painted with the page, without a call back first. A reloaded page asks again
// (`boot_state`): the game may have moved on since the window was built.
import { api, inApp } from '../api';
import type { BootState } from '../bindings/BootState';

declare global {
  interface Window {
    __TABLEMATE_BOOT__?: BootState | null;
  }
}

function reloaded(): boolean {
  const nav = globalThis.performance?.getEntriesByType?.('navigation')?.[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'reload';
}

/** The boot state: the window's, or asked for after a reload; null outside the app. */
export async function bootState(): Promise<BootState | null> {
  const given = typeof window === 'undefined' ? null : (window.__TABLEMATE_BOOT__ ?? null);
  if (given && !reloaded()) return given;
  if (!inApp()) return given;
  try {
    return await api.bootState();
  } catch {
    return given;
  }
}

declare global {
  interface Window {
    /** The font stack Rust chose for this system, when not the stylesheet's (src-tauri/src/startup.rs). */
    __TABLEMATE_FONT__?: string;
  }
}

/** Puts the font stack Rust chose in place of the stylesheet's `system-ui, sans-serif` (the
 *  same font on this system, without WebKitGTK's look-ups of a `system-ui` font it then drops:
 *  src-tauri/src/startup.rs `font_stack`). Called before the first screen mounts. */
export function applyFont(root: HTMLElement = document.documentElement): void {
  const font = typeof window === 'undefined' ? undefined : window.__TABLEMATE_FONT__;
  if (typeof font === 'string' && font.length > 0) root.style.setProperty('--font', font);
}

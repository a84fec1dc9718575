// Typed calls into the Rust service. The payload and result types are generated from the Rust
// types (ts-rs, see ./bindings). Command names are written only here and in ./api/*.ts (the IPC
// agreement test in src-tauri/tests/ipc.rs reads them from these files and no others).
import { invoke } from '@tauri-apps/api/core';
import type { AppInfo } from './bindings/AppInfo';
import type { BootState } from './bindings/BootState';
import type { DevicePref } from './bindings/DevicePref';
import type { DevicePrefs } from './bindings/DevicePrefs';
import type { Language } from './bindings/Language';
import type { Notice } from './bindings/Notice';
import type { ServiceError } from './bindings/ServiceError';
import type { Settings } from './bindings/Settings';

/** Whether we run inside the Tauri window (and not in a plain browser or a unit test). */
export function inApp(): boolean {
  return typeof window !== 'undefined' && '__TAURI_INTERNALS__' in window;
}

/** Turns whatever a command rejected with into a ServiceError a person can read. */
export function toServiceError(e: unknown): ServiceError {
  if (e && typeof e === 'object' && 'message' in e && 'code' in e) {
    return e as ServiceError;
  }
  return { code: 'internal', message: typeof e === 'string' ? e : String(e) };
}

/** Where a screen sends a refusal that is not its form's own: the banner at the top. */
export type OnError = (e: ServiceError) => void;
/** What every screen (and most of its parts) is given: the interface language and where refusals go. */
export type ScreenProps = { lang: Language; onerror: OnError };
/** A page opened from a list (an event, a stored game): its id, and the way back to the list. */
export type PageProps = ScreenProps & { id: number; onback: () => void };

/** Runs `work` (calls of the service and what follows them); a refusal goes to `onerror`
 *  instead of rejecting, and the rest of `work` is not done. */
export async function attempt(onerror: OnError, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (e) {
    onerror(toServiceError(e));
  }
}

/** Invokes a Rust command; a rejection arrives as a ServiceError. Every `*Api` goes through it. */
export async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    throw toServiceError(e);
  }
}

export const api = {
  appInfo: () => call<AppInfo>('app_info'),
  getSettings: () => call<Settings>('get_settings'),
  setSettings: (settings: Settings) => call<Settings>('set_settings', { settings }),
  /** Notices that stay until acknowledged (a damaged file set aside, a migration, read-only data). */
  notices: () => call<Notice[]>('notices'),
  /** Acknowledges every notice; the ones left (none) come back. */
  acknowledgeNotices: () => call<Notice[]>('acknowledge_notices'),
  /** Asks the system to keep the screen on (or not); whether it holds it comes back. */
  keepAwake: (on: boolean) => call<boolean>('keep_awake', { on }),
  /** What the first screen needs, asked again (a reloaded page; the window's came with it). */
  bootState: () => call<BootState>('boot_state'),
  /** The page has painted: what the first screen did not need (the rulings index) loads now. */
  appReady: () => call<void>('app_ready'),
  /** Changes one of this device's preferences; all of them come back as stored. */
  setDevicePref: (pref: DevicePref) => call<DevicePrefs>('device_pref_set', { pref }),
  /** Moves what the window's localStorage held into the device's file, once. */
  moveDevicePrefs: (legacy: unknown) => call<DevicePrefs>('device_prefs_move', { legacy }),
};

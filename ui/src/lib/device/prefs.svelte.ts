// This device's preferences (face to face, keep awake, the last screen, each event's reporting
// address): kept by Rust in the store file device.json of the data folder (src-tauri/src/
// device.rs), handed to the page with the boot state before the first paint and changed one at
// a time through `device_pref_set`. Before that file existed they were in the window's
// localStorage: `moveLegacy` sends them over once and clears them.
import { api, inApp } from '../api';
import type { DevicePref } from '../bindings/DevicePref';
import type { DevicePrefs } from '../bindings/DevicePrefs';
import type { LegacyPrefs } from '../bindings/LegacyPrefs';
import type { ReportingAddress } from '../bindings/ReportingAddress';

export const DEFAULT_PREFS: DevicePrefs = { face_to_face: false, keep_awake: true, last_screen: 'table', reporting_addresses: {} };

/** The preferences as this window knows them (the boot state's, then each change). */
export const device = $state({ prefs: structuredClone(DEFAULT_PREFS) as DevicePrefs });

/** Starts from `prefs` (the boot state's; tests give their own). */
export function usePrefs(prefs: DevicePrefs): void {
  device.prefs = structuredClone(prefs);
}

function apply(p: DevicePrefs, change: DevicePref): DevicePrefs {
  switch (change.key) {
    case 'face_to_face':
      return { ...p, face_to_face: change.value };
    case 'keep_awake':
      return { ...p, keep_awake: change.value };
    case 'last_screen':
      return { ...p, last_screen: change.value };
    case 'reporting_address':
      return { ...p, reporting_addresses: { ...p.reporting_addresses, [String(change.value.event)]: change.value.address } };
  }
}

/** Changes one preference: at once in this window, then in the file. If it cannot be saved the
 *  choice holds for this session (it is a view preference, not worth an error at the table). */
export async function setPref(change: DevicePref): Promise<void> {
  device.prefs = apply(device.prefs, change);
  if (!inApp()) return;
  try {
    device.prefs = await api.setDevicePref(change);
  } catch (e) {
    console.warn('device preference not saved:', e);
  }
}

// --- what localStorage held before device.json ------------------------------------------------
const TABLE_KEY = 'tablemate.table.prefs';
const ADDRESS_PREFIX = 'tablemate.reporting.address.';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** What this window's localStorage holds of the device's preferences (unreadable parts left out). */
export function legacyPrefs(store: Storage | undefined = storage()): LegacyPrefs {
  const legacy: LegacyPrefs = { face_to_face: null, keep_awake: null, reporting_addresses: {} };
  if (!store) return legacy;
  try {
    const v = JSON.parse(store.getItem(TABLE_KEY) ?? 'null') as { faceToFace?: unknown; keepAwake?: unknown } | null;
    if (typeof v?.faceToFace === 'boolean') legacy.face_to_face = v.faceToFace;
    if (typeof v?.keepAwake === 'boolean') legacy.keep_awake = v.keepAwake;
  } catch {
    // unreadable: nothing to move
  }
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(ADDRESS_PREFIX)) continue;
    try {
      const a = JSON.parse(store.getItem(key) ?? 'null') as Partial<ReportingAddress> | null;
      if (typeof a?.ip === 'string' && a.ip !== '' && typeof a.port === 'string') {
        legacy.reporting_addresses[key.slice(ADDRESS_PREFIX.length)] = { ip: a.ip, port: a.port };
      }
    } catch {
      // unreadable: left out
    }
  }
  return legacy;
}

/** `prefs` with what localStorage held, for the first paint before the move is answered. */
export function withLegacy(prefs: DevicePrefs, legacy: LegacyPrefs): DevicePrefs {
  return {
    ...prefs,
    face_to_face: legacy.face_to_face ?? prefs.face_to_face,
    keep_awake: legacy.keep_awake ?? prefs.keep_awake,
    reporting_addresses: { ...legacy.reporting_addresses, ...prefs.reporting_addresses },
  };
}

/** Sends what localStorage held into the file (Rust takes it once), then clears it here. */
export async function moveLegacy(legacy: LegacyPrefs, store: Storage | undefined = storage()): Promise<void> {
  try {
    device.prefs = await api.moveDevicePrefs(legacy);
  } catch (e) {
    console.warn('device preferences not moved:', e);
    return; // kept in localStorage: the next start tries again
  }
  try {
    store?.removeItem(TABLE_KEY);
    for (const key of Object.keys(legacy.reporting_addresses)) store?.removeItem(ADDRESS_PREFIX + key);
  } catch {
    // a storage that cannot be cleared: the file already says it was moved, so nothing is moved twice
  }
}

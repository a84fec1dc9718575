// View preferences of this device (not of the game, not synced): face to face, keep awake.
// They are this device's preferences (lib/device/prefs.svelte.ts: the store file device.json,
// read by Rust before the first paint); this is the table's view of them.
import { device, setPref } from '../device/prefs.svelte';

export type TablePrefs = { faceToFace: boolean; keepAwake: boolean };

export function loadPrefs(): TablePrefs {
  return { faceToFace: device.prefs.face_to_face, keepAwake: device.prefs.keep_awake };
}

/** Saves what changed of `p` (each a preference of its own). */
export function savePrefs(p: TablePrefs): void {
  if (p.faceToFace !== device.prefs.face_to_face) void setPref({ key: 'face_to_face', value: p.faceToFace });
  if (p.keepAwake !== device.prefs.keep_awake) void setPref({ key: 'keep_awake', value: p.keepAwake });
}

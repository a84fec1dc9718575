// View preferences of this device (not of the game, not synced): face to face, keep awake.
// localStorage is the right place: they describe how this phone lies on this table.

export type TablePrefs = { faceToFace: boolean; keepAwake: boolean };

const KEY = 'tablemate.table.prefs';
const DEFAULTS: TablePrefs = { faceToFace: false, keepAwake: true };

export function loadPrefs(store: Storage | undefined = globalThis.localStorage): TablePrefs {
  try {
    const raw = store?.getItem(KEY);
    if (!raw) return { ...DEFAULTS };
    const v = JSON.parse(raw) as Partial<TablePrefs>;
    return {
      faceToFace: typeof v.faceToFace === 'boolean' ? v.faceToFace : DEFAULTS.faceToFace,
      keepAwake: typeof v.keepAwake === 'boolean' ? v.keepAwake : DEFAULTS.keepAwake,
    };
  } catch {
    // an unreadable preference is not worth an error at the table: the defaults stand
    return { ...DEFAULTS };
  }
}

export function savePrefs(p: TablePrefs, store: Storage | undefined = globalThis.localStorage): void {
  try {
    store?.setItem(KEY, JSON.stringify(p));
  } catch {
    // storage full or disabled: the choice holds for this session only
  }
}

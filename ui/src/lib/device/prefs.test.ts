import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import { DEFAULT_PREFS, device, legacyPrefs, moveLegacy, setPref, usePrefs, withLegacy } from './prefs.svelte';

const tauriWindow = window as unknown as Record<string, unknown>;

describe("this device's preferences", () => {
  beforeEach(() => {
    localStorage.clear();
    invoke.mockReset();
    usePrefs(DEFAULT_PREFS);
    tauriWindow.__TAURI_INTERNALS__ = {};
  });
  afterEach(() => {
    delete tauriWindow.__TAURI_INTERNALS__;
  });

  it('reads what localStorage held before the store file, leaving out what it cannot read', () => {
    localStorage.setItem('tablemate.table.prefs', JSON.stringify({ faceToFace: true, keepAwake: 'no' }));
    localStorage.setItem('tablemate.reporting.address.3', JSON.stringify({ ip: '192.168.1.20', port: '8470' }));
    localStorage.setItem('tablemate.reporting.address.4', '{not json');
    const legacy = legacyPrefs();
    expect(legacy).toEqual({ face_to_face: true, keep_awake: null, reporting_addresses: { '3': { ip: '192.168.1.20', port: '8470' } } });
    // painted with it before the move is answered
    const first = withLegacy(DEFAULT_PREFS, legacy);
    expect(first.face_to_face).toBe(true);
    expect(first.keep_awake).toBe(true);
    expect(first.reporting_addresses['3']?.ip).toBe('192.168.1.20');
  });

  it('moves it once and clears it; kept when Rust cannot take it', async () => {
    localStorage.setItem('tablemate.table.prefs', JSON.stringify({ faceToFace: true, keepAwake: false }));
    invoke.mockRejectedValueOnce({ code: 'storage', message: 'disk full' });
    await moveLegacy(legacyPrefs());
    expect(localStorage.getItem('tablemate.table.prefs')).not.toBeNull();
    const moved = { ...DEFAULT_PREFS, face_to_face: true, keep_awake: false };
    invoke.mockResolvedValueOnce(moved);
    await moveLegacy(legacyPrefs());
    expect(invoke).toHaveBeenLastCalledWith('device_prefs_move', { legacy: { face_to_face: true, keep_awake: false, reporting_addresses: {} } });
    expect(localStorage.getItem('tablemate.table.prefs')).toBeNull();
    expect(device.prefs).toEqual(moved);
  });

  it('changes one preference at once and keeps it for the session when it cannot be saved', async () => {
    invoke.mockRejectedValueOnce({ code: 'storage', message: 'read-only' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setPref({ key: 'last_screen', value: 'matches' });
    expect(invoke).toHaveBeenCalledWith('device_pref_set', { pref: { key: 'last_screen', value: 'matches' } });
    expect(device.prefs.last_screen).toBe('matches');
    warn.mockRestore();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The app window's IPC, answered here: settings, and nothing in progress at the table.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import App from './App.svelte';
import { deferred } from './lib/testing/deferred';

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__TAURI_INTERNALS__;
  invoke.mockReset();
});

describe('settings in the app window', () => {
  it('a new theme shows at once, and comes back to the old one if Rust refuses to save it', async () => {
    (window as unknown as Record<string, unknown>).__TAURI_INTERNALS__ = {};
    const saving = deferred<unknown>();
    invoke.mockImplementation(async (cmd: string) => {
      if (cmd === 'get_settings') return { language: 'en', theme: 'dark' };
      if (cmd === 'set_settings') return saving.promise;
      return null;
    });
    render(App);
    await waitFor(() => expect(invoke).toHaveBeenCalledWith('get_settings', undefined));
    await fireEvent.click(screen.getByTestId('nav-settings'));
    const theme = (await screen.findByTestId('settings-theme')) as HTMLSelectElement;
    await fireEvent.change(theme, { target: { value: 'light' } });
    // shown before the answer comes
    expect(document.documentElement.dataset.theme).toBe('light');
    saving.reject({ code: 'storage', message: 'The settings file could not be written' });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect((await screen.findByTestId('error-message')).textContent).toContain('could not be written');
  });
});

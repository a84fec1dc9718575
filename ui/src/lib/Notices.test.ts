import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';

// Through the real API (lib/api.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from './testing/ipc';
const service = serveCommands(invoke, ['notices', 'acknowledge_notices']);

import Notices from './Notices.svelte';

const damaged = {
  kind: 'database_set_aside',
  message: 'Tablemate could not read your database … kept, not deleted: /d/tablemate.db.corrupt-1.',
  files: ['/d/tablemate.db.corrupt-1'],
  versions: null,
  folder: null,
};

describe('Notices', () => {
  it('shows a set-aside file until the person acknowledges it', async () => {
    service.notices.mockResolvedValue([damaged]);
    service.acknowledge_notices.mockResolvedValue([]);
    render(Notices, { lang: 'en' });
    const notice = await screen.findByTestId('notice-database_set_aside');
    expect(notice.textContent).toContain('/d/tablemate.db.corrupt-1');
    await fireEvent.click(screen.getByTestId('notices-acknowledge'));
    expect(service.acknowledge_notices).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByTestId('notices')).toBeNull());
  });

  it('keeps the notice and says why when acknowledging fails', async () => {
    service.notices.mockResolvedValue([damaged]);
    service.acknowledge_notices.mockRejectedValue({ code: 'storage', message: 'Cannot move the file' });
    render(Notices, { lang: 'de' });
    await fireEvent.click(await screen.findByTestId('notices-acknowledge'));
    expect((await screen.findByText(/Cannot move the file/)).textContent).toContain(
      'Bestätigung fehlgeschlagen',
    );
    expect(screen.getByTestId('notice-database_set_aside')).toBeTruthy();
  });

  it('shows nothing when there is nothing to know', async () => {
    service.notices.mockResolvedValue([]);
    render(Notices, { lang: 'en' });
    await vi.waitFor(() => expect(service.notices).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('notices')).toBeNull();
  });

  it('speaks the interface language, the files and versions filled in', async () => {
    const migrated = {
      kind: 'database_migrated',
      message: 'Your database was updated from version 4 to 5; a backup is at /d/b.',
      files: ['/d/tablemate.db.bak-v4-1'],
      versions: [4, 5],
      folder: null,
    };
    const readOnly = { kind: 'read_only', message: 'Your data folder …', files: [], versions: null, folder: '/ro' };
    service.notices.mockResolvedValue([damaged, migrated, readOnly]);
    render(Notices, { lang: 'de' });
    expect((await screen.findByTestId('notice-database_set_aside')).textContent).toBe(
      'Tablemate konnte deine Datenbank nicht lesen und hat eine neue, leere begonnen. Die beschädigte Datei wurde aufbewahrt, nicht gelöscht: /d/tablemate.db.corrupt-1. Deine bisherigen Partien sind darin; ein Reparaturprogramm für Datenbanken kann sie vielleicht retten.',
    );
    expect(screen.getByTestId('notice-database_migrated').textContent).toBe(
      'Deine Datenbank wurde von Version 4 auf 5 aktualisiert; eine Sicherung liegt unter /d/tablemate.db.bak-v4-1.',
    );
    expect(screen.getByTestId('notice-read_only').textContent).toContain('Datenordner /ro kann nicht');
    expect(screen.getByTestId('notices-acknowledge').textContent).toBe('Gelesen');
  });

  it('words a full disk as a full disk, not as a folder that cannot be written', async () => {
    const full = { kind: 'disk_full', message: 'The disk is full; …', files: [], versions: null, folder: '/d' };
    service.notices.mockResolvedValue([full]);
    const { unmount } = render(Notices, { lang: 'en' });
    expect((await screen.findByTestId('notice-disk_full')).textContent).toBe(
      'The disk of your data folder /d is full: Tablemate shows your data, but nothing can be saved until there is space again.',
    );
    expect(screen.queryByTestId('notice-read_only')).toBeNull();
    unmount();
    render(Notices, { lang: 'de' });
    expect((await screen.findByTestId('notice-disk_full')).textContent).toBe(
      'Der Datenträger deines Datenordners /d ist voll: Tablemate zeigt deine Daten, kann aber nichts speichern, bis wieder Platz ist.',
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('./api', () => ({ call, inApp: () => true }));

import Notices from './Notices.svelte';

const damaged = {
  kind: 'database_set_aside',
  message: 'Tablemate could not read your database … kept, not deleted: /d/tablemate.db.corrupt-1.',
  files: ['/d/tablemate.db.corrupt-1'],
};

describe('Notices', () => {
  it('shows a set-aside file until the person acknowledges it', async () => {
    call.mockImplementation(async (cmd: string) => (cmd === 'notices' ? [damaged] : []));
    render(Notices, { lang: 'en' });
    const notice = await screen.findByTestId('notice-database_set_aside');
    expect(notice.textContent).toContain('/d/tablemate.db.corrupt-1');
    await fireEvent.click(screen.getByTestId('notices-acknowledge'));
    expect(call).toHaveBeenCalledWith('acknowledge_notices');
    await vi.waitFor(() => expect(screen.queryByTestId('notices')).toBeNull());
  });

  it('keeps the notice and says why when acknowledging fails', async () => {
    call.mockImplementation(async (cmd: string) => {
      if (cmd === 'notices') return [damaged];
      throw { code: 'storage', message: 'Cannot move the file' };
    });
    render(Notices, { lang: 'de' });
    await fireEvent.click(await screen.findByTestId('notices-acknowledge'));
    expect((await screen.findByText(/Cannot move the file/)).textContent).toContain(
      'Bestätigung fehlgeschlagen',
    );
    expect(screen.getByTestId('notice-database_set_aside')).toBeTruthy();
  });

  it('shows nothing when there is nothing to know', async () => {
    call.mockResolvedValue([]);
    render(Notices, { lang: 'en' });
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith('notices'));
    expect(screen.queryByTestId('notices')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import EntrySeats from './EntrySeats.svelte';
import { game } from '../testing/table';

describe('EntrySeats', () => {
  it('names the players, marks who enters, and Look up takes over until a player is chosen', async () => {
    render(EntrySeats, { lang: 'de', view: game(), seat: 'A', lookup: false, faceDown: false });
    const ann = screen.getByTestId('entry-seat-A');
    const ben = screen.getByTestId('entry-seat-B');
    expect([ann.textContent, ben.textContent]).toEqual(['Ann', 'Ben']);
    expect(ann.getAttribute('aria-pressed')).toBe('true');
    await fireEvent.click(ben);
    expect(ben.getAttribute('aria-pressed')).toBe('true');
    expect(ann.getAttribute('aria-pressed')).toBe('false');
    await fireEvent.click(screen.getByTestId('lookup'));
    expect(screen.getByTestId('lookup').getAttribute('aria-pressed')).toBe('true');
    expect(ben.getAttribute('aria-pressed')).toBe('false');
    // a look-up plays nothing, so nothing is face down
    expect((screen.getByTestId('face-down') as HTMLInputElement).disabled).toBe(true);
    await fireEvent.click(ann);
    expect(screen.getByTestId('lookup').getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByTestId('face-down') as HTMLInputElement).disabled).toBe(false);
  });
});

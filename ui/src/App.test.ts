import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import App from './App.svelte';

describe('App shell', () => {
  it('shows the five screens in the navigation and switches between them', async () => {
    render(App);
    for (const s of ['table', 'cards', 'rulings', 'matches', 'settings']) {
      expect(screen.getByTestId(`nav-${s}`)).toBeTruthy();
    }
    expect(screen.getByTestId('screen-table')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('nav-rulings'));
    expect(screen.getByTestId('screen-rulings')).toBeTruthy();
    expect(screen.getByTestId('nav-rulings').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-table').getAttribute('aria-current')).toBeNull();
  });

  it('tells the person plainly when it runs outside the app window', async () => {
    render(App);
    expect((await screen.findByTestId('error-message')).textContent).toMatch(/app window/);
  });
});

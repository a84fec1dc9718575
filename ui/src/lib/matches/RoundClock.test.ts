import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { ClockView } from '../bindings/ClockView';

// Through the real API (lib/api/clock.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../testing/ipc';
const service = serveCommands(invoke, ['tournament_clock', 'tournament_clock_command', 'tournament_table_clock']);

import RoundClock from './RoundClock.svelte';
import { pollClock, publishedRound } from './clock';

const view = (over: Partial<ClockView> = {}): ClockView => ({
  event: 7,
  event_name: 'Spring Open',
  round: 2,
  length_minutes: 50,
  remaining_ms: 50 * 60_000,
  text: '50:00',
  state: 'not_started',
  warning: false,
  overtime: false,
  ...over,
});

describe('RoundClock', () => {
  it("shows the service's text and marks the five-minute warning", async () => {
    service.tournament_clock.mockResolvedValue(
      view({ text: '4:59', remaining_ms: 299_000, state: 'running', warning: true }),
    );
    render(RoundClock, { eventId: 7, lang: 'en', onerror: vi.fn() });
    const clock = await screen.findByTestId('round-clock');
    expect(service.tournament_clock).toHaveBeenCalledWith({ id: 7 });
    expect(screen.getByTestId('round-clock-time').textContent).toBe('4:59');
    expect(clock.classList.contains('warning')).toBe(true);
    expect(clock.textContent).toContain('Five minutes left');
  });

  it('shows overtime below zero in German', async () => {
    service.tournament_clock.mockResolvedValue(
      view({ text: '-3:10', remaining_ms: -190_000, state: 'running', overtime: true }),
    );
    render(RoundClock, { eventId: 7, lang: 'de', size: 'large', onerror: vi.fn() });
    const clock = await screen.findByTestId('round-clock-large');
    expect(clock.classList.contains('overtime')).toBe(true);
    expect(clock.textContent).toContain('-3:10');
    expect(clock.textContent).toContain('Zeit abgelaufen');
  });

  it('offers start, then pause, and sets the length in minutes', async () => {
    service.tournament_clock.mockResolvedValue(view());
    service.tournament_clock_command
      .mockResolvedValueOnce(view({ state: 'running', text: '49:59' }))
      .mockResolvedValueOnce(view({ state: 'running', text: '40:00', length_minutes: 40 }));
    render(RoundClock, { eventId: 7, lang: 'en', controls: true, onerror: vi.fn() });
    await fireEvent.click(await screen.findByTestId('clock-start'));
    expect(service.tournament_clock_command).toHaveBeenCalledWith({ id: 7, action: { action: 'start' }, lang: 'en' });
    expect(await screen.findByTestId('clock-pause')).toBeTruthy();
    await fireEvent.input(screen.getByTestId('clock-minutes'), { target: { value: '40' } });
    await fireEvent.click(screen.getByTestId('clock-set'));
    await waitFor(() => expect(service.tournament_clock_command).toHaveBeenCalledWith({ id: 7, action: { action: 'set', minutes: 40 }, lang: 'en' }));
  });

  it('without an event shows the clock started last, with its event, and nothing when none', async () => {
    service.tournament_table_clock.mockResolvedValueOnce(view({ state: 'running' }));
    const { unmount } = render(RoundClock, { lang: 'en', onerror: vi.fn() });
    expect((await screen.findByTestId('round-clock')).textContent).toContain('Spring Open');
    expect(screen.queryByTestId('clock-start')).toBeNull();
    unmount();
    service.tournament_table_clock.mockResolvedValueOnce(view({ state: 'paused', text: '12:00' }));
    const inline = render(RoundClock, { lang: 'en', size: 'inline', onerror: vi.fn() });
    const small = await screen.findByTestId('round-clock-inline');
    expect(small.textContent?.trim()).toBe('12:00');
    expect(small.getAttribute('title')).toBe('Spring Open · Round 2');
    inline.unmount();
    service.tournament_table_clock.mockResolvedValue(null);
    render(RoundClock, { lang: 'en', onerror: vi.fn() });
    await waitFor(() => expect(service.tournament_table_clock).toHaveBeenCalledTimes(3));
    expect(screen.queryByTestId('round-clock')).toBeNull();
  });
});

describe('pollClock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks less often while there is no clock, every second once there is one', async () => {
    const read = vi.fn().mockResolvedValueOnce(null).mockResolvedValueOnce(null).mockResolvedValue(view());
    const stop = pollClock(read, vi.fn(), vi.fn(), 1000, 5000);
    await vi.advanceTimersByTimeAsync(4900);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(read).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(read).toHaveBeenCalledTimes(5);
    stop();
  });

  it('asks every second until stopped, and stops at the first error', async () => {
    const read = vi.fn().mockResolvedValue(view());
    const seen: (ClockView | null)[] = [];
    const stop = pollClock(read, (v) => seen.push(v), vi.fn(), 1000);
    await vi.advanceTimersByTimeAsync(2500);
    expect(read).toHaveBeenCalledTimes(3);
    expect(seen).toHaveLength(3);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(read).toHaveBeenCalledTimes(3);

    const failing = vi.fn().mockRejectedValue(new Error('gone'));
    const onerror = vi.fn();
    pollClock(failing, vi.fn(), onerror, 1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(onerror).toHaveBeenCalledTimes(1);
  });
});

describe('publishedRound', () => {
  const round = (number: number, published: boolean) => ({
    number,
    stage: 'swiss',
    published,
    tables: [],
    complete: true,
    results_missing: 0,
  });
  it('is the current round once published, none while it is only prepared', () => {
    expect(publishedRound([round(1, true), round(2, true)])?.number).toBe(2);
    expect(publishedRound([round(1, true), round(2, false)])).toBeUndefined();
    expect(publishedRound([])).toBeUndefined();
  });
});

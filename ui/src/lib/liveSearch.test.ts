import { describe, expect, it, vi } from 'vitest';
import { liveSearch } from './liveSearch';
import { deferred } from './testing/deferred';

describe('liveSearch', () => {
  it('shows only the latest answer when answers arrive out of order', async () => {
    const older = deferred<string>();
    const newer = deferred<string>();
    const answers = [older, newer];
    let n = 0;
    const show = vi.fn();
    const onerror = vi.fn();
    const s = liveSearch(() => (answers[n++] ?? newer).promise, show, onerror, 10);
    const first = s.now();
    const second = s.now();
    newer.resolve('new');
    await second;
    older.reject({ code: 'internal', message: 'late failure' });
    await first;
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith('new');
    expect(onerror).not.toHaveBeenCalled();
  });

  it('waits while typing goes on, then asks once', async () => {
    vi.useFakeTimers();
    const ask = vi.fn(async () => 'x');
    const s = liveSearch(ask, vi.fn(), vi.fn(), 100);
    s.soon();
    vi.advanceTimersByTime(60);
    s.soon();
    vi.advanceTimersByTime(60);
    expect(ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(ask).toHaveBeenCalledTimes(1);
    // asking now drops a typed search still waiting
    s.soon();
    await s.now();
    vi.advanceTimersByTime(200);
    expect(ask).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('reports the latest request failing', async () => {
    const onerror = vi.fn();
    const s = liveSearch(() => Promise.reject({ code: 'invalid_input', message: 'bad' }), vi.fn(), onerror, 10);
    await s.now();
    expect(onerror).toHaveBeenCalledWith(expect.objectContaining({ message: 'bad' }));
  });
});

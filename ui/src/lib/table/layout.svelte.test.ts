/// <reference types="vite/client" />
// (vite/client: the type of import.meta.glob, which the last test reads the components with)
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { DOCK_ROOM, media, PHONE_LANDSCAPE } from './layout.svelte';

// A window whose media queries the test sets: each query a list that says when it changes.
function fakeMedia(matching: Set<string>) {
  const lists = new Map<string, EventTarget & { matches: boolean; media: string }>();
  window.matchMedia = ((q: string) => {
    const l = Object.assign(new EventTarget(), { media: q, matches: matching.has(q) });
    lists.set(q, l);
    return l as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return (q: string, on: boolean) => {
    const l = lists.get(q)!;
    l.matches = on;
    l.dispatchEvent(new Event('change'));
  };
}
const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

describe('layout', () => {
  it('writes the phone-in-landscape query once: the dock has room there as on a desktop', () => {
    expect(PHONE_LANDSCAPE).toBe('(min-width: 600px) and (max-width: 899px) and (max-height: 600px)');
    expect(DOCK_ROOM.split(', ')).toEqual(['(min-width: 900px) and (min-height: 700px)', PHONE_LANDSCAPE]);
  });

  it('no part of the UI types the phone-in-landscape query as a media rule of its own (it keys on the class)', () => {
    const sources = import.meta.glob('/src/**/*.svelte', { query: '?raw', import: 'default', eager: true });
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const typed = Object.entries(sources)
      .filter(([, text]) => (text as string).includes(`@media ${PHONE_LANDSCAPE}`))
      .map(([file]) => file);
    expect(typed).toEqual([]);
  });

  it('reads a query as it holds now, and again when it changes (a phone turned)', () => {
    const turn = fakeMedia(new Set([PHONE_LANDSCAPE]));
    const landscape = media(PHONE_LANDSCAPE);
    const seen: boolean[] = [];
    const stop = $effect.root(() => {
      $effect(() => {
        seen.push(landscape.current);
      });
    });
    flushSync();
    turn(PHONE_LANDSCAPE, false);
    flushSync();
    turn(PHONE_LANDSCAPE, true);
    flushSync();
    stop();
    expect(seen).toEqual([true, false, true]);
  });

  it('holds nothing where the page has no matchMedia', () => {
    // @ts-expect-error: a page without it (jsdom)
    window.matchMedia = undefined;
    expect(media(PHONE_LANDSCAPE).current).toBe(false);
  });
});

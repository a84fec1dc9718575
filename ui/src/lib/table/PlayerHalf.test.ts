import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import PlayerHalf from './PlayerHalf.svelte';
import { card, game, side } from '../testing/table';

describe('PlayerHalf', () => {
  it('shows the contested total large with "needs at least", the turn, and cards to tap', async () => {
    const flash = card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3);
    const ann = { ...side('A', 'Ann', 'Vulca', 6, 3, [flash]), needed: { fire: 7, earth: 0 }, meets: { fire: false, earth: true } };
    const v = game({ contested: 'fire', players: [ann, side('B', 'Ben', 'Hoax', 7, 1)] });
    const onwhy = vi.fn();
    const oncard = vi.fn();
    render(PlayerHalf, { lang: 'en', view: v, side: ann, onwhy, oncard, flipped: true });
    expect(screen.getByTestId('side-A').classList.contains('flipped')).toBe(true);
    expect(screen.getByTestId('turn-A')).toBeTruthy();
    expect(screen.getByTestId('total-A-fire').classList.contains('contested')).toBe(true);
    expect(screen.getByTestId('needs-A').textContent).toBe('needs at least 7');
    expect(screen.getByTestId('needs-A').classList.contains('ok')).toBe(false);
    await fireEvent.click(screen.getByTestId('total-A-earth'));
    expect(onwhy).toHaveBeenCalledTimes(1);
    await fireEvent.click(screen.getByTestId('card-A-vulca-02'));
    expect(oncard).toHaveBeenCalledWith(flash);
  });

  it('names the cards in German in the German interface', () => {
    const c = { ...card('vulca-24', 'Vulca 24', 'Flickering Fires', 1, 1), name_de: 'Feuerzauber' };
    const ann = side('A', 'Ann', 'Vulca', 1, 1, [c]);
    render(PlayerHalf, { lang: 'de', view: game({ players: [ann, side('B', 'Ben', 'Hoax', 0, 0)] }), side: ann, onwhy: vi.fn(), oncard: vi.fn() });
    const chip = screen.getByTestId('card-A-vulca-24');
    expect(chip.textContent?.replaceAll('\u00AD', '')).toContain('Feuerzauber');
    // a long word may break only at its syllables, hyphenated, in the language of the name
    const name = chip.querySelector('.cname');
    expect(name?.getAttribute('lang')).toBe('de');
    expect(name?.textContent).toBe('Feu\u00ADer\u00ADzau\u00ADber');
    expect(screen.getByTestId('due-A').textContent).toContain('Rückzug: 1');
  });

  it('orders the chips for a one-line half (360×560): the active character, then the newest of each area, covered cards last', () => {
    const c = (id: string, name: string) => card(id, id, name, 1, 1);
    const ann = {
      ...side('A', 'Ann', 'Vulca', 1, 1, [c('vulca-24', 'Active')]),
      areas: {
        combat: [c('vulca-24', 'Active')],
        covered: [c('vulca-02', 'Old character')],
        support: [c('vulca-10', 'First support'), c('vulca-11', 'Newest support')],
        leadership: [c('vulca-30', 'Leader')],
        influence: [],
        achievement: [],
      },
    };
    render(PlayerHalf, { lang: 'en', view: game({ players: [ann, side('B', 'Ben', 'Hoax', 0, 0)] }), side: ann, onwhy: vi.fn(), oncard: vi.fn() });
    // the order a one-line half shows them in (CSS order under its media query)
    const shown = [...screen.getByTestId('cards-A').querySelectorAll('li')]
      .map((li) => ({ order: Number(li.style.getPropertyValue('--compact-order')), name: li.textContent?.trim() ?? '' }))
      .sort((a, b) => a.order - b.order)
      .map((x) => x.name.replace(/\s*1\/1$/, ''));
    expect(shown).toEqual(['Active', 'Newest support', 'First support', 'Leader', 'Old character']);
  });

  /** Runs `body` with the boxes a browser would lay out: the half's card area 0–50 px, the half
   *  from −60 px to `halfBottom`, chip `i` at `chip(i)` ([top, bottom]); nothing else has a box. */
  async function withBoxes(halfBottom: number, chip: (i: number) => [number, number], body: () => Promise<void>) {
    const rect = (top: number, bottom: number) =>
      ({ top, bottom, left: 0, right: 100, width: 100, height: bottom - top, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
    const proto = HTMLElement.prototype;
    const before = proto.getBoundingClientRect;
    proto.getBoundingClientRect = function (this: HTMLElement) {
      if (this.matches('[data-testid="cards-A"]')) return rect(0, 50);
      if (this.matches('[data-testid="side-A"]')) return rect(-60, halfBottom);
      const i = [...document.querySelectorAll('[data-testid="cards-A"] .chip')].indexOf(this);
      return i < 0 ? rect(0, 0) : rect(...chip(i));
    };
    try {
      await body();
    } finally {
      proto.getBoundingClientRect = before;
    }
  }

  it('counts the cards that do not fit in the half, and the count opens them all', async () => {
    // three chips, the half's card area 50 px high: the second and third lie below it
    await withBoxes(200, (i) => [i * 48, i * 48 + 44], async () => {
      const cards = [
        card('vulca-10', 'Vulca 10', 'Sear', 4, 1),
        card('vulca-05', 'Vulca 05', 'Volca', 5, 1),
        card('vulca-03', 'Vulca 03', 'Scorch the Inflammable', 6, 0),
      ];
      const ann = side('A', 'Ann', 'Vulca', 6, 0, cards);
      const oncard = vi.fn();
      render(PlayerHalf, { lang: 'en', view: game({ players: [ann, side('B', 'Ben', 'Hoax', 0, 0)] }), side: ann, onwhy: vi.fn(), oncard });
      const more = await screen.findByTestId('more-cards-A');
      expect(more.textContent).toBe('+2');
      expect(more.getAttribute('aria-label')).toBe('+2 Ann: 2 more cards in play: show them all');
      await fireEvent.click(more);
      expect(screen.getByTestId('cards-A').classList.contains('all')).toBe(true);
      // a card tapped in the full list opens it and puts the list back
      await fireEvent.click(screen.getByTestId('card-A-vulca-03'));
      expect(oncard).toHaveBeenCalledWith(cards[2]);
      expect(screen.getByTestId('cards-A').classList.contains('all')).toBe(false);
    });
  });

  it('draws a card the half cuts off rather than count it alone, makes room for it, and counts the rest (a short half, large text)', async () => {
    // the half ends at 30 px: every chip (0–44 px) is cut by its edge
    await withBoxes(30, () => [0, 44], async () => {
      const one = side('A', 'Ann', 'Vulca', 4, 1, [card('vulca-10', 'Vulca 10', 'Sear', 4, 1)]);
      const { unmount } = render(PlayerHalf, { lang: 'en', view: game({ players: [one, side('B', 'Ben', 'Hoax', 0, 0)] }), side: one, onwhy: vi.fn(), oncard: vi.fn() });
      await tick();
      // one card: its chip, never a "+1" alone; the half takes its tight layout to make room
      expect(screen.getByTestId('card-A-vulca-10').classList.contains('out')).toBe(false);
      expect(screen.queryByTestId('more-cards-A')).toBeNull();
      expect(screen.getByTestId('side-A').classList.contains('tight')).toBe(true);
      unmount();
      const two = side('A', 'Ann', 'Vulca', 4, 1, [card('vulca-10', 'Vulca 10', 'Sear', 4, 1), card('vulca-05', 'Vulca 05', 'Volca', 5, 1)]);
      render(PlayerHalf, { lang: 'en', view: game({ players: [two, side('B', 'Ben', 'Hoax', 0, 0)] }), side: two, onwhy: vi.fn(), oncard: vi.fn() });
      // two: the first drawn, the other counted
      expect((await screen.findByTestId('more-cards-A')).textContent).toBe('+1');
      expect(screen.getByTestId('card-A-vulca-10').classList.contains('out')).toBe(false);
      expect(screen.getByTestId('card-A-vulca-05').classList.contains('out')).toBe(true);
    });
  });

  it('shows no count when every card fits', () => {
    const ann = side('A', 'Ann', 'Vulca', 4, 1, [card('vulca-10', 'Vulca 10', 'Sear', 4, 1)]);
    render(PlayerHalf, { lang: 'en', view: game({ players: [ann, side('B', 'Ben', 'Hoax', 0, 0)] }), side: ann, onwhy: vi.fn(), oncard: vi.fn() });
    expect(screen.queryByTestId('more-cards-A')).toBeNull();
  });

  it('takes its first fit from the resize observer (no layout forced before the first frame), and a resized half drops its tight layout', async () => {
    // a stand-in for the browser's observer: the test delivers its reports
    const observers: { cb: ResizeObserverCallback; targets: Element[] }[] = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(public cb: ResizeObserverCallback) {
        observers.push(this);
      }
      observe(t: Element) {
        this.targets.push(t);
      }
      disconnect() {
        this.targets = [];
      }
      unobserve() {}
    }
    const report = (height: number) => {
      const o = observers.filter((x) => x.targets.length > 0).at(-1)!;
      const entries = o.targets.map((target) => ({ target, contentRect: { height }, borderBoxSize: [{ blockSize: height, inlineSize: 100 }] })) as unknown as ResizeObserverEntry[];
      o.cb(entries, o as unknown as ResizeObserver);
    };
    const rect = (top: number, bottom: number) =>
      ({ top, bottom, left: 0, right: 100, width: 100, height: bottom - top, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
    const proto = HTMLElement.prototype;
    const before = proto.getBoundingClientRect;
    let measures = 0;
    let halfEdge = 30;
    proto.getBoundingClientRect = function (this: HTMLElement) {
      measures++;
      if (this.matches('[data-testid="cards-A"]')) return rect(0, 50);
      if (this.matches('[data-testid="side-A"]')) return rect(-60, halfEdge);
      return rect(0, 44);
    };
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = FakeObserver;
    try {
      const one = side('A', 'Ann', 'Vulca', 4, 1, [card('vulca-10', 'Vulca 10', 'Sear', 4, 1), card('vulca-05', 'Vulca 05', 'Volca', 5, 1)]);
      render(PlayerHalf, { lang: 'en', view: game({ players: [one, side('B', 'Ben', 'Hoax', 0, 0)] }), side: one, onwhy: vi.fn(), oncard: vi.fn() });
      await tick();
      // mounted: nothing measured yet, the observer watches the list and the half
      expect(measures).toBe(0);
      expect(observers.at(-1)!.targets.map((t) => (t as HTMLElement).dataset.testid).sort()).toEqual(['cards-A', 'side-A']);
      // its first report (in the frame): the first chip drawn, the other counted, the half tight
      report(90);
      await tick();
      expect(measures).toBeGreaterThan(0);
      expect((await screen.findByTestId('more-cards-A')).textContent).toBe('+1');
      expect(screen.getByTestId('side-A').classList.contains('tight')).toBe(true);
      // the observer made anew (tight is read) reports the same height: still tight
      report(90);
      await tick();
      expect(screen.getByTestId('side-A').classList.contains('tight')).toBe(true);
      // the half resized, with room for both: tight no more, nothing counted
      halfEdge = 200;
      report(200);
      await tick();
      expect(screen.getByTestId('side-A').classList.contains('tight')).toBe(false);
      expect(screen.queryByTestId('more-cards-A')).toBeNull();
    } finally {
      proto.getBoundingClientRect = before;
      delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    }
  });
});

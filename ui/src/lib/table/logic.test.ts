// The table's small pure helpers: names, suggestion order, warnings, effects, preferences.
import { describe, expect, it } from 'vitest';
import type { EffectView } from '../bindings/EffectView';
import type { GameView } from '../bindings/GameView';
import type { WarningView } from '../bindings/WarningView';
import { distinctEffects } from './effects';
import { nameById, tagOf } from './names';
import { loadPrefs, savePrefs } from './prefs';
import { DEFAULT_PREFS, device, usePrefs } from '../device/prefs.svelte';
import { deckFirst, ownDeckFirst, peopleOf } from './rank';
import { warningText } from './warnings';

const view = {
  players: [
    {
      seat: 'A',
      name: 'Ann',
      people: 'Vulca',
      areas: {
        combat: [{ id: 'vulca-02', tag: 'Vulca 02', name_en: 'Flash the Incendiary', name_de: 'Flash der Brandstifter' }],
        covered: [],
        support: [{ id: 'vulca-24', tag: 'Vulca 24', name_en: 'Flickering Fires', name_de: 'Feuerzauber' }],
        leadership: [],
        influence: [],
        achievement: [],
      },
    },
    { seat: 'B', name: 'Ben', people: 'Hoax', areas: { combat: [], covered: [], support: [], leadership: [], influence: [], achievement: [] } },
  ],
} as unknown as GameView;

const w = (over: Partial<WarningView> & Record<string, unknown>): WarningView =>
  ({ kind: 'forbidden', player: 'B', card: 'hoax-28', by: 'vulca-24', rule: 'Play', message: 'Hoax 28 forbidden by vulca-24', ...over }) as WarningView;

describe('names', () => {
  it('names a card on the table in the interface language and one elsewhere by its printed tag', () => {
    expect(nameById('de', view, 'vulca-24')).toBe('Feuerzauber');
    expect(nameById('en', view, 'vulca-24')).toBe('Flickering Fires');
    expect(nameById('en', view, 'flit-kin-03')).toBe('Flit Kin 03');
    expect(tagOf('hoax-13')).toBe('Hoax 13');
  });
});

describe('ownDeckFirst', () => {
  const items = [{ id: 'hoax-24' }, { id: 'vulca-24' }, { id: 'hoax-02' }, { id: 'vulca-02' }];
  it("puts the entering player's deck first and keeps the service's order within each group", () => {
    expect(ownDeckFirst(items, 'Vulca').map((c) => c.id)).toEqual(['vulca-24', 'vulca-02', 'hoax-24', 'hoax-02']);
    expect(ownDeckFirst(items, 'Hoax').map((c) => c.id)).toEqual(['hoax-24', 'hoax-02', 'vulca-24', 'vulca-02']);
    expect(ownDeckFirst(items, null)).toBe(items);
    expect(peopleOf('flit-kin-03')).toBe('flit-kin');
    expect(ownDeckFirst([{ id: 'flit-kin-03' }, { id: 'flit-kin-x' }, { id: 'aqua-03' }], 'Aqua')[0]?.id).toBe('aqua-03');
  });
});

describe('warningText', () => {
  it('renders a known kind in the interface language with names, never ids or seats', () => {
    const en = warningText('en', view, w({}), { 'hoax-28': 'Enthrall Opposition' });
    expect(en).toBe('Ben: Enthrall Opposition is forbidden by Flickering Fires.');
    const de = warningText('de', view, w({}), { 'hoax-28': 'Banne den Gegner' });
    expect(de).toBe('Ben: Banne den Gegner ist durch Feuerzauber verboten.');
    expect(de).not.toMatch(/[a-z]+-\d+/);
  });
  it("uses the engine's names when it sends them (the WarningKind version)", () => {
    const text = warningText('de', view, w({ kind: 'no_new_character', player: 'A', player_name: 'Ann' }));
    expect(text).toBe('Ann hat in diesem Zug keine neue Charakterkarte gespielt.');
    const card = warningText('de', view, w({ kind: 'already_in_play', card: 'x-1', card_name: 'Shield', card_name_de: 'Schild' }));
    expect(card).toBe('Ben: Schild ist schon im Spiel.');
  });
  it("names a constructed deck a card is not in by the deck's name, else the people's deck", () => {
    const built = w({ kind: 'not_in_deck', player: 'A', player_name: 'Ann', card: 'vulca-23', card_name: 'Lightning Bolts', card_name_de: 'Blitzschläge', by: null, deck: 'Ember Guard' });
    expect(warningText('en', view, built)).toBe('Ann: Lightning Bolts is not in the Ember Guard deck.');
    expect(warningText('de', view, built)).toBe('Ann: Blitzschläge gehört nicht zum Deck Ember Guard.');
    const preassembled = w({ kind: 'not_in_deck', player: 'A', player_name: 'Ann', card: 'flit-07', card_name: 'Tittertweet', by: null });
    expect(warningText('en', view, preassembled)).toBe('Ann: Tittertweet is not in the Vulca deck.');
  });
  it('words a play condition in the interface language with both players named', () => {
    const cond = w({
      kind: 'play_condition',
      player: 'B',
      player_name: 'Ben',
      card: 'mutant-105',
      card_name: 'Var-dis-Nar',
      by: null,
      condition: 'Ann attacks with at least 7 total power (now 6)',
      condition_de: 'Ann mit einer Stärke von mindestens 7 angreift (jetzt 6)',
    });
    expect(warningText('en', view, cond)).toBe('Ben: Var-dis-Nar may only be played if Ann attacks with at least 7 total power (now 6).');
    expect(warningText('de', view, cond)).toBe('Ben: Var-dis-Nar darf nur ausgelegt werden, wenn Ann mit einer Stärke von mindestens 7 angreift (jetzt 6).');
  });
  it('names the STOP card that ended the turn', () => {
    const stop = w({
      kind: 'after_stop',
      player: 'B',
      player_name: 'Ben',
      card: 'bm-1',
      card_name: 'Tome of Wisdom',
      card_name_de: 'Buch der Weisheit',
      by: 'bm-2',
      by_name: 'Shaman of the Here and Now',
      by_name_de: 'Schamane des Hier und Jetzt',
    });
    expect(warningText('en', view, stop)).toBe('Ben: Tome of Wisdom comes after Shaman of the Here and Now, whose STOP icon ended the turn.');
    expect(warningText('de', view, stop)).toBe('Ben: Buch der Weisheit kommt nach Schamane des Hier und Jetzt, dessen STOPP-Symbol den Zug beendet hat.');
  });
  it("falls back to the engine's message for a kind it does not know", () => {
    expect(warningText('de', view, w({ kind: 'something_new' as unknown as WarningView['kind'], message: 'Something new' }))).toBe('Something new');
  });
});

describe('distinctEffects', () => {
  const e = (card: string, description: string, text: string | null): EffectView =>
    ({ owner: 'B', card, card_name: card, kind: 'value', description, text, card_name_de: null, text_de: null, status: 'in_force', by: null }) as EffectView;
  it('shows a card with two effects and the same printed text once', () => {
    const list = distinctEffects('en', [e('hoax-05', 'a', 'Zig text'), e('hoax-05', 'b', 'Zig text'), e('hoax-06', 'c', null)]);
    expect(list.map((x) => x.card)).toEqual(['hoax-05', 'hoax-06']);
  });
});

describe('prefs', () => {
  it("reads and changes face to face and keep awake in this device's preferences", () => {
    usePrefs(DEFAULT_PREFS);
    expect(loadPrefs()).toEqual({ faceToFace: false, keepAwake: true });
    savePrefs({ faceToFace: true, keepAwake: false });
    expect(loadPrefs()).toEqual({ faceToFace: true, keepAwake: false });
    expect(device.prefs.face_to_face).toBe(true);
    expect(device.prefs.last_screen).toBe('table');
  });
});

describe('deckFirst', () => {
  const found = [{ id: 'flit-08' }, { id: 'vulca-05' }, { id: 'flit-07' }, { id: 'vulca-23' }];
  it("puts a constructed deck's cards first, its bought cards included, in the service's order", () => {
    const ids = deckFirst(found, ['vulca-05', 'flit-07'], 'Vulca').map((c) => c.id);
    expect(ids).toEqual(['vulca-05', 'flit-07', 'flit-08', 'vulca-23']);
  });
  it("is the people's deck first without a constructed deck", () => {
    expect(deckFirst(found, null, 'Vulca')).toEqual(ownDeckFirst(found, 'Vulca'));
    expect(deckFirst(found, null, 'Vulca').map((c) => c.id)[0]).toBe('vulca-05');
  });
});

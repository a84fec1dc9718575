import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import InquisitorPowers from './InquisitorPowers.svelte';
import { game } from '../testing/table';
import type { InquisitorPowerView } from '../bindings/InquisitorPowerView';

const razorMind = (over: Partial<InquisitorPowerView> = {}): InquisitorPowerView => ({
  seat: 'A',
  power: 'replace',
  inquisitor_name: 'Razor-Mind Royal Inspector [Inq 412]',
  inquisitor_name_de: 'Razor-Mind [Inq 412]',
  now: true,
  ignored_by: null,
  ignored_by_de: null,
  limited_by: null,
  limited_by_de: null,
  ...over,
});

describe('InquisitorPowers', () => {
  it('says what Razor-Mind allows now, naming the player', () => {
    render(InquisitorPowers, { lang: 'en', view: game({ inquisitor_powers: [razorMind()] }) });
    const line = screen.getByTestId('inquisitor-power-A').textContent ?? '';
    expect(line).toContain('Ann');
    expect(line).toContain('Razor-Mind Royal Inspector [Inq 412]');
    expect(line).toContain('REPLACE');
    expect(line).toContain('Now, before any other card of this turn.');
  });

  it('says which card takes a power away, in German', () => {
    const weave: InquisitorPowerView = razorMind({
      seat: 'B',
      power: 'draw_one_more',
      inquisitor_name: 'Weave-Tongue Royal Councilor [Inq 414]',
      inquisitor_name_de: 'Weave-Tongue [Inq 414]',
      now: false,
      ignored_by: 'Tittertweet [Flit 07]',
      ignored_by_de: 'Zirper [Flit 07]',
    });
    render(InquisitorPowers, { lang: 'de', view: game({ inquisitor_powers: [weave] }) });
    const line = screen.getByTestId('inquisitor-power-B').textContent ?? '';
    expect(line).toContain('Ben');
    expect(line).toContain('Jetzt nicht: Zirper [Flit 07] ignoriert es.');
    expect(line).toContain('am Ende des eigenen Zuges');
  });

  it('shows nothing without an inquisitor power', () => {
    render(InquisitorPowers, { lang: 'en', view: game() });
    expect(screen.queryByTestId('inquisitor-powers')).toBeNull();
  });
});

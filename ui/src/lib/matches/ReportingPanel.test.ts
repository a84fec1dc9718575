import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFS, device, usePrefs } from '../device/prefs.svelte';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { ServingView } from '../bindings/ServingView';
import type { ReportingView } from '../bindings/ReportingView';

// Through the real API (lib/api/reporting.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../testing/ipc';
// the address chosen for an event is this device's preference: device_pref_set keeps it
const service = serveCommands(invoke, ['device_pref_set', 'reporting_accept', 'reporting_log', 'reporting_networks', 'reporting_reset', 'reporting_settle', 'reporting_start', 'reporting_status']);

import ReportingPanel from './ReportingPanel.svelte';
import ReportAddress from './ReportAddress.svelte';

const round = (over: Partial<ReportingView> = {}): ReportingView => ({
  event: 3,
  round: 2,
  open: true,
  live: true,
  acceptance: 'by_organiser',
  tables: [
    { table: 1, a: 'Anna', b: 'Cleo', state: 'disputed', report_a: 'Anna won 5–2', report_b: 'Cleo won 5–3', result: null },
    { table: 2, a: 'Ben', b: 'Dan', state: 'agreed', report_a: 'Ben won 5–1', report_b: 'Ben won 5–1', result: null },
    { table: 3, a: 'Eva', b: 'Finn', state: 'final', report_a: null, report_b: null, result: 'Finn won 5–4' },
  ],
  ...over,
});

const serving = (over: Partial<ServingView> = {}): ServingView => ({
  url: null,
  qr: null,
  reporting: round(),
  stopped: null,
  ...over,
});

describe('ReportingPanel', () => {
  beforeEach(() => {
    // the address chosen for an event is this device's preference (plannedAddress.ts): none yet
    usePrefs(DEFAULT_PREFS);
    service.device_pref_set.mockImplementation(async () => device.prefs);
    service.reporting_networks.mockResolvedValue([{ interface: 'wlan0', ip: '192.168.1.20' }]);
  });

  it('opens reporting on the chosen network and shows the address and its QR code', async () => {
    service.reporting_status.mockResolvedValue(serving());
    const running = serving({ url: 'http://192.168.1.20:8470/', qr: 'data:image/svg+xml;base64,PHN2Zz4=' });
    service.reporting_start.mockResolvedValue(running);
    render(ReportingPanel, { eventId: 3, lang: 'en', onerror: vi.fn(), onchanged: vi.fn() });
    const start = await screen.findByTestId('reporting-start');
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    service.reporting_status.mockResolvedValue(running);
    await fireEvent.click(start);
    expect(service.reporting_start).toHaveBeenCalledWith({ id: 3, address: '192.168.1.20:8470', lang: 'en' });
    expect((await screen.findByTestId('reporting-url')).textContent).toBe('http://192.168.1.20:8470/');
    expect(screen.getByTestId('reporting-qr').getAttribute('src')).toContain('data:image/svg+xml');
  });

  it('shows each table live in German, a dispute marked, and the organiser acting on them', async () => {
    service.reporting_status.mockResolvedValue(serving({ url: 'http://192.168.1.20:8470/' }));
    service.reporting_accept.mockResolvedValue(round());
    service.reporting_reset.mockResolvedValue(round());
    render(ReportingPanel, { eventId: 3, lang: 'de', onerror: vi.fn(), onchanged: vi.fn() });
    const disputed = await screen.findByTestId('reporting-table-1');
    // the networks are asked in the panel's language (a refusal comes worded in it)
    expect(service.reporting_networks).toHaveBeenCalledWith({ lang: 'de' });
    expect(disputed.classList.contains('state-disputed')).toBe(true);
    expect(screen.getByTestId('reporting-state-1').textContent).toBe('strittig');
    expect(screen.getByTestId('reporting-state-3').textContent).toBe('fertig');
    expect(screen.getByTestId('reporting-table-3').textContent).toContain('Finn won 5–4');
    // a dispute can be reset, not accepted; agreement can be accepted
    expect(screen.queryByTestId('reporting-accept-1')).toBeNull();
    await fireEvent.click(screen.getByTestId('reporting-accept-2'));
    expect(service.reporting_accept).toHaveBeenCalledWith({ id: 3, round: 2, table: 2, lang: 'de' });
    await fireEvent.click(screen.getByTestId('reporting-reset-1'));
    expect(service.reporting_reset).toHaveBeenCalledWith({ id: 3, round: 2, table: 1, lang: 'de' });
    expect(screen.queryByTestId('reporting-reset-3')).toBeNull();
  });

  it('lets the organiser set the result of a dispute by name', async () => {
    service.reporting_status.mockResolvedValue(serving());
    service.reporting_settle.mockResolvedValue(round());
    render(ReportingPanel, { eventId: 3, lang: 'en', onerror: vi.fn(), onchanged: vi.fn() });
    const winner = (await screen.findByTestId('reporting-winner-1')) as HTMLSelectElement;
    expect([...winner.options].map((o) => o.textContent)).toEqual(['Anna', 'Cleo']);
    expect(screen.queryByTestId('reporting-settle-2')).toBeNull();
    await fireEvent.change(winner, { target: { value: 'B' } });
    await fireEvent.input(screen.getByTestId('reporting-crystals-a-1'), { target: { value: '3' } });
    await fireEvent.input(screen.getByTestId('reporting-crystals-b-1'), { target: { value: '5' } });
    await fireEvent.submit(screen.getByTestId('reporting-settle-1'));
    expect(service.reporting_settle).toHaveBeenCalledWith({ id: 3, round: 2, table: 1, winner: 'B', crystalsA: 3, crystalsB: 5, lang: 'en' });
    // each number box is labelled with whose crystals it holds
    expect(screen.getByLabelText('Crystals of Anna')).toBe(screen.getByTestId('reporting-crystals-a-1'));
    expect(screen.getByLabelText('Crystals of Cleo')).toBe(screen.getByTestId('reporting-crystals-b-1'));
  });

  it('says why reporting stopped, in German', async () => {
    service.reporting_status.mockResolvedValue(serving({ stopped: 'round_undone' }));
    render(ReportingPanel, { eventId: 3, lang: 'de', onerror: vi.fn(), onchanged: vi.fn() });
    const said = await screen.findByTestId('reporting-stopped');
    expect(said.textContent).toContain('Melden beendet:');
    expect(said.textContent).toContain('Die Runde wurde zurückgenommen.');
  });

  it('shows the report log newest first: who, table, address, time, old → new, decisions', async () => {
    service.reporting_status.mockResolvedValue(serving({ url: 'http://192.168.1.20:8470/' }));
    service.reporting_log.mockResolvedValue([
      { round: 2, table: 1, who: 'Anna', action: 'report', client: '192.168.1.31', old: null, new: 'Anna won 5–2', at: '2026-11-26T19:02:03.000000Z' },
      { round: 2, table: 1, who: 'Anna', action: 'report', client: '192.168.1.31', old: 'Anna won 5–2', new: 'Anna won 5–3', at: '2026-11-26T19:02:09.000000Z' },
      { round: 2, table: 1, who: 'organiser', action: 'set_result', client: null, old: null, new: 'Anna won 5–3', at: '2026-11-26T19:05:00.000000Z' },
    ]);
    render(ReportingPanel, { eventId: 3, lang: 'en', onerror: vi.fn(), onchanged: vi.fn() });
    await fireEvent.click(await screen.findByTestId('reporting-log-toggle'));
    const rows = await screen.findAllByTestId('reporting-log-row');
    expect(service.reporting_log).toHaveBeenCalledWith({ id: 3, lang: 'en' });
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('organiser');
    expect(rows[0]?.textContent).toContain('set the result');
    expect(rows[1]?.textContent).toContain('Anna won 5–2 → Anna won 5–3');
    expect(rows[1]?.textContent).toContain('192.168.1.31');
    expect(rows[2]?.textContent).toContain('reported');
  });

  it('tells the event page when a table got its result', async () => {
    const onchanged = vi.fn();
    service.reporting_status.mockResolvedValue(serving());
    service.reporting_accept.mockResolvedValue(round());
    render(ReportingPanel, { eventId: 3, lang: 'en', onerror: vi.fn(), onchanged });
    await screen.findByTestId('reporting-table-2');
    expect(onchanged).not.toHaveBeenCalled();
    const after = round();
    after.tables = after.tables.map((tb) =>
      tb.table === 2 ? { ...tb, state: 'final', result: 'Ben won 5–1' } : tb,
    );
    service.reporting_status.mockResolvedValue(serving({ reporting: after }));
    await fireEvent.click(screen.getByTestId('reporting-accept-2'));
    await waitFor(() => expect(onchanged).toHaveBeenCalledTimes(1));
  });

  it('says so when there is no network to serve on, and takes an address typed instead', async () => {
    service.reporting_networks.mockResolvedValue([]);
    service.reporting_status.mockResolvedValue(serving());
    service.reporting_start.mockResolvedValue(serving());
    render(ReportingPanel, { eventId: 3, lang: 'en', onerror: vi.fn(), onchanged: vi.fn() });
    expect((await screen.findByTestId('reporting-no-network')).textContent).toContain('No network found');
    const start = screen.getByTestId('reporting-start') as HTMLButtonElement;
    await waitFor(() => expect(screen.getByTestId('reporting-other-ip')).toBeTruthy());
    expect(start.disabled).toBe(true);
    await fireEvent.input(screen.getByTestId('reporting-other-ip'), { target: { value: ' 10.1.2.3 ' } });
    await fireEvent.input(screen.getByTestId('reporting-port'), { target: { value: '9000' } });
    expect(start.disabled).toBe(false);
    await fireEvent.click(start);
    expect(service.reporting_start).toHaveBeenCalledWith({ id: 3, address: '10.1.2.3:9000', lang: 'en' });
  });
});

describe('ReportAddress (projector)', () => {
  it('shows where to report while the event is served, in German', async () => {
    service.reporting_status.mockResolvedValue(
      serving({ url: 'http://192.168.1.20:8470/', qr: 'data:image/svg+xml;base64,PHN2Zz4=' }),
    );
    render(ReportAddress, { eventId: 3, lang: 'de', onerror: vi.fn() });
    const block = await screen.findByTestId('report-address');
    expect(block.textContent).toContain('Melde dein Ergebnis auf dem Handy:');
    expect(block.textContent).toContain('http://192.168.1.20:8470/');
    expect(block.querySelector('img')?.getAttribute('src')).toContain('data:image/svg+xml');
  });

  it('shows nothing while reporting is not served', async () => {
    service.reporting_status.mockResolvedValue(serving());
    render(ReportAddress, { eventId: 3, lang: 'en', onerror: vi.fn() });
    await waitFor(() => expect(service.reporting_status).toHaveBeenCalled());
    expect(screen.queryByTestId('report-address')).toBeNull();
  });
});

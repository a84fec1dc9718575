// Where the players of an event will report, decided before the server runs (issue #29): the
// result slips are printed before reporting opens, so their QR codes need the address the
// organiser will serve at. It is the network the organiser chose for the event on this
// computer (in the printouts or when reporting was last served), else the first network the
// app offers, on the default port; the reporting panel starts on the same address, so the
// slips' QR codes work once reporting is open. Kept per event in this device's preferences
// (lib/device/prefs.svelte.ts): an address is this computer's network and means nothing on another one.
import type { LanAddress } from '../bindings/LanAddress';
import { device, setPref } from '../device/prefs.svelte';

export interface PlannedAddress {
  ip: string;
  port: string;
}

/** The reporting server's port unless the organiser gives another (lanreport::DEFAULT_PORT). */
export const DEFAULT_PORT = '8470';

/** The address chosen for `event` on this computer, if any. */
export function chosenAddress(event: number): PlannedAddress | null {
  const a = device.prefs.reporting_addresses[String(event)];
  return a && a.ip !== '' ? { ip: a.ip, port: a.port } : null;
}

/** The address the event will be served at: the one chosen, else the first network offered. */
export function plannedAddress(event: number, networks: LanAddress[]): PlannedAddress | null {
  const first = networks[0];
  return chosenAddress(event) ?? (first ? { ip: first.ip, port: DEFAULT_PORT } : null);
}

/** Keeps the organiser's choice for `event` (the slips and the reporting panel use it). */
export function chooseAddress(event: number, address: PlannedAddress): void {
  void setPref({ key: 'reporting_address', value: { event, address: { ip: address.ip.trim(), port: address.port.trim() } } });
}

/** `192.168.1.20:8470`, `[fd00::1]:8470`: what the server binds. */
export function addressText(a: PlannedAddress): string {
  const ip = a.ip.trim();
  return ip.includes(':') ? `[${ip}]:${a.port.trim()}` : `${ip}:${a.port.trim()}`;
}

/** The page players open: `http://192.168.1.20:8470/`. */
export function pageUrl(a: PlannedAddress): string {
  return `http://${addressText(a)}/`;
}

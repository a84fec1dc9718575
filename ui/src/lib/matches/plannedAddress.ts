// Where the players of an event will report, decided before the server runs (issue #29): the
// result slips are printed before reporting opens, so their QR codes need the address the
// organiser will serve at. It is the network the organiser chose for the event on this
// computer (in the printouts or when reporting was last served), else the first network the
// app offers, on the default port; the reporting panel starts on the same address, so the
// slips' QR codes work once reporting is open. Kept per event in this window's localStorage:
// an address is this computer's network and means nothing on another one.
import type { LanAddress } from '../bindings/LanAddress';

export interface PlannedAddress {
  ip: string;
  port: string;
}

/** The reporting server's port unless the organiser gives another (lanreport::DEFAULT_PORT). */
export const DEFAULT_PORT = '8470';

const key = (event: number) => `tablemate.reporting.address.${event}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The address chosen for `event` on this computer, if any. */
export function chosenAddress(event: number): PlannedAddress | null {
  try {
    const raw = storage()?.getItem(key(event));
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<PlannedAddress>;
    return typeof p.ip === 'string' && p.ip !== '' && typeof p.port === 'string' ? { ip: p.ip, port: p.port } : null;
  } catch {
    return null;
  }
}

/** The address the event will be served at: the one chosen, else the first network offered. */
export function plannedAddress(event: number, networks: LanAddress[]): PlannedAddress | null {
  const first = networks[0];
  return chosenAddress(event) ?? (first ? { ip: first.ip, port: DEFAULT_PORT } : null);
}

/** Keeps the organiser's choice for `event` (the slips and the reporting panel use it). */
export function chooseAddress(event: number, address: PlannedAddress): void {
  try {
    storage()?.setItem(key(event), JSON.stringify({ ip: address.ip.trim(), port: address.port.trim() }));
  } catch {
    // a window without storage prints with the first network; nothing is lost
  }
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

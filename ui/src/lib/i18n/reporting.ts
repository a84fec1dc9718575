// Texts of players reporting from their phones (the event page's reporting panel), English and
// German. Merged into the app's dictionaries in ../i18n.ts; a missing German key is a compile
// error.

const en = {
  'rp.heading': 'Players report from their phones',
  'rp.network': 'Network',
  'rp.port': 'Port',
  'rp.other': 'Another address…',
  'rp.otherIp': 'Address of this computer',
  'rp.noNetwork': 'No network found (only loopback, VPN or containers). Connect to the hall’s Wi-Fi.',
  'rp.byOrganiser': 'Agreeing reports wait for me',
  'rp.start': 'Open reporting',
  'rp.stop': 'Stop reporting',
  'rp.address': 'Players open',
  'rp.qr': 'QR code of the report page',
  'rp.projector': 'Report your result on your phone:',
  'rp.slip': 'Report on your phone',
  'rp.closed': 'Reporting is closed.',
  'rp.accept': 'Accept',
  'rp.reset': 'Report again',
  'rp.winner': 'Winner',
  'rp.crystals': 'Crystals of',
  'rp.settle': 'Set result',
  'rp.state.nobody': 'nobody reported',
  'rp.state.one': 'one reported',
  'rp.state.agreed': 'agreed',
  'rp.state.disputed': 'disputed',
  'rp.state.final': 'final',
};

export type ReportingKey = keyof typeof en;

const de: Record<ReportingKey, string> = {
  'rp.heading': 'Spieler melden vom Handy',
  'rp.network': 'Netzwerk',
  'rp.port': 'Port',
  'rp.other': 'Andere Adresse …',
  'rp.otherIp': 'Adresse dieses Rechners',
  'rp.noNetwork': 'Kein Netzwerk gefunden (nur Loopback, VPN oder Container). Verbinde dich mit dem WLAN der Halle.',
  'rp.byOrganiser': 'Übereinstimmende Meldungen warten auf mich',
  'rp.start': 'Melden öffnen',
  'rp.stop': 'Melden beenden',
  'rp.address': 'Spieler öffnen',
  'rp.qr': 'QR-Code der Meldeseite',
  'rp.projector': 'Melde dein Ergebnis auf dem Handy:',
  'rp.slip': 'Per Handy melden',
  'rp.closed': 'Das Melden ist geschlossen.',
  'rp.accept': 'Bestätigen',
  'rp.reset': 'Neu melden lassen',
  'rp.winner': 'Gewinner',
  'rp.crystals': 'Kristalle von',
  'rp.settle': 'Ergebnis setzen',
  'rp.state.nobody': 'niemand gemeldet',
  'rp.state.one': 'einer gemeldet',
  'rp.state.agreed': 'stimmt überein',
  'rp.state.disputed': 'strittig',
  'rp.state.final': 'fertig',
};

export const reportingText = { en, de };

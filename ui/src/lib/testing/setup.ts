// Before every test file: the texts the app loads after its first paint (lib/i18n.ts
// `loadText`) are in, as they are when any screen but the Table is drawn. Whether the first
// screen's code names only texts of the first bundle is checked by lib/i18n.first.test.ts.
import { loadText } from '../i18n';

await loadText();

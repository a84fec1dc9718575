// The Table's sheets that the first screen does not draw (a card's sheet, Why, More): each is a
// chunk of its own, so the first bundle the page parses before the Table is smaller. They are
// loaded once the first frame is painted (`preloadSheets`, from main.ts); a sheet opened before
// its chunk is in asks for it and shows as soon as it has come (`sheets.why` is undefined until
// then, and reading it starts the load).
import type CardSheet from './CardSheet.svelte';
import type MoreMenu from './MoreMenu.svelte';
import type Why from './Why.svelte';

const loaders = {
  card: () => import('./CardSheet.svelte'),
  more: () => import('./MoreMenu.svelte'),
  why: () => import('./Why.svelte'),
};
type Name = keyof typeof loaders;

const loaded: { card?: typeof CardSheet; more?: typeof MoreMenu; why?: typeof Why } = $state({});
const loading: Partial<Record<Name, Promise<unknown>>> = {};

/** Loads one sheet's chunk once; a failed load is tried again the next time it is asked for. */
function load(name: Name): Promise<unknown> {
  return (loading[name] ??= loaders[name]()
    .then((m) => {
      (loaded as Record<Name, unknown>)[name] = m.default;
    })
    .catch(() => {
      delete loading[name];
    }));
}

function asked<N extends Name>(name: N): (typeof loaded)[N] {
  if (!loaded[name]) void load(name);
  return loaded[name];
}

/** The sheets' components, undefined until loaded; reading one starts its load. */
export const sheets = {
  get card() {
    return asked('card');
  },
  get more() {
    return asked('more');
  },
  get why() {
    return asked('why');
  },
};

/** Loads every sheet's chunk (the page idle after its first frame; tests before they open one). */
export function preloadSheets(): Promise<unknown> {
  return Promise.all((Object.keys(loaders) as Name[]).map(load));
}

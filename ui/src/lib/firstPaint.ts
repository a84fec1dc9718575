// The first paint: what the first screen does not need to be drawn (the saved decks for the
// new-game form's choice, the wake lock, the card entry's warm-up, the Table's round clock,
// moving the old preferences over) is asked of Rust only after it, so no command goes out
// before the Table is painted (issue #31). main.ts holds the
// gate from before the mount until its first frames are painted; without main.ts (the tests)
// it is open from the start.
let painted: Promise<void> = Promise.resolve();

/** Closes the gate until the returned function is called (main.ts, once painted). */
export function holdUntilPainted(): () => void {
  let open: () => void = () => undefined;
  painted = new Promise((resolve) => (open = resolve));
  return open;
}

/** Resolves once the first screen has been painted (at once outside main.ts). */
export function afterFirstPaint(): Promise<void> {
  return painted;
}

// Steps of a Blue Moon fight at the table, shared by the table's end-to-end files.

/** Enters card `id` for `seat` by typing `typed` and picking its suggestion; waits until the
 *  card is in that seat's half. */
export async function enter(s, seat, typed, id) {
  const input = await s.waitFor('[data-testid="card-entry"]');
  await s.type(input, typed);
  await s.click(await s.waitFor(`[data-testid="suggestion-${id}"]`));
  await s.waitFor(`[data-testid="card-${seat}-${id}"]`);
}

/** Passes and waits until it is `seat`'s turn. */
export async function passTo(s, seat) {
  await s.click(await s.waitFor('[data-testid="pass"]'));
  await s.waitFor(`[data-testid="turn-${seat}"]`);
}

/** Passes to `seat` and enters its `cards`, each [typed, id], in turn. */
export async function turn(s, seat, ...cards) {
  await passTo(s, seat);
  for (const [typed, id] of cards) await enter(s, seat, typed, id);
}

/** Starts a game of Ann against Ben from the new-game form (opened from More when a game is on);
 *  `centred`: the Start button scrolled to the middle first (a short window). */
export async function newGame(s, { centred = false } = {}) {
  if ((await s.findAll('[data-testid="open-more"]')).length) {
    await s.click(await s.find('[data-testid="open-more"]'));
    await s.click(await s.waitFor('[data-testid="new-game-open"]'));
  }
  await s.type(await s.waitFor('[data-testid="new-a"]'), 'Ann');
  await s.type(await s.find('[data-testid="new-b"]'), 'Ben');
  if (centred) await s.execute("document.querySelector('[data-testid=\"new-start\"]').scrollIntoView({ block: 'center' })");
  await s.click(await s.find('[data-testid="new-start"]'));
}

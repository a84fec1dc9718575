#!/bin/bash
# Writes one data folder with the CLI of an old release: games, a match, a card fix, settings,
# an event with a correction and a drop, and (where the release has them) the other games.
# Usage: scenario.sh CLI DATA_DIR
# Every command is logged; one the release does not have fails and is skipped.
T="$1"; D="$2"; mkdir -p "$D"; LOG="$D.log"; : > "$LOG"
export TABLEMATE_DATA_DIR="$D" CI=true
run() {
  echo "\$ $*" >> "$LOG"; "$T" --data-dir "$D" "$@" >> "$LOG" 2>&1; local e=$?; echo "[exit $e]" >> "$LOG"
  # a release from before confirmations did the same without --confirm
  if [ $e = 2 ] && [[ " $* " == *" --confirm "* ]]; then
    local a=(); for x in "$@"; do [ "$x" != --confirm ] && a+=("$x"); done; run "${a[@]}"
  fi
}
run settings --language de --theme light
# game 1: Ann (Vulca) against Ben (Hoax), one fight, then Ben concedes
run game new Ann Ben --people-a Vulca --people-b Hoax
run game play A V02
run game element A fire
run game pass Ann
run game play B Wogarathoras the Gloomy
run game play B H19
run game pass B
run game play A Volcanic Gauntlets --target "Vulca 02"
run game play A Feuerzauber --confirm
run game pass A --confirm
run game retreat B
run game concede B
run game next
# game 2 of the match, unfinished, with an undone play waiting to be redone
run game play B Wogarathoras the Gloomy
run game element B earth
run game pass B
run game play A V02
run game undo
# a fix of a card no game has played
run cards fix V30 --fact fire --value 4
# a second match played away from the table, recorded by result
run match new Cleo Dan
run match game 2 --winner Cleo --crystals 4 --dragons 3 --fights 5 --people-a Mimix --people-b Flit
# an event: four players, round 1 with a correction, a drop, round 2
run tournament new --name "Winter Cup" --date 2026-01-10 --rounds 3 --first-round seeded --seed 7
run tournament register 1 Ann --people Vulca
run tournament register 1 Ben --people Hoax
run tournament register 1 Cleo --people Mimix
run tournament register 1 Dan --people Flit
run tournament pair 1
run tournament result 1 --round 1 --table 1 --winner a --crystals 5-2
run tournament result 1 --round 1 --table 2 --winner b --crystals 1-5
run tournament correct 1 --round 1 --table 1 --winner b --crystals 3-5 --reason "slip misread"
run tournament drop 1 Dan
run tournament pair 1
run tournament result 1 --round 2 --table 1 --winner a --crystals 5-0
# the other games (from schema 6 on)
run game new --game whi --players Ann Ben --decks Dwarfs Orcs
run whi damage Ben kingdom 3
run whi develop Ann quest
run whi next
run game new --game stccg --players Kirk Picard
run stccg score Kirk 25 --reason mission
run stccg score Picard 10 --reason dilemma
run game new --game kc --players Ann Ben
run kc play Ann amazon --duration 2
run kc next
echo done >> "$LOG"

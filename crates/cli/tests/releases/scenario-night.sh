#!/bin/bash
# Run after scenario.sh on the same data folder, with the same old CLI (from schema 10 on):
# what a night at the table leaves in the record besides, so that it is frozen too:
# a ruling marked seen, an abandoned game, a prepared round, and a second event with its round
# published, the round clock running and the players' own reports from their phones (sent over
# HTTP to `tournament serve`, as a phone does): one table agreed and waiting for the organiser,
# one disputed, one with a single report.
# Usage: scenario-night.sh CLI DATA_DIR   (appends to DATA_DIR.log, as scenario.sh writes it)
T="$1"; D="$2"; LOG="$D.log"
export TABLEMATE_DATA_DIR="$D" CI=true
run() {
  echo "\$ $*" >> "$LOG"; "$T" --data-dir "$D" "$@" >> "$LOG" 2>&1; local e=$?; echo "[exit $e]" >> "$LOG"
}
# a ruling of the Warhammer: Invasion game marked seen (its id as `whi rulings` shows it)
ruling=$("$T" --data-dir "$D" --json whi rulings "Dwarf Cannon Crew" 2>>"$LOG" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["ruling"]["id"])' 2>>"$LOG")
run whi seen "$ruling"
# a third match: one play, then abandoned
run game new Eve Finn --people-a Mimix --people-b Flit
run game play A M01
run game abandon --confirm
# event 1: round 3 prepared, not published
run tournament pair 1 --prepare
# event 2: six players, round 1 published, the clock running, reports from the phones
run tournament new --name "Spring Cup" --date 2026-03-14 --rounds 3 --first-round seeded --seed 3
for p in Gil Hal Ida Jon Kim Lea; do run tournament register 2 "$p" --people Vulca; done
run tournament pair 2
run tournament reports 2 --accept by-organiser
run tournament clock 2 set 50
run tournament clock 2 start
codes=$("$T" --data-dir "$D" --json tournament codes 2 2>>"$LOG")
echo "$codes" >> "$LOG"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
addr="127.0.0.1:$port"
"$T" --data-dir "$D" tournament serve 2 --address "$addr" >> "$LOG" 2>&1 &
server=$!
sleep 2
report() { # PLAYER RESULT A-CRYSTALS B-CRYSTALS (the reporter's own first)
  local code
  code=$(echo "$codes" | python3 -c "import json,sys; print(next(c['code'] for c in json.load(sys.stdin) if c['player']=='$1'))")
  echo "\$ report $*" >> "$LOG"
  curl -s -X POST "http://$addr/api/report" -H "Origin: http://$addr" -H 'Content-Type: application/json' \
    -d "{\"code\":\"$code\",\"result\":\"$2\",\"crystals\":[$3,$4]}" >> "$LOG" 2>&1
  echo >> "$LOG"
}
report Gil won 5 2
report Jon lost 2 5
report Hal won 5 1
report Kim won 5 3
report Ida won 5 0
kill -INT "$server"; wait "$server"
echo "[serve exit $?]" >> "$LOG"
echo night done >> "$LOG"

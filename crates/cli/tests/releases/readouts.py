#!/usr/bin/env python3
"""Runs the read-only commands of a fixture with the given CLI and writes readouts.json:
[{"args": [...], "exit": n, "out": <json or null>, "stderr": its first 300 characters,
  "at": when it ran (epoch ms; a running clock's time left is read against it)}].
The reads after the first fourteen were added with scenario-night.sh (v11 on)."""
import json, subprocess, sys, time
cli, data, out = sys.argv[1], sys.argv[2], sys.argv[3]
CMDS = [
    ["settings"],
    ["history", "list"],
    ["history", "show", "1"], ["history", "show", "2"], ["history", "show", "3"],
    ["match", "show", "1"], ["match", "show", "2"],
    ["game", "show"],
    ["cards", "show", "V30"],
    ["tournament", "show", "1"], ["tournament", "standings", "1"],
    ["whi", "show"], ["stccg", "show"], ["kc", "show"],
    # scenario-night.sh: the abandoned game, the waiting redo, a ruling seen, the prepared
    # round, the second event with its running clock, its seat codes and the players' reports
    ["history", "show", "4"], ["match", "show", "3"], ["game", "show", "--game", "2"],
    ["whi", "rulings", "Dwarf Cannon Crew"],
    ["tournament", "show", "2"], ["tournament", "standings", "2"],
    ["tournament", "reports", "2"], ["tournament", "clock", "2"], ["tournament", "codes", "2"],
]
res = []
for args in CMDS:
    at = int(time.time() * 1000)
    p = subprocess.run([cli, "--data-dir", data, "--json", *args], capture_output=True, text=True,
                       env={"CI": "true", "PATH": "/usr/bin:/bin"})
    try:
        o = json.loads(p.stdout)
    except Exception:
        o = None
    res.append({"args": args, "exit": p.returncode, "out": o, "stderr": p.stderr.strip()[:300],
                "at": at})
json.dump(res, open(out, "w"), indent=1, ensure_ascii=False)

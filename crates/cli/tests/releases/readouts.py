#!/usr/bin/env python3
"""Runs the read-only commands of a fixture with the given CLI and writes readouts.json:
[{"args": [...], "exit": n, "out": <json or null>, "stderr": its first 300 characters}]."""
import json, subprocess, sys
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
]
res = []
for args in CMDS:
    p = subprocess.run([cli, "--data-dir", data, "--json", *args], capture_output=True, text=True,
                       env={"CI": "true", "PATH": "/usr/bin:/bin"})
    try:
        o = json.loads(p.stdout)
    except Exception:
        o = None
    res.append({"args": args, "exit": p.returncode, "out": o, "stderr": p.stderr.strip()[:300]})
json.dump(res, open(out, "w"), indent=1, ensure_ascii=False)

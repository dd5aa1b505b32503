"""Creates the load test's games through the JSON API, reads each player's key and reply address
from the welcome mails in the outbox, and writes the files the wrk scripts read."""
import json, os, sys, urllib.request

base, games, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]


def call(method, path, body=None, ctype="application/json"):
    data = None if body is None else (json.dumps(body).encode() if ctype == "application/json" else body.encode())
    req = urllib.request.Request(base + path, data=data, method=method, headers={"content-type": ctype})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read() or b"null")


gms, ids = [], []
names = ["Ann", "Ben", "Cleo", "Dan"]
for i in range(games):
    created = call("POST", "/api/games", {
        "name": f"load {i}", "gm_email": "gm@example.org", "reminder_hours": "",
        "players": [f"{n} <{n.lower()}{i}@example.org>" for n in names],
    })
    gms.append(created["gm_link"].split("/gm/")[1])
    ids.append(created["id"])

# A player's link reaches that player alone, by mail: read the welcome mails in the outbox
# for every player's key and reply address.
import time
outbox = os.path.join(work, "outbox")
for _ in range(200):
    if os.path.isdir(outbox) and len(os.listdir(outbox)) >= games * 5:
        break
    time.sleep(0.2)
links, reply_of = {}, {}
for file in sorted(os.listdir(outbox)):
    with open(os.path.join(outbox, file), encoding="utf-8", errors="replace") as f:
        mail = f.read().replace("=\r\n", "").replace("=\n", "")
    lines = mail.splitlines()
    subject = next((l for l in lines if l.startswith("Subject: ")), "")
    if "] welcome to " not in subject:
        continue
    game = int(subject.split("game ")[1].split("]")[0])
    name = subject.rsplit(", ", 1)[1].strip()
    for k, line in enumerate(lines):
        if line.startswith("Your private page"):
            links[(game, name)] = lines[k + 1].strip().split("/play/")[1]
        if line.startswith("Reply-To: ") and "+" in line:
            reply_of[(game, name)] = line.split("Reply-To: ")[1].strip().strip("<>")
players, replies = [], []
for game in ids:
    for k, n in enumerate(names):
        # Each player asks the next one, so every turn is a valid one.
        players.append((links[(game, n)], names[(k + 1) % 4]))
        replies.append(f"{reply_of[(game, n)]}\t{names[(k + 1) % 4]}")

# One resolved round, so there is a bulletin to read.
call("POST", f"/api/gm/{gms[0]}/actions", {"action": "resolve"})
with open(os.path.join(work, "bulletin_path"), "w") as f:
    f.write("/games/%s/rounds/1" % gms[0].split("-")[0])
with open(os.path.join(work, "gm_path"), "w") as f:
    f.write("/gm/%s\n" % gms[1])
with open(os.path.join(work, "player_paths"), "w") as f:
    f.write("\n".join("/play/" + p for p, _ in players) + "\n")
# Tokens for turns: every player of every game but the first (its round is resolved).
with open(os.path.join(work, "tokens"), "w") as f:
    f.write("\n".join(f"{p}\t{other}" for p, other in players[4:]) + "\n")

with open(os.path.join(work, "replies"), "w") as f:
    f.write("\n".join(r for r in replies if r) + "\n")
print(f"set up {games} games, {len(players)} players, {len(replies)} reply addresses", file=sys.stderr)

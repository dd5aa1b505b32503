"""Creates the load test's games through the JSON API and writes the files the wrk scripts read."""
import json, os, sys, urllib.request

base, games, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]


def call(method, path, body=None, ctype="application/json"):
    data = None if body is None else (json.dumps(body).encode() if ctype == "application/json" else body.encode())
    req = urllib.request.Request(base + path, data=data, method=method, headers={"content-type": ctype})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read() or b"null")


players, gms = [], []
names = ["Ann", "Ben", "Cleo", "Dan"]
for i in range(games):
    names = ["Ann", "Ben", "Cleo", "Dan"]
    created = call("POST", "/api/games", {
        "name": f"load {i}", "gm_email": "gm@example.org", "seed": i, "reminder_hours": "",
        "players": [f"{n} <{n.lower()}{i}@example.org>" for n in names],
    })
    gms.append(created["gm_link"].split("/gm/")[1])
    for k, p in enumerate(created["players"]):
        # Each player asks the next one, so every turn is a valid one.
        players.append((p["link"].split("/play/")[1], names[(k + 1) % 4]))

# One resolved round, so there is a bulletin to read.
call("POST", f"/api/gm/{gms[0]}/actions", {"action": "resolve"})
with open(os.path.join(work, "bulletin_path"), "w") as f:
    f.write("/games/%s/rounds/1" % gms[0].split("-")[0])
with open(os.path.join(work, "player_paths"), "w") as f:
    f.write("\n".join("/play/" + p for p, _ in players) + "\n")
# Tokens for turns: every player of every game but the first (its round is resolved).
with open(os.path.join(work, "tokens"), "w") as f:
    f.write("\n".join(f"{p}\t{other}" for p, other in players[4:]) + "\n")

# Reply addresses for inbound mail, from the welcome mails in the outbox.
replies = []
outbox = os.path.join(work, "outbox")
import time
for _ in range(100):
    if os.path.isdir(outbox) and len(os.listdir(outbox)) >= games * 5:
        break
    time.sleep(0.2)
for name in sorted(os.listdir(outbox)):
    with open(os.path.join(outbox, name), encoding="utf-8", errors="replace") as f:
        head = f.read(2000)
    reply = name_ = None
    for line in head.splitlines():
        if line.startswith("Reply-To: ") and "+" in line:
            reply = line.split("Reply-To: ")[1].strip().strip("<>")
        if line.startswith("Subject: ") and "welcome to" in line:
            name_ = line.rsplit(", ", 1)[1].strip()
    if reply and name_ in names:
        replies.append(f"{reply}\t{names[(names.index(name_) + 1) % 4]}")
with open(os.path.join(work, "replies"), "w") as f:
    f.write("\n".join(r for r in replies if r) + "\n")
print(f"set up {games} games, {len(players)} players, {len(replies)} reply addresses", file=sys.stderr)

"""Reads wrk's outputs and prints the load test's table."""
import os, re, sys

work, idle_rss, accepted = sys.argv[1], sys.argv[2], sys.argv[3]


def parse(name):
    text = open(os.path.join(work, name)).read()
    if not text:
        return None
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    lat = {}
    for pct, value, unit in re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", text, re.M):
        lat[pct] = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rps, lat.get("50"), lat.get("99"), int(errors.group(1)) if errors else 0


rows = [("static page `/help`", "static-64.txt"), ("public bulletin page", "bulletin-64.txt"),
        ("player's private page", "private-64.txt"), ("game master's page", "gm-64.txt"),
        ("turn submission", "turn-64.txt"),
        ("turn submission", "turn-256.txt"), ("inbound-mail webhook", "inbound-64.txt")]
static = parse("static-64.txt")[0]
print("| endpoint | clients | requests/s | p50 ms | p99 ms | ratio to static | non-2xx |")
print("|---|---|---|---|---|---|---|")
for label, name in rows:
    if parse(name) is None:
        continue
    rps, p50, p99, errors = parse(name)
    clients = name.split("-")[1].split(".")[0]
    print(f"| {label} | {clients} | {rps:,.0f} | {p50:.1f} | {p99:.1f} | {rps / static:.0%} | {errors} |")
print(f"\nidle resident memory: {int(idle_rss) / 1024:.1f} MB; turns accepted during the run: {accepted}")

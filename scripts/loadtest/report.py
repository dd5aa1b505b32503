"""Reads wrk's outputs and prints the load test's table. Each endpoint ran between two runs of
the static page (static-K.txt and static-K+1.txt, K in its .before file); its ratio is to
their mean, the machine's speed at that moment."""
import os, re, sys

work, idle_rss, accepted = sys.argv[1], sys.argv[2], sys.argv[3]


def parse(name):
    path = os.path.join(work, name)
    text = open(path).read() if os.path.exists(path) else ""
    if not text:
        return None
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    lat = {}
    for pct, value, unit in re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", text, re.M):
        lat[pct] = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rps, lat.get("50"), lat.get("99"), int(errors.group(1)) if errors else 0


statics = []
while (run := parse(f"static-{len(statics) + 1}.txt")) is not None:
    statics.append(run)
rows = [("public bulletin page", "bulletin-64"), ("player's private page", "private-64"),
        ("game master's page", "gm-64"), ("turn submission", "turn-64"),
        ("turn submission", "turn-256"), ("inbound-mail webhook", "inbound-64")]
print("| endpoint | clients | requests/s | p50 ms | p99 ms | static page alongside, requests/s | ratio to static | non-2xx |")
print("|---|---|---|---|---|---|---|---|")
rates = [s[0] for s in statics]
mean = sum(rates) / len(rates)
p50 = sum(s[1] for s in statics) / len(statics)
p99 = sum(s[2] for s in statics) / len(statics)
errors = sum(s[3] for s in statics)
print(f"| static page `/help`, {len(statics)} runs | 64 | {mean:,.0f} | {p50:.1f} | {p99:.1f} | "
      f"{min(rates):,.0f} to {max(rates):,.0f} | 100% | {errors} |")
for label, name in rows:
    measured = parse(f"{name}.txt")
    if measured is None:
        continue
    rps, p50, p99, errors = measured
    before = int(open(os.path.join(work, f"{name}.before")).read())
    beside = [statics[k - 1][0] for k in (before, before + 1)]
    static = sum(beside) / 2
    clients = name.split("-")[1]
    print(f"| {label} | {clients} | {rps:,.0f} | {p50:.1f} | {p99:.1f} | "
          f"{beside[0]:,.0f} and {beside[1]:,.0f} | {rps / static:.0%} | {errors} |")
print(f"\nidle resident memory: {int(idle_rss) / 1024:.1f} MB; turns accepted during the run: {accepted}")

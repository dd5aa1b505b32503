#!/usr/bin/env python3
"""An independent referee for Clue (the Swimming Pool edition), as the service rules it.

Why this exists: the service's rules engine is a Rust program; a test that only replays
what the engine itself computed cannot catch the engine's mistakes. This referee was
written from the rule text alone -- `RULES-CLUE.md` (the board, distances, routes and the
section 7 fine points), `docs/src/contracts/clue-records.md` (the `replay` input and output,
places, corridor numbering, idleness, deadline and game-master steps) and the players' pages
`clue.md` / `clue.fr.md` (the turn language) -- without reading the engine's source. It
plays the same game step by step and compares every line's fate and every event.

From the program's output it takes ONLY what comes from the random stream:
  * the set-up (hands, spare cards, envelope, weapon_rooms, roll-off, first player), whose
    consistency it checks itself (hand sizes, spare cards, one envelope card of each kind,
    every card once, weapons in different rooms, the roll-off, the guests, the commitment);
  * the dice of each `rolled` event;
  * the card shown by a refuter who holds two or three of the named cards when neither the
    "already shown to this suggester" nor the `show order` preference decides (checked to be
    one they hold among the three) -- at once, or with `ask_refuter` on, at the deadline step
    or the game master's skip that ends the refuter's wait;
  * the ORDER of the cards in an `asked` event (the contract does not give it: the referee
    compares them as a set).
Everything else -- which lines are carried out or refused, where moves end, routes, who
had none, who is asked and who showed, accusations, turns, idleness, replacements, the
end -- it works out itself.

Usage:
  python3 clue_referee.py check INPUT.json [--binary PATH] [--expected FILE]
  python3 clue_referee.py random --games N [--seed S] [--binary PATH] [--steps K]
Standard library only.
"""

import argparse
import copy
import hashlib
import heapq
import json
import random
import subprocess
import sys
import unicodedata

DEFAULT_BINARY = "/tmp/ref/polysleuth"

# ---------------------------------------------------------------------------------------
# Cards (RULES-CLUE.md section 1), in the rules' order.

GUESTS = ["Miss Scarlet", "Colonel Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock",
          "Professor Plum"]
WEAPONS = ["Candlestick", "Knife", "Rope", "Pistol", "Bat", "Poison"]
ROOMS = ["Spa", "Theater", "Living Room", "Observatory", "Patio", "Hall", "Kitchen",
         "Dining Room", "Guest House"]
ROOM_IDS = [r.replace(" ", "") for r in ROOMS]
ALL_CARDS = GUESTS + WEAPONS + ROOMS

# guests: (english title, english name, french title, french name)
GUEST_PARTS = [("Miss", "Scarlet", "Mademoiselle", "Rose"),
               ("Colonel", "Mustard", "Colonel", "Moutarde"),
               ("Mrs.", "White", "Madame", "Leblanc"),
               ("Mr.", "Green", "Révérend", "Olive"),
               ("Mrs.", "Peacock", "Madame", "Pervenche"),
               ("Professor", "Plum", "Professeur", "Violet")]
WEAPONS_FR = ["Chandelier", "Poignard", "Corde", "Revolver", "Batte", "Poison"]
WEAPONS_FR_ART = ["le", "le", "la", "le", "la", "le"]
ROOMS_FR = ["Spa", "Théâtre", "Salon", "Observatoire", "Patio", "Hall", "Cuisine",
            "Salle à manger", "Maison d'amis"]
ROOMS_FR_ART = ["le", "le", "le", "l'", "le", "le", "la", "la", "la"]
PASSAGES = {"Spa": "Guest House", "Guest House": "Spa", "Kitchen": "Observatory",
            "Observatory": "Kitchen"}


def norm(s):
    """Case- and accent-insensitive form; apostrophes unified; spaces collapsed."""
    s = s.replace("\u2019", "'").replace("\u00a0", " ")
    s = unicodedata.normalize("NFD", s)
    s = "".join(ch for ch in s if unicodedata.category(ch) != "Mn")
    return " ".join(s.lower().split())


def _build_names():
    names = {}  # normalized written form -> card
    for i, (et, en, ft, fn) in enumerate(GUEST_PARTS):
        g = GUESTS[i]
        for form in (en, fn, et + " " + en, ft + " " + fn):
            names[norm(form)] = g
        if et.endswith("."):
            names[norm(et[:-1] + " " + en)] = g
    for i, w in enumerate(WEAPONS):
        names[norm(w)] = w
        names[norm(WEAPONS_FR[i])] = w
    for i, r in enumerate(ROOMS):
        names[norm(r)] = r
        names[norm(ROOMS_FR[i])] = r
    return names


NAMES = _build_names()
# French forms (a French article may stay before them, clue.md: "in French the article may stay")
FR_FORMS = set(norm(x) for x in WEAPONS_FR + ROOMS_FR + [p[3] for p in GUEST_PARTS]
               + [p[2] + " " + p[3] for p in GUEST_PARTS])


def card_of(text, kind=None, french=False):
    """The card a written name names, or None. In a French command a leading article may stay."""
    t = norm(text)
    cands = [t]
    for art in ("le ", "la ", "les ", "l'", "l' "):
        if t.startswith(art) and (french or t[len(art):] in FR_FORMS):
            cands.append(t[len(art):])
    for c in cands:
        card = NAMES.get(c)
        if card is not None and (kind is None or card in kind):
            return card
    return None


# ---------------------------------------------------------------------------------------
# The board (RULES-CLUE.md section 1; corridor numbering from clue-records.md).
# Nodes: ("R", room card) or ("S", guest index).

def _R(name):
    return ("R", name)


def _S(i):
    return ("S", i)


CORRIDORS = [
    (_R("Spa"), _R("Theater"), 5), (_R("Theater"), _R("Living Room"), 4),
    (_R("Living Room"), _R("Observatory"), 5), (_R("Observatory"), _R("Hall"), 6),
    (_R("Hall"), _R("Guest House"), 5), (_R("Guest House"), _R("Dining Room"), 7),
    (_R("Dining Room"), _R("Kitchen"), 6), (_R("Kitchen"), _R("Patio"), 5),
    (_R("Patio"), _R("Spa"), 6), (_R("Patio"), _R("Theater"), 8),
    (_R("Patio"), _R("Dining Room"), 7), (_R("Living Room"), _R("Hall"), 8),
    (_R("Dining Room"), _R("Hall"), 9), (_R("Theater"), _R("Dining Room"), 11),
    (_R("Living Room"), _R("Dining Room"), 10),
    (_S(0), _R("Theater"), 4), (_S(0), _R("Living Room"), 3),
    (_S(1), _R("Observatory"), 4), (_S(1), _R("Hall"), 5),
    (_S(2), _R("Guest House"), 4), (_S(2), _R("Dining Room"), 6),
    (_S(3), _R("Dining Room"), 4), (_S(3), _R("Kitchen"), 5),
    (_S(4), _R("Patio"), 4), (_S(4), _R("Kitchen"), 5),
    (_S(5), _R("Spa"), 4), (_S(5), _R("Patio"), 5),
]
NODES = [_R(r) for r in ROOMS] + [_S(i) for i in range(6)]
ADJ = {n: [] for n in NODES}  # node -> [(corridor index, other node, length)]
for _ci, (_a, _b, _l) in enumerate(CORRIDORS):
    ADJ[_a].append((_ci, _b, _l))
    ADJ[_b].append((_ci, _a, _l))


def node_name(n):
    """A place's name in a route's list of places (section 7)."""
    return n[1] if n[0] == "R" else GUESTS[n[1]] + " start"


def _dijkstra(src):
    dist = {src: 0}
    pq = [(0, NODES.index(src), src)]
    while pq:
        d, _, u = heapq.heappop(pq)
        if d > dist[u]:
            continue
        for _c, v, l in ADJ[u]:
            if d + l < dist.get(v, 1 << 30):
                dist[v] = d + l
                heapq.heappush(pq, (d + l, NODES.index(v), v))
    return dist


DIST = {n: _dijkstra(n) for n in NODES}

# The distance table printed in docs/src/players/clue.md, as a cross-check of the graph.
_DOC_TABLE = """Spa 0 5 9 14 6 17 11 13 20
Theater 5 0 4 9 8 12 13 11 17
Living Room 9 4 0 5 12 8 16 10 13
Observatory 14 9 5 0 17 6 21 15 11
Patio 6 8 12 17 0 16 5 7 14
Hall 17 12 8 6 16 0 15 9 5
Kitchen 11 13 16 21 5 15 0 6 13
Dining Room 13 11 10 15 7 9 6 0 7
Guest House 20 17 13 11 14 5 13 7 0
S0 9 4 3 8 12 11 17 13 16
S1 18 13 9 4 21 5 20 14 10
S2 19 17 16 15 13 9 12 6 4
S3 16 15 14 19 10 13 5 4 11
S4 10 12 16 21 4 20 5 11 18
S5 4 9 13 18 5 21 10 12 19"""


def _selfcheck_table():
    for line in _DOC_TABLE.splitlines():
        parts = line.split()
        nums = [int(x) for x in parts[-9:]]
        name = " ".join(parts[:-9])
        src = _S(int(name[1])) if name.startswith("S") and name[1:].isdigit() else _R(name)
        for r, d in zip(ROOMS, nums):
            if DIST[src][_R(r)] != d:
                yield "%s -> %s: graph %d, table %d" % (node_name(src), r, DIST[src][_R(r)], d)


def shortest_routes_from_node(src, target):
    """Every shortest route (as a list of nodes after src, ending with target) and its edges."""
    dt = DIST[target]
    out = []

    def rec(u, nodes, edges):
        if u == target:
            out.append((list(nodes), list(edges)))
            return
        for c, v, l in ADJ[u]:
            if dt[u] == l + dt[v]:
                nodes.append(v)
                edges.append((c, u, v))
                rec(v, nodes, edges)
                nodes.pop()
                edges.pop()

    rec(src, [], [])
    return out


def route_key(nodes):
    return [node_name(n).lower() for n in nodes]


def place_node(pos):
    """The node whose distances a piece uses, or None on a corridor square."""
    if pos[0] in ("in", "door"):
        return _R(pos[1])
    if pos[0] == "start":
        return _S(pos[1])
    return None


def distance(pos, target):
    n = place_node(pos)
    if n is not None:
        return DIST[n][_R(target)]
    _, c, k = pos
    a, b, l = CORRIDORS[c]
    return min(k + DIST[a][_R(target)], (l - k) + DIST[b][_R(target)])


def best_route(pos, target):
    """(list of places, legs) for the route the rules take: shortest, then first list of
    places alphabetically. A leg is (corridor, from_a at the leg's start, from_a at its end,
    node reached)."""
    t = _R(target)
    cands = []
    n = place_node(pos)
    if n is not None:
        for nodes, edges in shortest_routes_from_node(n, t):
            legs = []
            for c, u, v in edges:
                a, b, l = CORRIDORS[c]
                legs.append((c, 0, l, v) if u == a else (c, l, 0, v))
            cands.append((nodes, legs))
    else:
        _, c, k = pos
        a, b, l = CORRIDORS[c]
        best = distance(pos, target)
        for end, first_leg, dlen in ((a, (c, k, 0, a), k), (b, (c, k, l, b), l - k)):
            if dlen + DIST[end][t] != best:
                continue
            for nodes, edges in shortest_routes_from_node(end, t):
                legs = [first_leg]
                for c2, u, v in edges:
                    a2, b2, l2 = CORRIDORS[c2]
                    legs.append((c2, 0, l2, v) if u == a2 else (c2, l2, 0, v))
                cands.append(([end] + nodes, legs))
    cands.sort(key=lambda x: route_key(x[0]))
    return cands[0]


def walk(pos, target, roll):
    """Where a `move to target` with this roll leaves the piece."""
    if roll >= distance(pos, target):
        return ("in", target)
    nodes, legs = best_route(pos, target)
    rem = roll
    for c, s, e, v in legs:
        ln = abs(e - s)
        if rem < ln:
            k = s + rem if e > s else s - rem
            return ("corr", c, k)
        if rem == ln:
            if v[0] == "R":
                return ("door", v[1])  # (v cannot be the target: roll < distance)
            return ("start", v[1])
        rem -= ln
    raise AssertionError("walked past the target")


def route_count(pos, target):
    """How many shortest routes lead there (for choosing interesting moves)."""
    n = place_node(pos)
    if n is not None:
        return len(shortest_routes_from_node(n, _R(target)))
    _, c, k = pos
    a, b, l = CORRIDORS[c]
    best = distance(pos, target)
    tot = 0
    for end, dlen in ((a, k), (b, l - k)):
        if dlen + DIST[end][_R(target)] == best:
            tot += len(shortest_routes_from_node(end, _R(target)))
    return tot


def passes_start(pos, target):
    nodes, _ = best_route(pos, target)
    return any(x[0] == "S" for x in nodes)


def place_json(pos):
    if pos[0] == "in":
        return {"in": pos[1].replace(" ", "")}
    if pos[0] == "door":
        return {"door": pos[1].replace(" ", "")}
    if pos[0] == "start":
        return {"start": pos[1]}
    return {"corridor": {"corridor": pos[1], "from_a": pos[2]}}


def rid(room):
    return room.replace(" ", "")


# ---------------------------------------------------------------------------------------
# The turn language (clue.md / clue.fr.md "The commands").

def _split_once(s, sep):
    i = s.find(sep)
    return None if i < 0 else (s[:i], s[i + len(sep):])


# the documented French forms: "à la Cuisine", "au Salon", "à l'Observatoire", "dans la Cuisine"
FR_ROOM_PREPS = ("a la ", "a l'", "a l' ", "au ", "dans la ", "dans le ", "dans l'", "dans l' ")


def _fr_room(text):
    t = norm(text)
    for p in FR_ROOM_PREPS:
        if t.startswith(p):
            r = card_of(t[len(p):], ROOMS, french=True)
            if r:
                return r
    return None


def _guest_then_room(left, french):
    """Split 'GUEST in ROOM' / 'GUEST au ROOM' into (guest, room)."""
    if not french:
        parts = left.split(" in ")
        for i in range(1, len(parts)):
            g = card_of(" in ".join(parts[:i]), GUESTS)
            r = card_of(" in ".join(parts[i:]), ROOMS)
            if g and r:
                return g, r
        return None
    words = left.split(" ")
    for i in range(1, len(words)):
        g = card_of(" ".join(words[:i]), GUESTS, french=True)
        if g:
            r = _fr_room(" ".join(words[i:]))
            if r:
                return g, r
    return None


def parse_command(line):
    """A command as a tuple, or None when the line is not understood."""
    s = norm(line)
    if s in ("passage", "passage secret"):
        return ("passage",)
    if s in ("stay", "rester"):
        return ("stay",)
    if s in ("done", "fini"):
        return ("done",)
    # `status`/`help` (`état`/`aide`) are requests to the mail door, not game commands
    # (clue.md "The commands"): the replay does not understand them.
    if s.startswith("move to "):
        r = card_of(s[8:], ROOMS)
        return ("move", r) if r else None
    if s.startswith("aller "):
        r = _fr_room(s[6:])
        return ("move", r) if r else None
    if s.startswith("show order ") or s.startswith("ordre "):
        french = s.startswith("ordre ")
        rest = s[6:] if french else s[11:]
        cards = []
        for part in rest.split(","):
            c = card_of(part.strip(), None, french=french)
            if c is None:
                return None
            cards.append(c)
        return ("order", cards)
    if s.startswith("show ") or s.startswith("montrer "):
        french = s.startswith("montrer ")
        c = card_of(s[8:] if french else s[5:], None, french=french)
        return ("show", c) if c else None
    for verb, with_, french, kind in (("suggest ", " with ", False, "suggest"),
                                      ("suggerer ", " avec ", True, "suggest"),
                                      ("accuse ", " with ", False, "accuse"),
                                      ("accuser ", " avec ", True, "accuse")):
        if not s.startswith(verb):
            continue
        sp = _split_once(s[len(verb):], with_)
        if sp is None:
            return None
        left, wtext = sp
        w = card_of(wtext, WEAPONS, french=french)
        if w is None:
            return None
        g = card_of(left, GUESTS, french=french)
        if g is not None:
            return (kind, g, None, w) if kind == "suggest" else None
        gr = _guest_then_room(left, french)
        if gr is None:
            return None
        return (kind, gr[0], gr[1], w)
    return None


def command_lines(text):
    """A message's command lines: blank lines and lines beginning with #, // or > skipped,
    a line `--` ends it."""
    out = []
    for raw in text.split("\n"):
        line = raw.rstrip("\r")
        st = line.strip()
        if st == "--":
            break
        if not st or st.startswith("#") or st.startswith("//") or st.startswith(">"):
            continue
        out.append(line)
    return out


# ---------------------------------------------------------------------------------------

class Disagreement(Exception):
    pass


class KnownDisagreement(Disagreement):
    """A disagreement already diagnosed and reported (see KNOWN): `check` reports it as a
    difference; `random` counts it and goes on checking the rest of the game."""
    pass


# Disagreements diagnosed, reported and fixed since (K1, K2, K3: the regression_*.json inputs)
# are no longer tolerated: a regression fails.
KNOWN = {}


HAND_SIZES = {3: (6, 0), 4: (4, 2), 5: (3, 3), 6: (3, 0)}
SETTINGS_DEFAULT = {"turn_hours": 24, "board": True, "ask_refuter": False, "show_hours": 12,
                    "idle_turns": 3, "assistant": True}


STATS = {}
COUNTING = [True]  # off while a whole game is checked again


def stat(k):
    if COUNTING[0]:
        STATS[k] = STATS.get(k, 0) + 1


def final_names(inp):
    """The names as seated after every `replace` step of the input."""
    names = list(inp["players"])
    for st in inp.get("messages") or []:
        if isinstance(st, dict) and isinstance(st.get("replace"), dict):
            r = st["replace"]
            for i, x in enumerate(names):
                if x.lower() == str(r.get("player", "")).lower():
                    names[i] = r.get("by")
                    break
    return names


def unreadable(inp):
    """Why the replay must refuse this input (exit 2), for the cases the referee models: a
    message or a replacement naming someone not seated at that step, a seat given to a name
    another player has (clue-records.md: 'a message from someone who is not a player')."""
    names = list(inp["players"])
    for i, st in enumerate(inp.get("messages") or []):
        if "player" in st:
            if not any(x.lower() == st["player"].lower() for x in names):
                return "step %d: a message from %r, not a player then" % (i + 1, st["player"])
        elif "replace" in st:
            r = st["replace"]
            seat = [j for j, x in enumerate(names) if x.lower() == r["player"].lower()]
            if not seat:
                return "step %d: replace of %r, not a player then" % (i + 1, r["player"])
            if not r["by"] or any(x.lower() == r["by"].lower() for x in names):
                return "step %d: the seat given to %r, a name a player has" % (i + 1, r["by"])
            names[seat[0]] = r["by"]
    return None


class Referee:
    def __init__(self, inp, out):
        self.inp = inp
        self.out = out
        self.players = list(inp["players"])      # as seated now (a `replace` step renames)
        self.start_players = list(inp["players"])  # as the game began
        self.final_players = final_names(inp)     # as seated after the last step
        self.n = len(self.players)
        self.settings = dict(SETTINGS_DEFAULT)
        self.settings.update(inp.get("settings") or {})
        self.board = bool(self.settings["board"])
        self.ask = bool(self.settings["ask_refuter"])
        self.idle_turns = self.settings["idle_turns"]
        self.known = []  # known disagreements met (KNOWN)
        self.check_setup()
        # state
        self.pos = {g: ("start", i) for i, g in enumerate(GUESTS)}
        self.turn = self.first_seat
        self.out_ = [False] * self.n
        self.idle = [0] * self.n
        self.skipped = [False] * self.n
        self.stay_right = [False] * self.n
        self.shown = {}  # (refuter, suggester) -> [cards in the order shown]
        self.show_order = [[] for _ in range(self.n)]
        self.last_room = [None] * self.n  # board off: the room of one's previous suggestion
        self.pending = None  # ask_refuter: (refuter, suggester, cards held of the three)
        self.over = False
        self.winner = None
        self.new_turn_state()
        self.steps_done = 0
        self.idle_heavy = False  # (random games: many deadlines)

    # -- set-up -----------------------------------------------------------------------
    def fail(self, msg):
        raise Disagreement(msg)

    def check_setup(self):
        inp, out = self.inp, self.out
        if out.get("ruleset") != "clue":
            self.fail("set-up: output ruleset is %r" % out.get("ruleset"))
        # `players`: "the names as seated" -- after the replay's last step
        if out.get("players") != self.final_players:
            self.fail("set-up: players %r, expected %r (as seated after the last step)"
                      % (out.get("players"), self.final_players))
        if out.get("seed") != inp["seed"]:
            self.fail("set-up: seed %r, expected %r" % (out.get("seed"), inp["seed"]))
        if "salt" in inp and out.get("salt") != inp["salt"]:
            self.fail("set-up: salt %r, expected the input's %r" % (out.get("salt"), inp["salt"]))
        if out.get("settings") != self.settings:
            self.fail("set-up: settings %r, expected %r" % (out.get("settings"), self.settings))
        # guests: chosen kept, the others in the rules' order
        chosen = list(inp.get("guests") or [])
        chosen += [None] * (self.n - len(chosen))
        chosen = [card_of(c, GUESTS) if c is not None else None for c in chosen[:self.n]]
        free = [g for g in GUESTS if g not in chosen]
        guests = []
        for c in chosen:
            guests.append(c if c is not None else free.pop(0))
        if out.get("guests") != guests:
            self.fail("set-up: guests %r, expected %r" % (out.get("guests"), guests))
        self.guests = guests
        self.seat_of_guest = {g: i for i, g in enumerate(guests)}
        su = out["setup"]
        env = su["envelope"]
        if not (len(env) == 3 and env[0] in GUESTS and env[1] in WEAPONS and env[2] in ROOMS):
            self.fail("set-up: envelope %r is not a guest, a weapon and a room" % env)
        self.envelope = tuple(env)
        hsize, nspare = HAND_SIZES[self.n]
        hands = su["hands"]
        # the set-up's names: the contract does not say whether a seat is named as the game
        # began or as seated now; either is taken, one way throughout
        hp = [h["player"] for h in hands]
        if hp == self.start_players:
            names = self.start_players
        elif hp == self.final_players:
            names = self.final_players
            if names != self.start_players:
                stat("set-up names as seated after the replacements")
        else:
            self.fail("set-up: hands are for %r" % hp)
            names = None
        sname = dict(zip(names, self.start_players))  # set-up name -> name at the start
        self.hands = []
        for h in hands:
            if len(h["cards"]) != hsize:
                self.fail("set-up: %s holds %d cards, expected %d" % (h["player"], len(h["cards"]), hsize))
            self.hands.append(list(h["cards"]))
        spare = list(su.get("spare") or [])
        if len(spare) != nspare:
            self.fail("set-up: %d spare cards, expected %d" % (len(spare), nspare))
        every = list(env) + spare + [c for h in self.hands for c in h]
        if sorted(every) != sorted(ALL_CARDS):
            self.fail("set-up: the cards dealt are not every card exactly once: %r" % every)
        wr = su.get("weapon_rooms") or []
        if self.board or wr:
            if len(wr) != 6 or len(set(wr)) != 6 or any(r not in ROOM_IDS for r in wr):
                self.fail("set-up: weapon_rooms %r are not six different rooms" % wr)
        # roll-off
        ro = [[dict(r, player=sname.get(r.get("player"), r.get("player"))) for r in rnd]
              for rnd in su["roll_off"]]
        first = sname.get(su["first"], su["first"])
        if first not in self.start_players:
            self.fail("set-up: first is %r, no player" % su["first"])
        self.first_seat = self.start_players.index(first)
        group = list(self.start_players)
        if not ro:
            self.fail("set-up: no roll-off")
        for i, rnd in enumerate(ro):
            if [r["player"] for r in rnd] != group:
                self.fail("set-up: roll-off round %d rolled by %r, expected %r"
                          % (i + 1, [r["player"] for r in rnd], group))
            vals = [r["rolled"] for r in rnd]
            if any(not (1 <= v <= 6) for v in vals):
                self.fail("set-up: roll-off round %d has a roll out of 1..6" % (i + 1))
            hi = max(vals)
            top = [r["player"] for r in rnd if r["rolled"] == hi]
            if len(top) == 1:
                if i != len(ro) - 1:
                    self.fail("set-up: roll-off goes on after round %d had one highest" % (i + 1))
                if first != top[0]:
                    self.fail("set-up: first is %r, the roll-off gives %r" % (su["first"], top[0]))
            else:
                if i == len(ro) - 1:
                    self.fail("set-up: roll-off ends on a tie")
                group = top
        # the commitment (clue-records.md "The commitment")
        # (published at the start: the names as the game began)
        if self.board or wr:
            def commit(pnames):
                lines = ["%s: %s" % (p, ", ".join(h)) for p, h in zip(pnames, self.hands)]
                lines.append("spare: " + ", ".join(spare))
                lines.append("envelope: " + ", ".join(env))
                if wr:
                    lines.append("weapons: " + ", ".join(
                        "%s in %s" % (w, ROOMS[ROOM_IDS.index(r)]) for w, r in zip(WEAPONS, wr)))
                lines.append("first: " + pnames[self.start_players.index(first)])
                lines.append("seed: %d" % inp["seed"])
                text = "".join(l + "\n" for l in lines) + out["salt"]
                return hashlib.sha256(text.encode()).hexdigest()
            com = commit(self.start_players)
            if com != out.get("commitment"):
                self.fail("set-up: commitment %r, expected %r from the canonical text over the "
                          "names the game began with" % (out.get("commitment"), com))

    # -- turns ------------------------------------------------------------------------
    def new_turn_state(self):
        self.phase = "start"   # start | in_room | answered
        self.moved = False     # a move (move to / passage / stay; board off: suggestion)

    def end_turn(self, events):
        self.stay_right[self.turn] = False
        self.advance(events)

    def advance(self, events):
        cur = self.turn
        while True:
            nxt = cur
            for _ in range(self.n):
                nxt = (nxt + 1) % self.n
                if not self.out_[nxt]:
                    break
            self.turn = nxt
            self.new_turn_state()
            events.append({"event": "turn", "player": self.players[nxt]})
            ins = [q for q in range(self.n) if not self.out_[q]]
            if self.skipped[nxt] and all(self.skipped[q] for q in ins):
                stat("all players in skipped")
            if self.skipped[nxt] and not all(self.skipped[q] for q in ins):
                stat("skipped turn passed")
                # a skipped player's turn passes at once; it is a turn of theirs that ends
                self.stay_right[nxt] = False
                cur = nxt
                continue
            return

    # -- steps ------------------------------------------------------------------------
    def expect_step(self, step, prog):
        """Play one input step; compare with the program's entry `prog`; return the
        referee's own entry. Raises Disagreement."""
        self.steps_done += 1
        if "player" in step:
            return self.message(step, prog)
        events = []
        pe = prog.get("events")
        if step.get("deadline"):
            if self.over:
                self.fail("a deadline step after the end (not modelled)")
            if self.pending:
                # the end of the refuter's time to choose: the preferences choose, and the
                # suggester's turn goes on (clue-records.md)
                stat("ask: deadline answers by the preferences")
                self.answer_by_preferences(events, pe, "deadline step")
            else:
                cur = self.turn
                if not self.moved:
                    self.idle[cur] += 1
                    if self.idle[cur] >= self.idle_turns:
                        self.skipped[cur] = True
                self.end_turn(events)
            mine = {"deadline": True, "events": events}
        elif step.get("gm") == "skip":
            if self.over:
                self.fail("a gm skip after the end (not modelled)")
            if self.pending:
                # "a refuter still asked to choose answers first, by the preferences"
                stat("ask: gm skip answers by the preferences, then the turn passes")
                self.answer_by_preferences(events, pe, "gm skip")
            self.end_turn(events)
            mine = {"gm": "skip", "events": events}
        elif step.get("gm") == "end":
            if self.over:
                self.fail("a gm end after the end (not modelled)")
            if self.pending:
                stat("ask: gm end while a refuter is asked")
            self.pending = None
            self.over = True
            self.winner = None
            events.append({"event": "over", "winner": None})
            mine = {"gm": "end", "events": events}
        elif "replace" in step:
            if self.over:
                self.fail("a replace step after the end (not modelled)")
            r = step["replace"]
            q = self.seat_of(r["player"])
            if q is None:
                self.fail("replace of a non-player %r (the program exits 2)" % r["player"])
            events.append({"event": "replaced", "player": r["by"], "before": self.players[q]})
            stat("replace" + (" (the player to move)" if q == self.turn else "")
                 + (" (an asked refuter)" if self.pending and self.pending[0] == q else "")
                 + (" (a waiting suggester)" if self.pending and self.pending[1] == q else "")
                 + (" (a skipped player)" if self.skipped[q] else ""))
            self.players[q] = r["by"]
            # The seat is the new player's: its hand, guest, place in the turns (and the
            # seat's show order and the cards it showed, "renames a seat"). Idleness is what
            # a player did ("a player who lets idle_turns turns in a row pass is skipped until
            # THEY send any command"): the newcomer starts with none.
            self.idle[q] = 0
            self.skipped[q] = False
            mine = {"replace": r, "events": events}
        else:
            self.fail("unknown step %r" % step)
        if pe != events:
            self.fail("step %s: expected events %s, the program said %s"
                      % (json.dumps(step), json.dumps(events), json.dumps(pe)))
        return mine

    def seat_of(self, name):
        who = [i for i, x in enumerate(self.players) if x.lower() == name.lower()]
        return who[0] if who else None

    def answer_by_preferences(self, events, pevents, what):
        q, p, held = self.pending
        card = self.choose(q, p, held, what, pevents or [])
        self.shown.setdefault((q, p), []).append(card)
        events.append({"event": "showed", "player": self.players[q], "to": self.players[p],
                       "card": card})
        self.pending = None
        self.phase = "answered"

    def message(self, step, prog):
        p = self.seat_of(step["player"])
        if p is None:
            self.fail("message from a non-player %r (the program exits 2)" % step["player"])
        if prog.get("player") != self.players[p]:
            self.fail("message entry names %r, expected %r" % (prog.get("player"), self.players[p]))
        lines = command_lines(step["text"])
        if lines:
            self.idle[p] = 0
            self.skipped[p] = False
        plines = prog.get("lines")
        if plines is None:
            self.fail("message entry has no lines: %s" % json.dumps(prog))
        mine = []
        for i, line in enumerate(lines):
            pl = plines[i] if i < len(plines) else None
            if pl is None:
                self.fail("line %r: expected to be %s, the program has no entry for it"
                          % (line, "read"))
            if pl.get("line", "").strip() != line.strip():
                self.fail("line %d is %r in the output, expected %r" % (i + 1, pl.get("line"), line))
            refusal = self.refusal(p, line)
            prog_refused = "refused" in pl
            if refusal is not None:
                if not prog_refused:
                    self.fail("line %r from %s: expected refused (%s), the program carried it "
                              "out with events %s" % (line, self.players[p], refusal,
                                                      json.dumps(pl.get("events"))))
                mine.append({"line": line, "refused": refusal})
                break
            if prog_refused:
                self.fail("line %r from %s: expected carried out, the program refused it: %r"
                          % (line, self.players[p], pl["refused"]))
            events = self.carry_out(p, line, pl.get("events") or [])
            if pl.get("events") != events:
                self.fail("line %r from %s: expected events %s, the program said %s"
                          % (line, self.players[p], json.dumps(events), json.dumps(pl.get("events"))))
            mine.append({"line": line, "events": events})
        if len(plines) != len(mine):
            self.fail("message from %s: expected %d line entries, the program has %d (%s)"
                      % (self.players[p], len(mine), len(plines), json.dumps(plines[len(mine):])))
        return {"player": self.players[p], "lines": mine}

    # which lines are refused ------------------------------------------------------------
    def refusal(self, p, line):
        cmd = parse_command(line)
        if cmd is None:
            return "not understood"
        if self.over:
            return "the game is over"
        k = cmd[0]
        if k == "order":
            cards = cmd[1]
            for c in cards:
                if c not in self.hands[p]:
                    return "%s is not in your hand" % c
            return None
        if k == "show":
            # "`show CARD` when no choice is pending is refused (it is not an answer in advance)"
            if self.pending is None:
                stat("show refused: no choice pending" + ("" if self.ask else " (ask_refuter off)"))
                return "no choice is pending"
            q, sug, held = self.pending
            if p != q:
                stat("show refused: from another than the asked refuter")
                return "you are not the one asked"
            if cmd[1] not in held:
                stat("show refused: a card not among those asked about")
                return "not one of the cards you were asked about"
            return None
        if p != self.turn:
            return "it is not your turn"
        if self.out_[p]:
            return "you are out"
        if self.pending is not None:
            # the suggestion waits for its answer: the turn cannot go on meanwhile
            stat("refused while a refuter is asked: " + k)
            return "the suggestion waits for the asked refuter's answer"
        g = self.guests[p]
        if k in ("move", "passage", "stay"):
            if not self.board:
                return "there is no board"
            if self.phase != "start":
                return "you have moved already this turn"
            if k == "move":
                if self.pos[g] == ("in", cmd[1]):
                    return "you stand in that room"
                return None
            if k == "passage":
                if self.pos[g][0] != "in" or self.pos[g][1] not in PASSAGES:
                    if self.pos[g][0] == "door" and self.pos[g][1] in PASSAGES:
                        stat("passage from a door (refused)")
                    return "no secret passage here"
                return None
            if not self.stay_right[p]:
                return "no right to stay"
            return None
        if k == "suggest":
            _, guest, room, weapon = cmd
            if self.board:
                if room is not None:
                    return "board on: the room is the one you stand in"
                if self.phase == "in_room":
                    return None
                if self.phase == "start" and self.stay_right[p]:
                    return None
                return "you must move into a room first" if self.phase == "start" else \
                    "you have suggested already"
            if room is None:
                return "board off: name the room"
            if self.phase != "start":
                return "you have suggested already"
            if room == self.last_room[p]:
                return "not the room of your previous suggestion"
            return None
        if k == "accuse":
            if self.phase != "answered":
                return "accuse after your suggestion is answered"
            return None
        if k == "done":
            if self.phase == "start":
                return "make your move first"
            return None
        return "unknown"

    # what a carried-out line does --------------------------------------------------------
    def carry_out(self, p, line, pevents):
        cmd = parse_command(line)
        k = cmd[0]
        ev = []
        g = self.guests[p]
        if k == "order":
            if self.pending is not None:
                stat("show order while a refuter is asked" +
                     (" (by the refuter)" if self.pending[0] == p else
                      " (by the suggester)" if self.pending[1] == p else ""))
            self.show_order[p] = list(cmd[1])
            return ev
        if k == "show":
            q, sug, held = self.pending
            card = cmd[1]
            stat("ask: answered by show")
            self.shown.setdefault((q, sug), []).append(card)
            ev.append({"event": "showed", "player": self.players[q], "to": self.players[sug],
                       "card": card})
            self.pending = None
            self.phase = "answered"
            return ev
        if k == "move":
            target = cmd[1]
            rolls = [e for e in pevents if e.get("event") == "rolled"]
            if not rolls:
                self.fail("line %r from %s: expected a roll of the dice, the program's events %s "
                          "have none" % (line, self.players[p], json.dumps(pevents)))
            dice = rolls[0].get("dice")
            if not (isinstance(dice, list) and len(dice) == 2 and all(isinstance(d, int) and 1 <= d <= 6 for d in dice)):
                self.fail("line %r: dice %r are not two dice" % (line, dice))
            ev.append({"event": "rolled", "player": self.players[p], "dice": list(dice)})
            self.moved = True
            self.pos_before = self.pos[g]
            newpos = walk(self.pos[g], target, dice[0] + dice[1])
            self.pos[g] = newpos
            ev.append({"event": "moved", "guest": g, "to": place_json(newpos)})
            stat("move ends " + newpos[0] + (" from door" if self.pos_before[0] == "door" else ""))
            if route_count(self.pos_before, target) > 1 and newpos[0] != "in":
                stat("move short on a tie of routes")
            if newpos[0] == "in":
                self.phase = "in_room"
            else:
                self.end_turn(ev)
            return ev
        if k == "passage":
            stat("passage")
            other = PASSAGES[self.pos[g][1]]
            self.pos[g] = ("in", other)
            self.moved = True
            self.phase = "in_room"
            ev.append({"event": "moved", "guest": g, "to": {"in": rid(other)}})
            return ev
        if k == "stay":
            stat("stay")
            self.moved = True
            self.phase = "in_room"
            return ev
        if k == "suggest":
            _, guest, room, weapon = cmd
            if self.board:
                if self.phase == "start":  # a suggestion without a move uses the stay right
                    stat("suggestion using the stay right")
                    self.moved = True
                room = self.pos[g][1]
                assert self.pos[g][0] == "in"
            else:
                self.moved = True
                self.last_room[p] = room
            ev.append({"event": "suggested", "player": self.players[p], "guest": guest,
                       "room": rid(room), "weapon": weapon})
            self.pos_before_sugg = self.pos[guest]
            if self.board and self.pos[guest] != ("in", room):
                self.pos[guest] = ("in", room)
                ev.append({"event": "moved", "guest": guest, "to": {"in": rid(room)}})
                q = self.seat_of_guest.get(guest)
                if q is not None and q != p:
                    stat("stay right given" + (" (from a door)" if self.pos_before_sugg[0] == "door" else ""))
                    self.stay_right[q] = True
            three = [guest, weapon, room]
            for i in range(1, self.n):
                q = (p + i) % self.n
                held = [c for c in three if c in self.hands[q]]
                if not held:
                    ev.append({"event": "had none", "player": self.players[q]})
                    continue
                if self.out_[q]:
                    stat("a player out answered")
                if self.ask and len(held) >= 2:
                    # asked even when a preference would decide (section 7)
                    asked = [e for e in pevents if e.get("event") == "asked"]
                    cards = list(held)
                    if asked and isinstance(asked[0].get("cards"), list) and \
                            sorted(asked[0]["cards"]) == sorted(held):
                        # the contract gives no order: compared as a set, the program's kept
                        cards = list(asked[0]["cards"])
                        kinds = "".join("GWR"[0 if c in GUESTS else 1 if c in WEAPONS else 2]
                                        for c in cards)
                        stat("ask: asked, cards in the order " + kinds)
                    if self.skipped[q]:
                        stat("ask: a skipped player asked")
                    if self.out_[q]:
                        stat("ask: a player out asked")
                    ev.append({"event": "asked", "player": self.players[q],
                               "to": self.players[p], "cards": cards})
                    self.pending = (q, p, list(held))
                    self.phase = "asked"
                    return ev
                card = self.choose(q, p, held, line, pevents)
                self.shown.setdefault((q, p), []).append(card)
                ev.append({"event": "showed", "player": self.players[q], "to": self.players[p],
                           "card": card})
                break
            else:
                ev.append({"event": "nobody showed"})
            self.phase = "answered"
            return ev
        if k == "accuse":
            _, guest, room, weapon = cmd
            right = (guest, weapon, room) == self.envelope
            ev.append({"event": "accused", "player": self.players[p], "guest": guest,
                       "room": rid(room), "weapon": weapon, "right": right})
            if right:
                self.over = True
                self.winner = self.players[p]
                ev.append({"event": "over", "winner": self.players[p]})
                return ev
            self.out_[p] = True
            if all(self.out_):
                self.over = True
                self.winner = None
                ev.append({"event": "over", "winner": None})
                return ev
            self.end_turn(ev)
            return ev
        if k == "done":
            self.end_turn(ev)
            return ev
        raise AssertionError(cmd)

    def choose(self, q, p, held, line, pevents):
        if len(held) == 1:
            return held[0]
        tag = " [ask timeout]" if self.ask else ""
        before = [c for c in self.shown.get((q, p), []) if c in held]
        if before:
            stat("refuter: repeat to the same suggester" + (" (of 2 shown before)" if len(set(before)) > 1 else "") + tag)
            return before[-1]
        for c in self.show_order[q]:
            if c in held:
                stat("refuter: show order" + tag)
                return c
        stat("refuter: drawn" + tag)
        # drawn from the stream: take the program's, check it is one of those held
        shows = [e for e in pevents if e.get("event") == "showed"]
        if not shows:
            self.fail("line %r: expected %s to show one of %r (drawn), the program's events %s"
                      % (line, self.players[q], held, json.dumps(pevents)))
        c = shows[0].get("card")
        if c not in held:
            self.fail("line %r: %s showed %r, drawn from the stream, but holds only %r of the three"
                      % (line, self.players[q], c, held))
        return c

    def finish(self):
        if self.out.get("over") != self.over:
            self.fail("end: over is %r, expected %r" % (self.out.get("over"), self.over))
        if self.out.get("winner") != self.winner:
            self.fail("end: winner is %r, expected %r" % (self.out.get("winner"), self.winner))


# ---------------------------------------------------------------------------------------

def run_binary(binary, inp):
    r = subprocess.run([binary, "replay", "-"], input=json.dumps(inp).encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise RuntimeError("replay exited %d: %s" % (r.returncode, r.stderr.decode()[:2000]))
    return json.loads(r.stdout)


def check_game(inp, out, expected=None):
    """(steps agreed, None) or (steps agreed before, difference text)."""
    try:
        ref = Referee(inp, out)
    except Disagreement as e:
        return 0, "set-up: %s" % e
    steps = inp.get("messages") or []
    po = out.get("messages") or []
    if len(po) != len(steps):
        return 0, "the output has %d step entries, the input %d" % (len(po), len(steps))
    for i, (st, pe) in enumerate(zip(steps, po)):
        try:
            mine = ref.expect_step(st, pe)
        except Disagreement as e:
            return i, "step %d (%s): %s" % (i + 1, json.dumps(st, ensure_ascii=False), e)
        if expected is not None:
            if i >= len(expected):
                return i, "step %d: the expected file has no entry" % (i + 1)
            d = compare_expected(expected[i], pe)
            if d:
                return i, "step %d (%s) against the hand-worked file: %s" % (
                    i + 1, json.dumps(st, ensure_ascii=False), d)
    try:
        ref.finish()
    except Disagreement as e:
        return len(steps), str(e)
    if expected is not None and len(expected) != len(steps):
        return len(steps), "the expected file has %d entries, the input %d steps" % (
            len(expected), len(steps))
    if ref.known:
        return len(steps), KnownDisagreement("; ".join(ref.known))
    return len(steps), None


def _as_set(events):
    """Events with an `asked` event's cards as a set (the contract gives no order)."""
    if not isinstance(events, list):
        return events
    out = []
    for e in events:
        if isinstance(e, dict) and e.get("event") == "asked" and isinstance(e.get("cards"), list):
            e = dict(e, cards=sorted(e["cards"]))
        out.append(e)
    return out


def compare_expected(exp, prog):
    if "lines" in exp:
        el, pl = exp["lines"], prog.get("lines", [])
        if len(el) != len(pl):
            return "expected %d lines, the program has %d: %s" % (len(el), len(pl), json.dumps(pl))
        for a, b in zip(el, pl):
            if a["line"].strip() != b.get("line", "").strip():
                return "line %r vs %r" % (a["line"], b.get("line"))
            if "refused" in a:
                if "refused" not in b:
                    return "line %r: expected refused, the program: %s" % (a["line"], json.dumps(b))
            elif _as_set(a.get("events")) != _as_set(b.get("events")):
                return "line %r: expected %s, the program said %s" % (
                    a["line"], json.dumps(a.get("events")), json.dumps(b))
        return None
    if _as_set(exp.get("events")) != _as_set(prog.get("events")):
        return "expected %s, the program said %s" % (json.dumps(exp.get("events")),
                                                     json.dumps(prog.get("events")))
    return None


def cmd_check(args):
    with open(args.input) if args.input != "-" else sys.stdin as f:
        inp = json.load(f)
    expected = None
    exp_end = None
    if args.expected:
        with open(args.expected) as f:
            expected = json.load(f)
            if isinstance(expected, dict):
                if "over" in expected:
                    exp_end = (expected["over"], expected.get("winner"))
                expected = expected["steps"]
    why = unreadable(inp)
    if why:
        r = subprocess.run([args.binary, "replay", "-"], input=json.dumps(inp).encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode == 2:
            print("agreed: unreadable (%s); the program exits 2: %s"
                  % (why, r.stderr.decode().strip()))
            return 0
        print("DIFFERENCE: expected exit 2 (%s), the program exits %d" % (why, r.returncode))
        return 1
    out = run_binary(args.binary, inp)
    n, diff = check_game(inp, out, expected)
    if (not diff or isinstance(diff, KnownDisagreement)) and exp_end is not None \
            and exp_end != (out.get("over"), out.get("winner")):
        diff = "end: the hand-worked file expects over=%r winner=%r, the program says %r %r" % (
            exp_end + (out.get("over"), out.get("winner")))
    if diff:
        print("DIFFERENCE after %d agreed steps:\n%s" % (n, diff))
        return 1
    print("agreed: %d steps" % n)
    return 0


# ---------------------------------------------------------------------------------------
# Random games.

NAME_POOL = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"]
# names for the game master's replacements (never a seated or former name)
STANDBY_POOL = ["Zoe", "Yann", "Xia", "Walt", "Vera", "Uma", "Tom", "Sid", "Rita", "Quinn",
                "Pia", "Omar", "Nell", "Milo", "Lou", "Kai"]
# requests to the mail door, not game commands: the replay does not understand them
MAIL_REQUESTS = ["status", "help", "état", "aide", "Status", "HELP", "etat"]
NONSENSE = ["Hello", "move Kitchen", "suggest Plum", "accuse Plum with Rope",
            "thanks!", "move to the Kitchen", "suggest Plum with the Rope", "move to Pool",
            "suggest Mme Leblanc with Rope", "move to Swimming Pool", "go to Hall",
            "accuse Col. Mustard in Hall with Rope", "suggest Professor Violet with Rope",
            "aller Kitchen please", "show order Rope Plum Kitchen"]


BAD_SUGGESTIONS = ["suggest Professor Violet with Rope", "suggest Mme Leblanc with Rope",
                   "suggest Plum with the Rope", "suggest Miss Rose with Knife",
                   "suggest Madame White with Knife", "suggest Col. Mustard with Bat",
                   "suggest Professeur Plum with Poison", "suggérer Professor Violet avec la Corde",
                   "suggest Plum with Rope and Knife", "suggest Swimming Pool with Rope"]
BAD_MOVES = ["move to the Kitchen", "move to Swimming Pool", "aller à la Piscine", "move to Pool"]


def en_guest(rng, g):
    i = GUESTS.index(g)
    et, en, ft, fn = GUEST_PARTS[i]
    forms = [en, et + " " + en, fn]
    if et.endswith("."):
        forms.append(et[:-1] + " " + en)
    f = rng.choice(forms)
    return rng.choice([f, f, f.lower(), f.upper()])


def fr_guest(rng, g):
    i = GUESTS.index(g)
    et, en, ft, fn = GUEST_PARTS[i]
    f = rng.choice([fn, ft + " " + fn, fn, en])
    if rng.random() < 0.3:
        f = norm(f)  # without accents
    return f


def en_card(rng, c):
    if c in GUESTS:
        return en_guest(rng, c)
    if c in WEAPONS:
        f = rng.choice([c, c, WEAPONS_FR[WEAPONS.index(c)]])
    else:
        f = rng.choice([c, c, c, ROOMS_FR[ROOMS.index(c)]])
    return rng.choice([f, f, f.lower()])


def fr_weapon(rng, w):
    i = WEAPONS.index(w)
    f = WEAPONS_FR[i]
    if rng.random() < 0.7:
        f = WEAPONS_FR_ART[i] + " " + f
    return f if rng.random() < 0.8 else norm(f)


def fr_room_obj(rng, r, preps=("a",)):
    """`à la Cuisine`, `au Salon`, `à l'Observatoire`, `dans la Cuisine`."""
    i = ROOMS.index(r)
    name = ROOMS_FR[i]
    art = ROOMS_FR_ART[i]
    prep = rng.choice(preps)
    if prep == "a":
        s = "au " + name if art == "le" else ("à l'" + name if art == "l'" else "à la " + name)
    else:
        s = "dans " + (art + name if art == "l'" else art + " " + name)
    return s if rng.random() < 0.8 else norm(s)


def fr_card(rng, c):
    if c in GUESTS:
        return fr_guest(rng, c)
    if c in WEAPONS:
        return fr_weapon(rng, c)
    i = ROOMS.index(c)
    name = ROOMS_FR[i]
    art = ROOMS_FR_ART[i]
    if rng.random() < 0.6:
        name = (art + name) if art == "l'" else art + " " + name
    return name


def gen_move(rng, fr, room):
    if fr:
        return "aller " + fr_room_obj(rng, room)
    return "move to " + en_card(rng, room)


def gen_suggest(rng, fr, g, w, room=None):
    if fr:
        if room is None:
            return "suggérer %s avec %s" % (fr_guest(rng, g), fr_weapon(rng, w))
        return "suggérer %s %s avec %s" % (fr_guest(rng, g), fr_room_obj(rng, room),
                                            fr_weapon(rng, w))
    if room is None:
        return "suggest %s with %s" % (en_guest(rng, g), en_card(rng, w))
    return "suggest %s in %s with %s" % (en_guest(rng, g), en_card(rng, room), en_card(rng, w))


def gen_accuse(rng, fr, g, r, w):
    if fr:
        return "accuser %s %s avec %s" % (fr_guest(rng, g), fr_room_obj(rng, r, ("a", "dans")),
                                          fr_weapon(rng, w))
    return "accuse %s in %s with %s" % (en_guest(rng, g), en_card(rng, r), en_card(rng, w))


def gen_order(rng, fr, cards):
    if fr:
        return "ordre " + ", ".join(fr_card(rng, c) for c in cards)
    return "show order " + ", ".join(en_card(rng, c) for c in cards)


def dress(rng, lines):
    """Wrap command lines as a mail might: comments, quotes, blank lines, a signature."""
    out = []
    if rng.random() < 0.15:
        out.append(rng.choice(["# my move", "// note", "> On Monday the game master wrote:", ""]))
    for l in lines:
        out.append(l)
        if rng.random() < 0.08:
            out.append(rng.choice(["", "> quoted text: move to Hall", "# done thinking"]))
    if rng.random() < 0.1:
        out += ["--", "Ann", "move to Spa"]
    return "\n".join(out)


def gen_show(rng, fr, c):
    if fr:
        return "montrer " + fr_card(rng, c)
    return "show " + en_card(rng, c)


def ask_step(rng, ref, fr):
    """A step while a refuter is asked (ask_refuter), or None to choose as usual."""
    q, sug, held = ref.pending
    x = rng.random()
    if x < 0.40:  # the asked refuter answers
        return {"player": ref.players[q], "text": dress(rng, [gen_show(rng, fr, rng.choice(held))])}
    if x < 0.48:  # a wrong card: another of the three, another of the hand, any card
        others = [c for c in ref.hands[q] if c not in held] + \
                 [c for c in ALL_CARDS if c not in ref.hands[q]]
        lines = [gen_show(rng, fr, rng.choice(others))]
        if rng.random() < 0.3:
            lines.append(gen_show(rng, fr, rng.choice(held)))  # not carried out
        return {"player": ref.players[q], "text": "\n".join(lines)}
    if x < 0.55:  # `show` from someone else, the suggester among them
        o = rng.choice([sug] + [z for z in range(ref.n) if z != q])
        return {"player": ref.players[o], "text": gen_show(rng, fr, rng.choice(held + ref.hands[o]))}
    if x < 0.64:  # the suggester goes on meanwhile: refused (a show order is not)
        y = rng.random()
        if y < 0.25:
            t = "fini" if fr else "done"
        elif y < 0.45:
            e = ref.envelope
            t = gen_accuse(rng, fr, e[0], e[2], e[1])
        elif y < 0.6:
            t = gen_suggest(rng, fr, rng.choice(GUESTS), rng.choice(WEAPONS),
                            None if ref.board else rng.choice(ROOMS))
        elif y < 0.7:
            t = gen_move(rng, fr, rng.choice(ROOMS))
        else:
            t = gen_order(rng, fr, rng.sample(ref.hands[sug], 2))
        return {"player": ref.players[sug], "text": t}
    if x < 0.68:  # the refuter's other commands: a show order (taken), `done` (not their turn)
        if rng.random() < 0.6:
            return {"player": ref.players[q],
                    "text": gen_order(rng, fr, rng.sample(ref.hands[q], min(3, len(ref.hands[q]))))}
        return {"player": ref.players[q], "text": "done"}
    if x < 0.80:
        return {"deadline": True}
    if x < 0.87:
        return {"gm": "skip"}
    if x < 0.875:
        return {"gm": "end"}
    if x < 0.90:
        return replace_step(rng, ref, rng.choice([q, sug]))
    return None


def replace_step(rng, ref, q=None):
    used = set(x.lower() for x in ref.inp["players"]) | set(
        st["replace"]["by"].lower() for st in ref.inp["messages"] if "replace" in st)
    free = [x for x in STANDBY_POOL if x.lower() not in used]
    if not free:
        return None
    if q is None:
        q = rng.randrange(ref.n)
    old = ref.players[q]
    if rng.random() < 0.2:
        old = old.lower()
    return {"replace": {"player": old, "by": rng.choice(free)}}


def choose_step(rng, ref):
    """The next step, chosen from the referee's state (which agreed with the program)."""
    n = ref.n
    p = ref.turn
    fr = rng.random() < 0.25
    if ref.pending is not None:
        st = ask_step(rng, ref, fr)
        if st is not None:
            return st
    if rng.random() < 0.006:
        # the game master gives a seat to a standby; sometimes a skipped player's
        sk = [q for q in range(n) if ref.skipped[q]]
        st = replace_step(rng, ref, rng.choice(sk) if sk and rng.random() < 0.6 else None)
        if st is not None:
            return st
    if rng.random() < 0.015:
        # `show` when no choice is pending: refused
        q = rng.randrange(n)
        return {"player": ref.players[q], "text": gen_show(rng, fr, rng.choice(ref.hands[q]))}
    sk = [q for q in range(n) if ref.skipped[q]]
    if sk and rng.random() < 0.3:
        # a skipped player writes again (any command, even refused, lifts the skip)
        q = rng.choice(sk)
        return {"player": ref.players[q], "text": rng.choice(NONSENSE + ["done", "stay"])}
    r = rng.random()
    if r < 0.01:
        return {"player": rng.choice(ref.players),
                "text": rng.choice(["", "# nothing to say", "> quoted\n\n// note", "--\nmove to Hall"])}
    if r < (0.25 if ref.idle_heavy else 0.04):
        return {"deadline": True}
    if r < 0.065:
        return {"gm": "skip"}
    if r < 0.067:
        return {"gm": "end"}
    if r < 0.12:
        q = rng.randrange(n)
        return {"player": ref.players[q], "text": rng.choice(NONSENSE)}
    if r < 0.18:
        q = rng.randrange(n)
        hand = ref.hands[q]
        k = rng.randint(1, min(4, len(hand)))
        cards = rng.sample(hand, k)
        if rng.random() < 0.25:
            others = [c for c in ALL_CARDS if c not in hand]
            cards.insert(rng.randrange(len(cards) + 1), rng.choice(others))
        return {"player": ref.players[q], "text": gen_order(rng, fr, cards)}
    if r < 0.19:
        # a mail request, not a game command: not understood (it still lifts a skip)
        q = rng.randrange(n)
        return {"player": ref.players[q], "text": rng.choice(MAIL_REQUESTS)}
    wrong = r < 0.27
    if wrong:
        cands = [q for q in range(n) if q != p]
        q = rng.choice(cands)
    else:
        q = p
    name = ref.players[q]
    if rng.random() < 0.1:
        name = name.lower() if rng.random() < 0.5 else name.upper()
    lines = turn_lines(rng, ref, q, fr)
    return {"player": name, "text": dress(rng, lines)}


def turn_lines(rng, ref, q, fr):
    g = ref.guests[q]
    pos = ref.pos[g]
    phase = ref.phase if q == ref.turn else "start"
    lines = []
    env = ref.envelope

    def sugg_room():
        return rng.choice(ROOMS)

    def after_answer():
        x = rng.random()
        if x < 0.035:
            return gen_accuse(rng, fr, env[0], env[2], env[1])
        if x < 0.1:
            gg, ww, rr = rng.choice(GUESTS), rng.choice(WEAPONS), rng.choice(ROOMS)
            return gen_accuse(rng, fr, gg, rr, ww)
        return "fini" if fr else "done"

    def suggestion(room=None):
        if rng.random() < 0.04:  # names the rules do not read
            return rng.choice(BAD_SUGGESTIONS)
        gg = rng.choice(GUESTS) if rng.random() < 0.6 else rng.choice(
            [ref.guests[x] for x in range(ref.n)])
        return gen_suggest(rng, fr, gg, rng.choice(WEAPONS), room)

    if not ref.board:
        if phase == "start":
            x = rng.random()
            if x < 0.06:
                return ["done"]
            if x < 0.1:
                return [gen_move(rng, fr, sugg_room())]
            room = ref.last_room[q] if (ref.last_room[q] and rng.random() < 0.1) else sugg_room()
            lines.append(suggestion(room))
            if rng.random() < 0.6:
                lines.append(after_answer())
            return lines
        if phase == "answered":
            return [after_answer()]
        return ["done"]
    if phase == "start":
        x = rng.random()
        if x < 0.04:
            return ["fini" if fr else "done"]
        if x < 0.08:
            return [suggestion()]
        if ref.stay_right[q] and x < 0.5:
            if rng.random() < 0.5:
                lines.append("rester" if fr else "stay")
                if rng.random() < 0.7:
                    lines.append(suggestion())
            else:
                lines.append(suggestion())
        elif pos[0] == "door" and pos[1] in PASSAGES and x < 0.3:
            lines.append("passage")  # at a door, outside the room: refused
        elif pos[0] == "in" and pos[1] in PASSAGES and x < 0.4:
            lines.append(rng.choice(["passage", "passage secret"]) if fr else "passage")
            if rng.random() < 0.7:
                lines.append(suggestion())
        elif x < 0.11:
            lines.append("stay" if not fr else "rester")
        else:
            if pos[0] == "in" and rng.random() < 0.05:
                target = pos[1]
            elif pos[0] == "door" and rng.random() < 0.5:
                target = pos[1]
            elif rng.random() < 0.3 and [rr for rr in ROOMS if (pos[0] != "in" or pos[1] != rr)
                                          and (route_count(pos, rr) > 1 or passes_start(pos, rr))]:
                # a tie between shortest routes, or a route over a start square
                target = rng.choice([rr for rr in ROOMS if (pos[0] != "in" or pos[1] != rr)
                                     and (route_count(pos, rr) > 1 or passes_start(pos, rr))])
            else:
                # prefer near rooms so that many moves arrive
                rooms = sorted(ROOMS, key=lambda rr: distance(pos, rr) + rng.random() * 8)
                rooms = [rr for rr in rooms if not (pos[0] == "in" and pos[1] == rr)]
                target = rooms[0] if rng.random() < 0.7 else rng.choice(rooms)
            lines.append(gen_move(rng, fr, target) if rng.random() > 0.03 else rng.choice(BAD_MOVES))
            if rng.random() < 0.6:
                lines.append(suggestion())
                if rng.random() < 0.4:
                    lines.append(after_answer())
        return lines
    if phase == "in_room":
        x = rng.random()
        if x < 0.08:
            return ["fini" if fr else "done"]
        if x < 0.12:
            return [gen_move(rng, fr, rng.choice(ROOMS))]
        if x < 0.15:  # accusing before the turn's suggestion is answered
            return [gen_accuse(rng, fr, env[0], env[2], env[1])]
        lines.append(suggestion())
        if rng.random() < 0.5:
            lines.append(after_answer())
        return lines
    # answered
    if rng.random() < 0.05:
        return [suggestion()]
    if rng.random() < 0.03:
        return [rng.choice(["accuse Col. Mustard in Hall with Rope", "accuse Plum with Rope",
                            "accuse Mme Leblanc in Spa with Knife", "accuse Plum in the Spa with Rope"])]
    return [after_answer()]


def new_game_input(rng):
    n = rng.randint(3, 6)
    players = rng.sample(NAME_POOL, n)
    inp = {"ruleset": "clue", "players": players, "seed": rng.randrange(1 << 64)}
    if rng.random() < 0.6:
        guests = []
        free = list(GUESTS)
        for _ in range(rng.randint(1, n)):
            if rng.random() < 0.5:
                g = rng.choice(free)
                free.remove(g)
                guests.append(rng.choice([en_guest(rng, g), fr_guest(rng, g)]))
            else:
                guests.append(None)
        inp["guests"] = guests
    settings = {}
    if rng.random() < 0.15:
        settings["board"] = False
    elif rng.random() < 0.2:
        settings["board"] = True
    if rng.random() < 0.3:
        settings["idle_turns"] = rng.randint(1, 3)
    if rng.random() < 0.2:
        settings["turn_hours"] = rng.choice([1, 12, 48])
    if rng.random() < 0.34:
        settings["ask_refuter"] = True
        if rng.random() < 0.3:
            settings["show_hours"] = rng.choice([1, 6, 24])
    elif rng.random() < 0.1:
        settings["ask_refuter"] = False
    if settings:
        inp["settings"] = settings
    inp["messages"] = []
    return inp


def prefix_fails(binary, inp):
    """The difference of a (shrunk) input, or None. An input the replay must refuse (a step
    naming someone no longer seated once a replacement is dropped) and a known disagreement
    do not count."""
    if unreadable(inp):
        return None
    try:
        out = run_binary(binary, inp)
    except RuntimeError as e:
        return str(e)
    n, diff = check_game(inp, out)
    if isinstance(diff, KnownDisagreement):
        return None
    return diff


def shrink(binary, inp):
    """Greedily drop steps while the game still disagrees (the dice may change; any
    disagreement is kept)."""
    cur = copy.deepcopy(inp)
    i = len(cur["messages"]) - 2
    while i >= 0:
        trial = copy.deepcopy(cur)
        del trial["messages"][i]
        if prefix_fails(binary, trial):
            cur = trial
        i -= 1
    return cur


def cmd_random(args):
    rng = random.Random(args.seed)
    total_steps = 0
    endings = {"right": 0, "all out": 0, "gm end": 0, "unfinished": 0}
    known = 0
    for gi in range(args.games):
        inp = new_game_input(rng)
        out = run_binary(args.binary, inp)
        try:
            ref = Referee(inp, out)
        except Disagreement as e:
            print("game %d: set-up disagreement: %s" % (gi + 1, e))
            print(json.dumps(inp, ensure_ascii=False))
            return 1
        ref.idle_heavy = rng.random() < 0.2
        if ref.idle_heavy and rng.random() < 0.7:
            inp.setdefault("settings", {})["idle_turns"] = rng.randint(1, 2)
            out = run_binary(args.binary, inp)
            ref = Referee(inp, out)
            ref.idle_heavy = True
        max_steps = rng.randint(args.steps // 2, args.steps)
        # after the end, sometimes one more message (it must be refused)
        extra_after_end = rng.random() < 0.3
        while len(inp["messages"]) < max_steps:
            if ref.over:
                if not extra_after_end:
                    break
                extra_after_end = False
                step = {"player": rng.choice(ref.players),
                        "text": rng.choice(["move to Hall", "done", "suggest Plum with Rope"])}
            else:
                step = choose_step(rng, ref)
            inp["messages"].append(step)
            out = run_binary(args.binary, inp)
            prog = out["messages"][-1]
            try:
                ref.expect_step(step, prog)
            except KnownDisagreement as e:
                known += 1
                if args.verbose:
                    print("game %d, step %d: known %s" % (gi + 1, len(inp["messages"]), e))
                inp["messages"].pop()
                break
            except Disagreement as e:
                print("game %d, step %d: DISAGREEMENT: %s" % (gi + 1, len(inp["messages"]), e))
                print("shrinking…", file=sys.stderr)
                small = shrink(args.binary, inp)
                diff = prefix_fails(args.binary, small)
                print("minimal failing input (%d steps): %s" % (len(small["messages"]), diff))
                print(json.dumps(small, ensure_ascii=False))
                return 1
        out = run_binary(args.binary, inp)
        COUNTING[0] = False
        n, diff = check_game(inp, out)
        COUNTING[0] = True
        if isinstance(diff, KnownDisagreement):
            known += 1
            if args.verbose:
                print("game %d: known %s" % (gi + 1, diff))
            diff = None
        if diff:
            print("game %d: whole-game check: %s" % (gi + 1, diff))
            print(json.dumps(inp, ensure_ascii=False))
            return 1
        total_steps += n
        if not ref.over:
            endings["unfinished"] += 1
        elif ref.winner:
            endings["right"] += 1
        elif any(s.get("gm") == "end" for s in inp["messages"]):
            endings["gm end"] += 1
        else:
            endings["all out"] += 1
        if args.verbose:
            print("game %d: %d players, board %s, %d steps, %s" % (
                gi + 1, ref.n, ref.board, n,
                "won by %s" % ref.winner if ref.winner else ("over" if ref.over else "unfinished")))
    print("%d games, %d steps agreed (endings: %s)" % (args.games, total_steps,
                                                       ", ".join("%s %d" % kv for kv in endings.items())))
    if args.verbose:
        for k in sorted(STATS):
            print("  %6d  %s" % (STATS[k], k))
    if known:
        print("%d games met a known disagreement (their other steps agreed and are counted): %s"
              % (known, "; ".join("%s: %s" % kv for kv in KNOWN.items())))
    return 0


def main():
    bad = list(_selfcheck_table())
    if bad:
        print("the board graph disagrees with the documented distance table:", *bad, sep="\n  ")
        return 2
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("input")
    c.add_argument("--binary", default=DEFAULT_BINARY)
    c.add_argument("--expected")
    r = sub.add_parser("random")
    r.add_argument("--games", type=int, required=True)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--binary", default=DEFAULT_BINARY)
    r.add_argument("--steps", type=int, default=300)
    r.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    return cmd_check(args) if args.cmd == "check" else cmd_random(args)


if __name__ == "__main__":
    sys.exit(main())

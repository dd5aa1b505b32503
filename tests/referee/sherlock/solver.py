"""A solver for Sherlock Solitaire that sees only what a player sees.

It is handed a player's view (``Game.player_view()``: the table, the hand, the discard pile,
the wounds and the clock; the deck is removed, so only its size and contents, 48 cards minus
everything visible, are known).  At each decision it searches every order of the turn's plays,
every destination and every ability choice to the end of the turn (an expectimax: a draw by
Holmes's pair of 4s is a chance node over the deck's known contents), and scores the positions
where the turn ends with its own evaluation of the case's progress against the clock and of
the wound risk.  A redraw is valued by sampling redrawn hands from the deck's contents.

The evaluation (an estimate of the chance to win, in [0, 1)) looks at:
* the Office plays the cheapest plan still needs (each set's cards to come, letters between
  numbers included; in The Final Problem the cheapest sets to complete), against the turns
  left;
* the next turn: over hands sampled from the deck's contents, the share that allow 0, 1 or 2
  useful Office plays;
* the supply: Investigation cards of each needed number and Threat cards the remaining draws
  can be expected to bring (the discard pile and the scene's Threat cards coming back at a
  reshuffle);
* the Crime Scene: numbers waiting there whose pair would help or wound the detective(s) to
  come, and Threat cards waiting there (a wound if their twin is played there);
* the wounds, as a chance of surviving the turns left.
Its weights (DEFAULTS) were set by trials on decks shuffled by Python's random, not on the
judged decks.
"""

import math
import random

from engine import (FACES, IDX, BIT, NUMBERS, LETTERS, FULL, THREAT_MASK as THREATS,
                    numbers_in, office_places)

DEFAULTS = {
    # goal: win chance as a logistic of the office slack (capacity minus plays needed)
    "slope": 0.9,
    "offset": 0.5,
    "extra_per_turn": 0.25,     # office cards expected per turn from abilities
    # wounds: a Poisson rate per remaining turn
    "rate0": 0.12,
    "rate_letter": 0.10,        # per Threat card in the Crime Scene (scaled by its chance)
    "rate_badpair": 0.06,       # per number in the scene whose pair would wound
    "good_pair": 0.25,          # office cards' worth of a number whose pair helps
    "slope1": 0.9,              # the slope when one turn is left
    "rate": 1.8,                # useful office plays expected per turn after the next
    "hand_samples": 24,
    "short": 1.0,               # plays' worth per card missing from the expected supply
    "supply_frac": 0.6,         # share of the cards drawn that can be used
    "holmes_scene_letters": 0.5,
    "samples": 8,               # redrawn hands sampled at a time
    "max_samples": 32,
    "redraw_margin": 0.0,       # a redraw must beat keeping the hand by this much
}


def set_needs(s, k):
    """(office plays, Investigation cards, Threat cards) a set needs to hold k numbers, and
    whether its letters allow it."""
    if s == "":
        return 2 * k - 1, k, k - 1, True
    c = s.count(s[0])
    if c >= k:
        return 0, 0, 0, True
    top_letter = s[-1] in LETTERS
    lets = (k - c - 1) if top_letter else (k - c)
    free = 4 - sum(1 for x in s if x in LETTERS)
    return 2 * (k - c) - (1 if top_letter else 0), k - c, lets, lets <= free


def requirements(g):
    """The cheapest plan's office plays, Investigation cards per number and Threat cards."""
    office = g.office
    if g.case == "valley_of_fear":
        k = g.level + 1
        P = 0
        nums = [0, 0, 0, 0]
        lets = 0
        for i in range(4):
            c, n, l, ok = set_needs(office[i], k)
            P += c + (0 if ok else 4)
            nums[i] = n
            lets += l
        return P, nums, lets
    sets = []
    for i in range(4):
        c, n, l, ok = set_needs(office[i], 4)
        sets.append((c + (0 if ok else 4), n, l))
    done = g.completed
    if g.level == 1:
        want = 3 - sum(1 for x in done if x)
        order = sorted((sets[i][0], i) for i in range(4) if not done[i])
        chosen = [i for _, i in order[:want]]
    else:
        chosen = [i for i in range(4) if not done[i]]
    P = 0
    nums = [0, 0, 0, 0]
    lets = 0
    for i in chosen:
        P += sets[i][0]
        nums[i] += sets[i][1]
        lets += sets[i][2]
    if g.level == 3 and max(done) < 2:
        best = None
        for i in range(4):
            if done[i]:
                cand = sets[i]
            else:
                cand = (7, 4, 3)              # a second set after the current one
            if best is None or cand[0] < best[1][0]:
                best = (i, cand)
        i, cand = best
        P += cand[0]
        nums[i] += cand[1]
        lets += cand[2]
    return P, nums, lets


def _poisson_below(lam, k):
    """P(Poisson(lam) < k)."""
    if k <= 0:
        return 0.0
    term = math.exp(-lam)
    tot = term
    for i in range(1, k):
        term *= lam / i
        tot += term
    return tot


class Solver:
    def __init__(self, params=None, seed=12345):
        self.p = dict(DEFAULTS)
        if params:
            self.p.update(params)
        self.memo = {}
        self.memo_turn = None
        self.rng = random.Random(seed)
        self.nodes = 0
        self.phase = None

    # ------------------------------------------------------------------ the interface
    def __call__(self, view):
        assert view.deck is None, "the solver must not see the deck"
        phase = (view.turn, view.redraw_ok or view.office_plays or view.scene_plays)
        if view.turn != self.memo_turn or len(self.memo) > 200000 or (
                phase != self.phase and not phase[1]):
            # a new turn, or the hand was just redrawn: a new sample of the next hands
            self.memo.clear()
            self.umemo = {}
            self.memo_turn = view.turn
            self.next_hands = self.sample_hands(view, self.p["hand_samples"])
        self.phase = phase
        acts = view.legal_actions()
        best, best_v = None, -1.0
        redraw = False
        for a in acts:
            if a[0] == "redraw":
                redraw = True
                continue
            c = view.copy()
            c.apply(a)
            v = self.value(c)
            if v > best_v + 1e-12:
                best, best_v = a, v
        if redraw and self.p["samples"] and best_v < 1.0:
            if self.redraw_value(view, best_v + self.p["redraw_margin"]) > \
                    best_v + self.p["redraw_margin"] + 1e-12:
                best = ("redraw",)
        return best

    # ------------------------------------------------------------------ the search
    @staticmethod
    def key(g):
        return (tuple(g.office), g.scene, tuple(g.discard), "".join(sorted(g.hand)),
                "".join(sorted(g.plus)), g.wounds, tuple(g.completed), g.office_plays,
                g.scene_plays, g.pending, g.between, g.over, g.outcome, g.redraw_ok)

    def value(self, g):
        if g.over:
            return 1.0 if g.outcome == "won" else 0.0
        k = self.key(g)
        v = self.memo.get(k)
        if v is not None:
            return v
        self.nodes += 1
        if g.between:
            v = self.evaluate(g)
        elif g.pending == ("draw",):
            counts = g.deck_counts()
            tot = sum(counts)
            v = 0.0
            for i in range(8):
                if counts[i]:
                    c = g.copy()
                    c.apply(("drawn", FACES[i]))
                    v += counts[i] * self.value(c)
            v /= tot
        else:
            v = -1.0
            for a in self.search_actions(g):
                c = g.copy()
                c.apply(a)
                x = self.value(c)
                if x > v:
                    v = x
                    if v >= 1.0:
                        break
        self.memo[k] = v
        return v

    @staticmethod
    def search_actions(g):
        """The legal actions less the redraw, and a completion only where it could matter:
        when it wins, when nothing else can be played, or when it lets a card of that number
        in the hand start a new set (a completion can always wait for the end of the turn)."""
        if g.pending is not None:
            return [("choose", o) for o in g.pending[1]]
        acts = g.playable()
        comp = g.completable()
        if comp:
            for n in comp:
                if not acts:
                    acts.append(("complete", n))
                    continue
                f = str(n)
                if f in g.hand or f in g.plus:
                    acts.append(("complete", n))
                    continue
                g.completed[n - 1] += 1
                wins = g.won()
                g.completed[n - 1] -= 1
                if wins:
                    return [("complete", n)]
        if not acts or (comp and not g.playable()):
            acts.append(("end",))
        return acts

    def redraw_value(self, view, keep):
        """The mean value of a redrawn hand, from samples: more of them while the mean is
        too close to the value of keeping the hand to tell."""
        base = view.copy()
        for f in base.hand:
            base.discard[IDX[f]] += 1
        base.hand = ""
        base.redraw_ok = False
        step = self.p["samples"]
        vals = []
        while True:
            for _ in range(step):
                c = base.copy()
                c.hand = self.sample_draw(c, 4)
                c._after()
                vals.append(self.value(c))
            n = len(vals)
            mean = sum(vals) / n
            if n >= self.p["max_samples"]:
                return mean
            var = sum((x - mean) ** 2 for x in vals) / (n - 1) if n > 1 else 0.0
            if abs(mean - keep) > 2.0 * math.sqrt(var / n):
                return mean

    def sample_hands(self, view, k):
        """k hands of four drawn at random from the deck's contents (the next turn's draw, as
        far as it can be foreseen)."""
        counts = view.deck_counts()
        pool = [FACES[i] for i in range(8) for _ in range(counts[i])]
        if len(pool) < 4:
            pool = pool + [FACES[i] for i in range(8) for _ in range(view.discard[i])]
        hands = []
        for _ in range(k):
            if len(pool) >= 4:
                hands.append("".join(sorted(self.rng.sample(pool, 4))))
            else:
                hands.append("".join(sorted(pool)))
        return hands

    def next_turn_use(self, g, needs):
        """The shares of the sampled next hands that allow 0, 1 and 2 useful Office plays."""
        key = (tuple(g.office), needs)
        u = self.umemo.get(key)
        if u is None:
            dist = [0, 0, 0]
            cache = {}
            for h in self.next_hands:
                x = cache.get(h)
                if x is None:
                    x = cache[h] = useful_plays(g.office, h, needs)
                dist[x] += 1
            n = max(1, len(self.next_hands))
            u = self.umemo[key] = (dist[0] / n, dist[1] / n, dist[2] / n)
        return u

    def sample_draw(self, c, n):
        """Draws n cards at random from the deck's known contents (reshuffling if needed),
        changing c's discard pile and scene as a reshuffle would."""
        out = ""
        while len(out) < n:
            counts = c.deck_counts()
            pool = [FACES[i] for i in range(8) for _ in range(counts[i])]
            if not pool:
                if not c._reshuffle():
                    break
                continue
            f = pool[self.rng.randrange(len(pool))]
            out += f
            c.hand += f          # so that deck_counts sees it drawn
        c.hand = c.hand[:len(c.hand) - len(out)]
        return out

    # ------------------------------------------------------------------ the evaluation
    def features(self, g):
        """What the evaluation looks at where a turn ends: (turns left, wounds, office plays
        needed, missing Investigation and Threat cards against the expected supply, the
        shares of next hands allowing 0/1/2 useful office plays, helpful and harmful pairs
        waiting in the scene, Threat cards in the scene)."""
        p = self.p
        T = g.limit - g.turn
        counts = g.deck_counts()
        size = sum(counts)
        P, num_need, let_need = requirements(g)
        # the supply: the cards of each face expected in the remaining turns' draws
        draws = 4.0 * T
        if draws <= size:
            frac = draws / size if size else 0.0
            supply = [c * frac for c in counts]
        else:
            office_c = [0] * 8
            for s_ in g.office:
                for f in s_:
                    office_c[IDX[f]] += 1
            pool = [FULL[i] - office_c[i] - counts[i] for i in range(8)]
            for i in range(4):
                if g.scene >> i & 1:
                    pool[i] -= 1
            r = sum(pool)
            extra = (draws - size) / r if r > 0 else 0.0
            supply = [counts[i] + min(pool[i], pool[i] * extra) for i in range(8)]
        short_n = 0.0
        beta = p["supply_frac"]
        for i in range(4):
            if num_need[i]:
                short_n += max(0.0, num_need[i] - beta * supply[i])
        lsup = supply[4] + supply[5] + supply[6] + supply[7]
        if "holmes" in g.detectives:
            lsup += p["holmes_scene_letters"] * bin(g.scene & THREATS).count("1")
        short_l = max(0.0, let_need - beta * lsup)
        e1 = self.next_turn_use(g, self.needs(g))
        # the scene: pairs to come
        d_next = g.detectives[g.turn % len(g.detectives)]
        d_other = g.detectives[(g.turn + 1) % len(g.detectives)]
        good = 0.0
        bad = 0.0
        letters_in_scene = 0.0
        for i in range(8):
            if not (g.scene >> i & 1):
                continue
            f = FACES[i]
            chance = min(1.0, counts[i] * 4.0 / size) if size else 0.0
            if f in LETTERS:
                letters_in_scene += max(chance, 0.3)
            else:
                q = self.pair_quality(g, int(f), d_next)
                if d_other != d_next:
                    q = max(q, self.pair_quality(g, int(f), d_other))
                if q > 0:
                    good += q * chance
                elif q < 0:
                    bad += chance
        return T, g.wounds, P, short_n, short_l, e1, good, bad, letters_in_scene

    def evaluate(self, g):
        if g.limit - g.turn <= 0:
            return 0.0
        T, w, P, short_n, short_l, e1, good, bad, lets = self.features(g)
        p = self.p
        short = short_n + short_l
        slack = (p["rate"] * (T - 1) + p["extra_per_turn"] * T + good * p["good_pair"]
                 - P - p["short"] * short)
        slope = p["slope1"] if T == 1 else p["slope"]
        goal = 0.0
        for u in range(3):
            if e1[u]:
                goal += e1[u] / (1.0 + math.exp(-(slope * (slack + u) + p["offset"])))
        lam = T * p["rate0"] + p["rate_letter"] * lets * min(T, 3) \
            + p["rate_badpair"] * bad * min(T, 3)
        survive = _poisson_below(lam, 3 - w)
        return 0.999 * goal * survive

    @staticmethod
    def needs(g):
        """Which sets still need Investigation cards for the case."""
        if g.case == "valley_of_fear":
            k = g.level + 1
            return tuple(numbers_in(s) < k for s in g.office)
        done = g.completed
        twice = g.level == 3 and max(done) < 2
        return tuple(numbers_in(g.office[i]) < 4 and (not done[i] or twice) for i in range(4))

    @staticmethod
    def pair_quality(g, n, d):
        """+1 when a pair of n would help detective d now, -1 when it would wound, 0 else."""
        office = g.office
        if d == "holmes":
            if n == 1:
                for f in LETTERS:
                    if g.scene & BIT[f]:
                        for i in range(4):
                            s = office[i]
                            if s and s[-1] in NUMBERS and f not in s:
                                return 1
                return -1
            if n == 2:
                for f in NUMBERS:
                    s = office[int(f) - 1]
                    if (g.discard[IDX[f]] or f == "2") and (s == "" or s[-1] in LETTERS):
                        return 1
                return -1
            if n == 3:
                for s in office:
                    if any(x in LETTERS for x in s[:-1]):
                        return 0
                for s in office:
                    if s and s[-1] in LETTERS:
                        return 0
                return -1
            return 1
        if n == 1:
            return 1 if g.scene & THREATS else -1
        if n == 2:
            for f in "134":
                if g.scene & BIT[f]:
                    s = office[int(f) - 1]
                    if s == "" or s[-1] in LETTERS:
                        return 1
            return -1
        if n == 3:
            return 1
        return 1 if g.wounds else 0



def useful_plays(office, hand, needs):
    """The most useful Office plays (at most two) a hand allows: a card is useful when the
    set it goes on still needs Investigation cards."""
    best = 0
    seen = set()
    for i, f in enumerate(hand):
        if f in seen:
            continue
        seen.add(f)
        for n in office_places(office, f):
            u1 = 1 if needs[n - 1] else 0
            if u1 + 1 <= best:
                continue
            o2 = list(office)
            o2[n - 1] += f
            rest = hand[:i] + hand[i + 1:]
            u2 = 0
            for g in set(rest):
                for m in office_places(o2, g):
                    if needs[m - 1]:
                        u2 = 1
                        break
                if u2:
                    break
            if u1 + u2 > best:
                best = u1 + u2
                if best == 2:
                    return 2
    return best

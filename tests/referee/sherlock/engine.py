"""An independent engine for Sherlock Solitaire, written from the rules alone.

Sources: the rule text this service applies (sections 1-4 and the fine points of section 7) and
docs/src/players/sherlock.md.  Nothing here comes from the project's code.

Representation (chosen for a fast search on copies):

* faces are the strings "1".."4" (Investigation) and "A".."D" (Threat);
* ``office[n-1]`` is the set of number n as a string, bottom card first ("" = no set);
* ``scene`` is a bit mask over FACES: a pair is resolved at once, so the Crime Scene never
  holds two cards of one face;
* ``discard`` is a count per face (cards of one face are alike);
* ``hand`` holds the drawn cards still in the hand, ``plus`` the cards an ability put there;
* ``deck`` is a list with the top card LAST, or None in a "hidden" copy (a player's view): the
  deck's contents are then 48 minus everything visible, and a draw becomes a waiting chance
  event (``pending == ('draw',)``) that the searcher settles with ``('drawn', face)``.

Actions (tuples):
  ('redraw',)
  ('play', face, plus, 'scene')
  ('play', face, plus, 'office', n)        n = the set the card goes on (a number's own set)
  ('complete', n)                          The Final Problem only
  ('end',)                                 only when no card can be played (ends the turn)
  ('choose', option)                       settles a waiting ability choice
  ('drawn', face)                          hidden copies only: settles a waiting draw
"""

import random

FACES = "1234ABCD"
IDX = {f: i for i, f in enumerate(FACES)}
BIT = {f: 1 << i for i, f in enumerate(FACES)}
NUMBERS = "1234"
LETTERS = "ABCD"
FULL = (8, 8, 8, 8, 4, 4, 4, 4)
THREAT_MASK = 0xF0

CASES = ("valley_of_fear", "final_problem")
TURN_LIMIT = {"valley_of_fear": (6, 9, 12), "final_problem": (11, 13, 16)}
DETECTIVES = ("holmes", "watson")


def is_number(f):
    return f in NUMBERS


def number_place(office, f):
    """Where the Investigation card f may go into the Office: its own set, or None."""
    s = office[int(f) - 1]
    if s == "":
        return int(f)                      # starts a new set
    if s[-1] in LETTERS:
        return int(f)                      # a number on a letter, its own set
    return None


def letter_places(office, f):
    """The sets a Threat card f may go on: top is a number and f not yet in the set."""
    out = []
    for i in range(4):
        s = office[i]
        if s and s[-1] in NUMBERS and f not in s:
            out.append(i + 1)
    return out


def office_places(office, f):
    if f in NUMBERS:
        p = number_place(office, f)
        return [] if p is None else [p]
    return letter_places(office, f)


def numbers_in(s):
    """The Investigation cards in a set: a number only ever goes on its own set."""
    return s.count(s[0]) if s else 0


class Game:
    __slots__ = ("deck", "office", "scene", "discard", "hand", "plus", "wounds", "turn",
                 "detectives", "case", "level", "limit", "advanced", "completed",
                 "office_plays", "scene_plays", "redraw_ok", "pending", "between",
                 "over", "outcome", "rng", "log", "reshuffles")

    def __init__(self, deck=None, detectives=("holmes",), case="valley_of_fear", level=1,
                 seed=0, advanced=False, log=False, start=True):
        if deck is None:
            return                          # bare object, filled by copy()
        assert len(deck) == 48 and sorted(deck) == sorted("1234" * 8 + "ABCD" * 4), deck
        assert case in CASES and level in (1, 2, 3)
        for d in detectives:
            assert d in DETECTIVES
        self.deck = list(reversed(deck))    # top card last
        self.office = ["", "", "", ""]
        self.scene = 0
        self.discard = [0] * 8
        self.hand = ""
        self.plus = ""
        self.wounds = 0
        self.turn = 0
        self.detectives = tuple(detectives)
        self.case = case
        self.level = level
        self.limit = TURN_LIMIT[case][level - 1]
        self.advanced = advanced
        self.completed = [0, 0, 0, 0]
        self.office_plays = 0
        self.scene_plays = 0
        self.redraw_ok = False
        self.pending = None
        self.between = True                 # a turn is over and the next not begun
        self.over = False
        self.outcome = None
        self.rng = random.Random(seed)
        self.log = [] if log else None
        self.reshuffles = 0
        if start:
            self.begin_turn()

    # ------------------------------------------------------------------ copies
    def copy(self, hidden=False):
        g = Game.__new__(Game)
        g.deck = None if (hidden or self.deck is None) else list(self.deck)
        g.office = list(self.office)
        g.scene = self.scene
        g.discard = list(self.discard)
        g.hand = self.hand
        g.plus = self.plus
        g.wounds = self.wounds
        g.turn = self.turn
        g.detectives = self.detectives
        g.case = self.case
        g.level = self.level
        g.limit = self.limit
        g.advanced = self.advanced
        g.completed = list(self.completed)
        g.office_plays = self.office_plays
        g.scene_plays = self.scene_plays
        g.redraw_ok = self.redraw_ok
        g.pending = self.pending
        g.between = self.between
        g.over = self.over
        g.outcome = self.outcome
        g.rng = None if g.deck is None else self.rng   # a hidden copy never shuffles
        g.log = None
        g.reshuffles = self.reshuffles
        return g

    def player_view(self):
        """What a player sees: everything but the deck's order (its size and contents follow
        from the 48 cards minus everything visible)."""
        return self.copy(hidden=True)

    # ------------------------------------------------------------------ helpers
    @property
    def detective(self):
        return self.detectives[(self.turn - 1) % len(self.detectives)]

    def _say(self, *what):
        if self.log is not None:
            self.log.append(what)

    def visible_counts(self):
        c = list(self.discard)
        for s in self.office:
            for f in s:
                c[IDX[f]] += 1
        m = self.scene
        for i in range(8):
            if m >> i & 1:
                c[i] += 1
        for f in self.hand:
            c[IDX[f]] += 1
        for f in self.plus:
            c[IDX[f]] += 1
        return c

    def deck_counts(self):
        """The deck's contents as a count per face (known to a player, unlike its order)."""
        v = self.visible_counts()
        return [FULL[i] - v[i] for i in range(8)]

    def deck_size(self):
        if self.deck is not None:
            return len(self.deck)
        return 48 - sum(self.visible_counts())

    def _wound(self, why):
        self.wounds += 1
        self._say("wound", why, self.wounds)
        if self.wounds >= 3:
            self.over = True
            self.outcome = "lost_to_wounds"
            self.pending = None

    def _heal(self):
        if self.wounds > 0:
            self.wounds -= 1
            self._say("healed", self.wounds)

    def _reshuffle(self):
        """Empty deck: the discard pile and the Threat cards of the Crime Scene become the deck.
        Returns False when there is nothing to shuffle (the draw stops short)."""
        cards = []
        for i in range(8):
            cards.extend(FACES[i] * self.discard[i])
        for i in range(4, 8):
            if self.scene >> i & 1:
                cards.append(FACES[i])
        if not cards:
            return False
        self.discard = [0] * 8
        self.scene &= ~THREAT_MASK
        self.reshuffles += 1
        if self.deck is not None:
            self.rng.shuffle(cards)
            self.deck = cards
        self._say("reshuffled", len(cards))
        if self.advanced:
            self._wound("reshuffle")
        return True

    def _draw_known(self):
        """Draw one card from a known deck; None when the deck and the pile are both empty."""
        if not self.deck:
            if not self._reshuffle():
                return None
            if self.over:
                return None
        return self.deck.pop()

    # ------------------------------------------------------------------ the turn
    def begin_turn(self):
        assert self.between and not self.over
        self.between = False
        self.turn += 1
        self.office_plays = 0
        self.scene_plays = 0
        self.hand = ""
        self.plus = ""
        self._say("turn", self.turn, self.detective)
        drawn = self._draw_n(4)
        self.hand = drawn
        self._say("drew", drawn)
        self.redraw_ok = True
        self._after()

    def _draw_n(self, n):
        assert self.deck is not None, "a hidden copy cannot draw a turn's cards"
        out = ""
        for _ in range(n):
            f = self._draw_known()
            if f is None:
                break
            out += f
        return out

    def can_redraw(self):
        if not self.redraw_ok or self.pending is not None or self.between or self.over:
            return False
        return redraw_condition(self.hand)

    def playable(self):
        """The plays allowed now: list of ('play', face, plus, 'scene'|'office', [n])."""
        if self.pending is not None or self.between or self.over:
            return []
        out = []
        office = self.office
        seen = set()
        for f in self.hand:
            if f in seen:
                continue
            seen.add(f)
            if self.office_plays < 2:
                for n in office_places(office, f):
                    out.append(("play", f, False, "office", n))
            if self.scene_plays < 2:
                out.append(("play", f, False, "scene"))
        seen = set()
        for f in self.plus:
            if f in seen:
                continue
            seen.add(f)
            for n in office_places(office, f):
                out.append(("play", f, True, "office", n))
            out.append(("play", f, True, "scene"))
        return out

    def has_playable(self):
        """Whether some card can be played now (a plus card always can: the scene takes it)."""
        if self.pending is not None or self.between or self.over:
            return False
        if self.plus:
            return True
        if not self.hand:
            return False
        if self.scene_plays < 2:
            return True
        if self.office_plays < 2:
            office = self.office
            for f in self.hand:
                if office_places(office, f):
                    return True
        return False

    def completable(self):
        if self.case == "valley_of_fear" or self.pending is not None or self.between or self.over:
            return []
        return [i + 1 for i in range(4) if numbers_in(self.office[i]) >= 4]

    def legal_actions(self):
        if self.over or self.between:
            return []
        if self.pending is not None:
            if self.pending[0] == "draw":
                return [("drawn", FACES[i]) for i, c in enumerate(self.deck_counts()) if c]
            return [("choose", o) for o in self.pending[1]]
        acts = []
        if self.can_redraw():
            acts.append(("redraw",))
        plays = self.playable()
        acts.extend(plays)
        for n in self.completable():
            acts.append(("complete", n))
        if not plays:
            acts.append(("end",))
        return acts

    def apply(self, act):
        assert not self.over
        kind = act[0]
        if kind == "play":
            self._play(act)
        elif kind == "choose":
            assert self.pending is not None and self.pending[0] != "draw"
            assert act[1] in self.pending[1], (act, self.pending)
            p = self.pending
            self.pending = None
            self._settle(p[0], act[1])
        elif kind == "drawn":
            assert self.pending == ("draw",)
            self.pending = None
            self._got_plus(act[1])
        elif kind == "complete":
            n = act[1]
            assert n in self.completable()
            s = self.office[n - 1]
            for f in s:
                self.discard[IDX[f]] += 1
            self.office[n - 1] = ""
            self.completed[n - 1] += 1
            self._say("completed", n)
        elif kind == "redraw":
            assert self.can_redraw()
            for f in self.hand:
                self.discard[IDX[f]] += 1
            self.hand = ""
            self.redraw_ok = False
            self._say("redraw")
            self.hand = self._draw_n(4)
            self._say("drew", self.hand)
        elif kind == "end":
            assert self.pending is None and not self.has_playable()
            self._end_turn()
            return
        else:
            raise ValueError(act)
        self._after()

    def _after(self):
        """Checks the win with no effect waiting, then ends the turn when nothing is left."""
        if self.over or self.pending is not None:
            return
        if self.won():
            self.over = True
            self.outcome = "won"
            self._say("won", self.turn)
            return
        if not self.has_playable() and not self.completable():
            self._end_turn()

    def _end_turn(self):
        left = len(self.hand) + len(self.plus)
        for f in self.hand + self.plus:
            self.discard[IDX[f]] += 1
        self.hand = ""
        self.plus = ""
        self.redraw_ok = False
        if left:
            self._wound("cards left in the hand")
            if self.over:
                return
        if self.turn >= self.limit:
            self.over = True
            self.outcome = "lost_to_time"
            self._say("lost to time", self.turn)
            return
        self.between = True
        if self.deck is not None:
            self.begin_turn()

    def _play(self, act):
        f, plus, where = act[1], act[2], act[3]
        if plus:
            assert f in self.plus
            self.plus = self.plus.replace(f, "", 1)
        else:
            assert f in self.hand
            self.hand = self.hand.replace(f, "", 1)
            self.redraw_ok = False
        if where == "office":
            n = act[4]
            assert n in office_places(self.office, f), (act, self.office)
            if not plus:
                assert self.office_plays < 2
                self.office_plays += 1
            self.office[n - 1] += f
            self._say("office", f, n, plus)
        else:
            if not plus:
                assert self.scene_plays < 2
                self.scene_plays += 1
            self._say("scene", f, plus)
            self._to_scene(f)

    def _to_scene(self, f):
        b = BIT[f]
        if self.scene & b:
            self.scene &= ~b
            self.discard[IDX[f]] += 2
            self._say("pair", f)
            if f in LETTERS:
                self._wound("pair of " + f)
            else:
                self._ability(int(f))
        else:
            self.scene |= b

    # ------------------------------------------------------------------ abilities
    def ability_options(self, n):
        """The options of the ability of the detective whose turn it is, for a pair of n."""
        d = self.detective
        office = self.office
        if d == "holmes":
            if n == 1:
                return [(f, s) for f in LETTERS if self.scene & BIT[f]
                        for s in letter_places(office, f)]
            if n == 2:
                return [f for f in NUMBERS if self.discard[IDX[f]]
                        and number_place(office, f) is not None]
            if n == 3:
                return [(i + 1, f) for i in range(4) for f in office[i] if f in LETTERS]
            return ["top"]                  # 4s: the deck's top card (reshuffled if empty)
        if n == 1:
            return [f for f in LETTERS if self.scene & BIT[f]]
        if n == 2:
            return [f for f in NUMBERS if self.scene & BIT[f]
                    and number_place(office, f) is not None]
        if n == 3:
            return [f for f in NUMBERS if self.discard[IDX[f]]]
        return ["heal"]

    def _ability(self, n):
        d = self.detective
        kind = ("H" if d == "holmes" else "W") + str(n)
        opts = self.ability_options(n)
        if not opts:
            self._say("ability skipped", kind)
            self._wound("ability " + kind + " cannot be used")
            return
        if kind == "H4":
            # the deck's top card; an empty deck is reshuffled as for a draw
            self._need_draw()
            return
        if kind == "W4":
            self._heal()
            return
        if len(opts) == 1:
            self._settle(kind, opts[0])
        else:
            self.pending = (kind, tuple(opts))

    def _settle(self, kind, o):
        self._say("ability", kind, o)
        if kind == "H1":
            f, s = o
            self.scene &= ~BIT[f]
            self.office[s - 1] += f
        elif kind == "H2":
            self.discard[IDX[o]] -= 1
            self.office[int(o) - 1] += o
        elif kind == "H3":
            s, f = o
            self.office[s - 1] = self.office[s - 1].replace(f, "", 1)
            self.discard[IDX[f]] += 1
        elif kind == "W1":
            self.scene &= ~BIT[o]
            self.discard[IDX[o]] += 1
        elif kind == "W2":
            self.scene &= ~BIT[o]
            self.office[int(o) - 1] += o
        elif kind == "W3":
            self.discard[IDX[o]] -= 1
            self.plus += o
        else:
            raise ValueError(kind)

    def _need_draw(self):
        if self.deck is not None:
            f = self._draw_known()
            if f is not None:
                self._got_plus(f)
            return
        if self.deck_size() == 0:
            if not self._reshuffle() or self.over:
                return
        self.pending = ("draw",)

    def _got_plus(self, f):
        self.plus += f
        self._say("plus card", f)

    # ------------------------------------------------------------------ the case
    def won(self):
        if self.case == "valley_of_fear":
            need = self.level + 1
            for s in self.office:
                if numbers_in(s) < need:
                    return False
            return True
        c = self.completed
        distinct = sum(1 for x in c if x)
        if self.level == 1:
            return distinct >= 3
        if self.level == 2:
            return distinct == 4
        return distinct == 4 and max(c) >= 2

    def turns_left(self):
        return self.limit - self.turn

    def __repr__(self):
        sc = "".join(FACES[i] for i in range(8) if self.scene >> i & 1)
        dc = "".join(FACES[i] * self.discard[i] for i in range(8))
        return ("<turn %d/%d %s wounds %d office %s scene %s discard %s hand %s plus %s "
                "completed %s pending %s%s>" % (
                    self.turn, self.limit, self.detective if self.turn else "-", self.wounds,
                    self.office, sc, dc, self.hand, self.plus, self.completed, self.pending,
                    " OVER " + str(self.outcome) if self.over else ""))


def redraw_condition(hand):
    if len(hand) < 3:
        return False
    for f in set(hand):
        if hand.count(f) >= 3:
            return True
    if len(hand) >= 4:
        if sum(1 for f in hand if f in NUMBERS) >= 4:
            return True
        if sum(1 for f in hand if f in LETTERS) >= 4:
            return True
    return False


def play_game(deck, solver, detectives=("holmes",), case="valley_of_fear", level=1, seed=0,
              advanced=False, log=False):
    """Plays one game; ``solver(view) -> action`` sees only a player's view."""
    g = Game(deck, detectives, case, level, seed=seed, advanced=advanced, log=log)
    while not g.over:
        acts = g.legal_actions()
        if len(acts) == 1:
            a = acts[0]
        else:
            a = solver(g.player_view())
            assert a in acts, (a, acts, g)
        g.apply(a)
    return g

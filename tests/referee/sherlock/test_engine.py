"""Self-checks of the independent Sherlock Solitaire engine (and a smoke test of the solver).

    cd tests/referee/sherlock && python3 -m unittest -v test_engine
    python3 tests/referee/sherlock/test_engine.py          # from anywhere
"""

import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from engine import (Game, BIT, IDX, FACES, office_places, redraw_condition, play_game,
                    TURN_LIMIT)
from solver import Solver

ALL = "1234" * 8 + "ABCD" * 4


def deck_with(top):
    """A full deck whose first cards (top first) are ``top``; the rest in a fixed order."""
    rest = list(ALL)
    for f in top:
        rest.remove(f)
    return list(top) + rest


def mask(faces):
    m = 0
    for f in faces:
        m |= BIT[f]
    return m


def game(top="1234", **kw):
    return Game(deck_with(top), **kw)


def total_cards(g):
    return sum(g.visible_counts()) + len(g.deck)


class SetUp(unittest.TestCase):
    def test_first_draw(self):
        g = game("B24C")
        self.assertEqual(g.turn, 1)
        self.assertEqual(sorted(g.hand), sorted("B24C"))
        self.assertEqual(len(g.deck), 44)
        self.assertEqual(g.detective, "holmes")
        self.assertEqual(g.limit, 6)

    def test_limits(self):
        self.assertEqual(TURN_LIMIT["valley_of_fear"], (6, 9, 12))
        self.assertEqual(TURN_LIMIT["final_problem"], (11, 13, 16))
        self.assertEqual(game(case="final_problem", level=3).limit, 16)


class OfficeRules(unittest.TestCase):
    def test_places(self):
        office = ["1A", "2", "", "4B3"]
        self.assertEqual(office_places(office, "1"), [1])        # a number on a letter
        self.assertEqual(office_places(office, "2"), [])         # not a number on a number
        self.assertEqual(office_places(office, "3"), [3])        # a new set
        self.assertEqual(office_places(office, "4"), [])         # abnormal top "3"? no: top 3
        self.assertEqual(office_places(office, "A"), [2, 4])     # letters on number tops
        self.assertEqual(office_places(office, "B"), [2])        # B already in set 4
        self.assertEqual(office_places(["", "", "", ""], "C"), [])  # a letter never starts

    def test_abnormal_set_uses_top(self):
        # 2 A 2 with the A removed: "22"; a letter may go on it, a 2 may not
        office = ["", "22", "", ""]
        self.assertEqual(office_places(office, "2"), [])
        self.assertEqual(office_places(office, "A"), [2])

    def test_two_and_two(self):
        g = game("1122")
        g.apply(("play", "1", False, "office", 1))
        self.assertFalse(any(a[1] == "1" and a[3] == "office" for a in g.playable()))
        g.apply(("play", "2", False, "office", 2))
        self.assertTrue(all(a[3] == "scene" for a in g.playable()))
        g.apply(("play", "1", False, "scene"))
        g.apply(("play", "2", False, "scene"))
        self.assertEqual(g.turn, 2)
        self.assertEqual(g.wounds, 0)
        self.assertEqual(g.office, ["1", "2", "", ""])


class CrimeScene(unittest.TestCase):
    def test_letter_pair_wounds(self):
        g = game("AA12")
        g.apply(("play", "A", False, "scene"))
        self.assertEqual(g.scene, BIT["A"])
        g.apply(("play", "A", False, "scene"))
        self.assertEqual(g.scene, 0)
        self.assertEqual(g.discard[IDX["A"]], 2)
        self.assertEqual(g.wounds, 1)

    def test_number_pair_triggers_ability(self):
        g = game("33A1", detectives=("watson",))
        g.apply(("play", "3", False, "scene"))
        g.apply(("play", "3", False, "scene"))
        # Watson's 3s: an Investigation card from the discard pile (the pair just discarded)
        self.assertEqual(g.plus, "3")
        self.assertEqual(g.discard[IDX["3"]], 1)


class Abilities(unittest.TestCase):
    def setup(self, det, office, scene, hand, discard="", wounds=0, top_rest=""):
        g = game(hand + top_rest, detectives=(det,))
        g.office = list(office)
        g.scene = mask(scene)
        for f in discard:
            g.discard[IDX[f]] += 1
        g.wounds = wounds
        return g

    def test_holmes_1_moves_threat_to_office(self):
        g = self.setup("holmes", ["1", "", "", ""], "1B", "1A23")
        g.apply(("play", "1", False, "scene"))
        self.assertEqual(g.office[0], "1B")
        self.assertEqual(g.scene, 0)
        self.assertEqual(g.wounds, 0)

    def test_holmes_1_choice(self):
        g = self.setup("holmes", ["1", "2", "", ""], "1B", "1A23")
        g.apply(("play", "1", False, "scene"))
        self.assertEqual(g.pending[0], "H1")
        self.assertEqual(set(g.pending[1]), {("B", 1), ("B", 2)})
        self.assertEqual(g.playable(), [])
        g.apply(("choose", ("B", 2)))
        self.assertEqual(g.office, ["1", "2B", "", ""])

    def test_holmes_1_no_legal_place_wounds(self):
        g = self.setup("holmes", ["1B", "", "", ""], "1B", "1A23")
        g.apply(("play", "1", False, "scene"))
        self.assertEqual(g.wounds, 1)
        self.assertEqual(g.scene, BIT["B"])

    def test_holmes_2_from_discard(self):
        g = self.setup("holmes", ["", "2", "", ""], "2", "2A34")
        g.apply(("play", "2", False, "scene"))
        # the pair of 2s is in the pile, but set 2 has a number on top: a 1, 3 or 4?  none in
        # the pile, so the only choices are none -> wound
        self.assertEqual(g.wounds, 1)
        g = self.setup("holmes", ["", "2", "", ""], "2", "2A34", discard="3")
        g.apply(("play", "2", False, "scene"))
        self.assertEqual(g.wounds, 0)
        self.assertEqual(g.office, ["", "2", "3", ""])
        self.assertEqual(g.discard[IDX["3"]], 0)

    def test_holmes_3_from_anywhere_in_set(self):
        g = self.setup("holmes", ["1A1B", "", "", ""], "3", "3A24")
        g.apply(("play", "3", False, "scene"))
        self.assertEqual(set(g.pending[1]), {(1, "A"), (1, "B")})
        g.apply(("choose", (1, "A")))
        self.assertEqual(g.office[0], "11B")                    # abnormal set
        self.assertEqual(office_places(g.office, "A"), [])      # top is B: no letter
        g2 = self.setup("holmes", ["1A1B", "", "", ""], "3", "3A24")
        g2.apply(("play", "3", False, "scene"))
        g2.apply(("choose", (1, "B")))
        self.assertEqual(g2.office[0], "1A1")
        self.assertEqual(office_places(g2.office, "B"), [1])    # that letter may go again
        self.assertEqual(g2.discard[IDX["B"]], 1)

    def test_holmes_3_no_threat_wounds(self):
        g = self.setup("holmes", ["1", "", "", ""], "3", "3A24")
        g.apply(("play", "3", False, "scene"))
        self.assertEqual(g.wounds, 1)

    def test_holmes_4_plus_card(self):
        g = self.setup("holmes", ["", "", "", ""], "4", "4AB1", top_rest="C")
        g.apply(("play", "4", False, "scene"))
        self.assertEqual(g.plus, "C")
        # the plus card may go to the scene even after the scene's two plays
        g.apply(("play", "A", False, "scene"))
        acts = g.playable()
        self.assertIn(("play", "C", True, "scene"), acts)
        self.assertNotIn(("play", "B", False, "scene"), acts)

    def test_holmes_4_empty_deck_reshuffles(self):
        g = self.setup("holmes", ["", "", "", ""], "4A1", "4B23")
        g.deck = []
        g.apply(("play", "4", False, "scene"))
        # pile (the two 4s) and the scene's Threat A reshuffled; the scene's 1 stays
        self.assertEqual(len(g.plus), 1)
        self.assertEqual(len(g.deck), 2)
        self.assertEqual(g.scene, BIT["1"])
        self.assertEqual(sum(g.discard), 0)
        self.assertEqual(sorted(g.deck + [g.plus]), ["4", "4", "A"])

    def test_watson_1(self):
        g = self.setup("watson", ["", "", "", ""], "1C", "1A23")
        g.apply(("play", "1", False, "scene"))
        self.assertEqual(g.scene, 0)
        self.assertEqual(g.discard[IDX["C"]], 1)
        g = self.setup("watson", ["", "", "", ""], "1", "1A23")
        g.apply(("play", "1", False, "scene"))
        self.assertEqual(g.wounds, 1)

    def test_watson_2(self):
        g = self.setup("watson", ["", "", "3", ""], "23", "2A14")
        g.apply(("play", "2", False, "scene"))
        self.assertEqual(g.wounds, 1)                           # set 3 has a number on top
        g = self.setup("watson", ["", "", "3A", ""], "234", "2A14")
        g.apply(("play", "2", False, "scene"))
        self.assertEqual(set(g.pending[1]), {"3", "4"})
        g.apply(("choose", "4"))
        self.assertEqual(g.office, ["", "", "3A", "4"])
        self.assertEqual(g.scene, BIT["3"])

    def test_watson_3_and_plus_pair(self):
        g = self.setup("watson", ["", "", "", ""], "31", "3A24", discard="1")
        g.apply(("play", "3", False, "scene"))
        self.assertEqual(set(g.pending[1]), {"1", "3"})
        g.apply(("choose", "1"))
        self.assertEqual(g.plus, "1")
        # the plus 1 into the scene pairs with the 1 there: Watson's 1s, no Threat -> wound
        g.apply(("play", "1", True, "scene"))
        self.assertEqual(g.wounds, 1)
        self.assertEqual(g.scene, 0)

    def test_watson_4_heals(self):
        g = self.setup("watson", ["", "", "", ""], "4", "4A23", wounds=2)
        g.apply(("play", "4", False, "scene"))
        self.assertEqual(g.wounds, 1)
        g = self.setup("watson", ["", "", "", ""], "4", "4A23", wounds=0)
        g.apply(("play", "4", False, "scene"))
        self.assertEqual(g.wounds, 0)


class Wounds(unittest.TestCase):
    def test_one_wound_for_cards_left(self):
        g = game("2222")
        g.office = ["", "2", "", ""]
        g.apply(("play", "2", False, "scene"))
        self.assertEqual(g.scene, BIT["2"])
        g.apply(("play", "2", False, "scene"))
        # the pair of 2s: Holmes 2s, a 2 from the pile cannot go on set 2 (number on top) and
        # no other number is in the pile -> wound; then the two 2s left have nowhere to go:
        # the turn ends at once with one more wound, both discarded
        self.assertEqual(g.scene, 0)
        self.assertEqual(g.turn, 2)
        self.assertEqual(g.wounds, 2)
        self.assertEqual(g.discard[IDX["2"]], 2 + 2)

    def test_third_wound_ends_at_once(self):
        g = game("AA12")
        g.wounds = 2
        g.apply(("play", "A", False, "scene"))
        g.apply(("play", "A", False, "scene"))
        self.assertTrue(g.over)
        self.assertEqual(g.outcome, "lost_to_wounds")
        self.assertEqual(g.turn, 1)
        self.assertEqual(g.legal_actions(), [])


class Reshuffle(unittest.TestCase):
    def test_draw_from_empty_deck(self):
        g = game("1234")
        for a in [("play", "1", False, "office", 1), ("play", "2", False, "office", 2)]:
            g.apply(a)
        # empty the deck by hand: 40 cards go to the pile, keep 2 on top
        keep = g.deck[-2:]
        for f in g.deck[:-2]:
            g.discard[IDX[f]] += 1
        g.deck = keep
        g.scene = mask("AB3")
        # (the scene's cards come from the pile so that the count stays 48)
        for f in "AB3":
            g.discard[IDX[f]] -= 1
        g.apply(("play", "3", False, "scene"))   # 3 pairs with the 3: Holmes 3s, no threat
        g.apply(("play", "4", False, "scene"))
        self.assertEqual(g.turn, 2)
        self.assertEqual(len(g.hand), 4)
        self.assertEqual(total_cards(g), 48)
        self.assertEqual(g.scene & 0xF0, 0)        # the Threat cards went into the deck
        self.assertEqual(g.scene, mask("4"))       # Investigation cards stay
        self.assertEqual(g.reshuffles, 1)

    def test_draw_stops_short(self):
        g = game("1234")
        g.deck = []
        g.discard = [0] * 8
        g.hand = ""
        g.between = True
        g.office_plays = 0
        g.begin_turn()
        # nothing to draw: an empty hand ends the turn with no wound
        self.assertEqual(g.wounds, 0)

    def test_advanced_reshuffle_wounds(self):
        g = Game(deck_with("4ABC"), advanced=True)
        g.deck = []
        g.scene = mask("4")
        g.apply(("play", "4", False, "scene"))
        self.assertEqual(g.wounds, 1)


class Redraw(unittest.TestCase):
    def test_condition(self):
        self.assertTrue(redraw_condition("111A"))
        self.assertTrue(redraw_condition("1234"))
        self.assertTrue(redraw_condition("ABCD"))
        self.assertTrue(redraw_condition("AAA1"))
        self.assertFalse(redraw_condition("12AB"))
        self.assertFalse(redraw_condition("123A"))

    def test_redraw(self):
        g = game("1234" + "ABCD")
        self.assertIn(("redraw",), g.legal_actions())
        g.apply(("redraw",))
        self.assertEqual(sorted(g.hand), list("ABCD"))
        self.assertEqual(sum(g.discard), 4)
        self.assertNotIn(("redraw",), g.legal_actions())      # once a turn

    def test_no_redraw_after_a_play(self):
        g = game("1234")
        g.apply(("play", "1", False, "office", 1))
        self.assertNotIn(("redraw",), g.legal_actions())


class Cases(unittest.TestCase):
    def test_valley_win_mid_turn_no_wound(self):
        g = game("4ABC")
        g.office = ["1A1", "2B2", "3C3", "4D"]
        g.apply(("play", "4", False, "office", 4))
        self.assertTrue(g.over)
        self.assertEqual(g.outcome, "won")
        self.assertEqual(g.wounds, 0)

    def test_valley_level_2_needs_three(self):
        g = game("4ABC", level=2)
        g.office = ["1A1", "2B2", "3C3", "4D"]
        g.apply(("play", "4", False, "office", 4))
        self.assertFalse(g.over)
        self.assertNotIn("complete", [a[0] for a in g.legal_actions()])

    def test_final_problem_complete(self):
        g = game("A1BC", case="final_problem")
        g.office = ["1A1B1C", "", "", ""]
        g.completed = [0, 1, 1, 0]
        g.apply(("play", "A", False, "scene"))
        g.apply(("play", "1", False, "office", 1))
        self.assertIn(("complete", 1), g.legal_actions())
        g.apply(("complete", 1))
        self.assertTrue(g.over)
        self.assertEqual(g.outcome, "won")
        self.assertEqual(g.discard[IDX["A"]], 1)   # letters of the set discarded too

    def test_final_problem_number_may_restart(self):
        g = game("1ABC", case="final_problem")
        g.office = ["1A1B1C1", "", "", ""]
        self.assertEqual(office_places(g.office, "1"), [])
        g.apply(("complete", 1))
        self.assertEqual(g.office[0], "")
        self.assertIn(("play", "1", False, "office", 1), g.legal_actions())

    def test_final_problem_levels(self):
        g = game(case="final_problem", level=3)
        g.completed = [1, 1, 1, 1]
        self.assertFalse(g.won())
        g.completed = [1, 2, 1, 1]
        self.assertTrue(g.won())
        g.level = 2
        g.completed = [1, 1, 1, 0]
        self.assertFalse(g.won())
        g.level = 1
        self.assertTrue(g.won())

    def test_clock(self):
        g = game("AABB")
        g.turn = 6
        g.apply(("play", "A", False, "scene"))
        g.apply(("play", "B", False, "scene"))
        # A and B stay (no legal office place): one wound, then the last turn ends
        self.assertTrue(g.over)
        self.assertEqual(g.outcome, "lost_to_time")
        self.assertEqual(g.wounds, 1)


class TwoDetectives(unittest.TestCase):
    def test_alternate(self):
        g = game("1234", detectives=("holmes", "watson"))
        self.assertEqual(g.detective, "holmes")
        g.apply(("play", "1", False, "office", 1))
        g.apply(("play", "2", False, "office", 2))
        g.apply(("play", "3", False, "scene"))
        g.apply(("play", "4", False, "scene"))
        self.assertEqual(g.turn, 2)
        self.assertEqual(g.detective, "watson")


class RandomPlay(unittest.TestCase):
    """Random legal play: the invariants of the table hold at every step."""

    def check(self, g):
        self.assertEqual(total_cards(g), 48)
        for i, s in enumerate(g.office):
            if not s:
                continue
            self.assertEqual(s[0], str(i + 1))                     # started by its number
            nums = [c for c in s if c in "1234"]
            self.assertEqual(set(nums), {str(i + 1)})               # never two numbers
            lets = [c for c in s if c in "ABCD"]
            self.assertEqual(len(lets), len(set(lets)))             # a letter once a set
        self.assertTrue(0 <= g.wounds <= 3)
        self.assertTrue(g.office_plays <= 2 and g.scene_plays <= 2)
        self.assertEqual(g.has_playable(), bool(g.playable()))
        if not g.over and not g.between:
            v = g.player_view()
            self.assertEqual(v.deck_counts(),
                             [sorted(g.deck).count(f) for f in FACES])
            if g.pending is None:
                self.assertEqual(v.legal_actions(), g.legal_actions())

    def test_random_games(self):
        for seed in range(150):
            rnd = random.Random(seed)
            deck = list(ALL)
            rnd.shuffle(deck)
            dets = [("holmes",), ("watson",), ("holmes", "watson")][seed % 3]
            case = ["valley_of_fear", "final_problem"][seed // 3 % 2]
            g = Game(deck, dets, case, 1 + seed % 3, seed=seed, advanced=seed % 7 == 0)
            while not g.over:
                self.check(g)
                acts = g.legal_actions()
                self.assertTrue(acts)
                g.apply(rnd.choice(acts))
            self.check(g)
            self.assertIn(g.outcome, ("won", "lost_to_wounds", "lost_to_time"))
            if g.outcome == "lost_to_time":
                self.assertEqual(g.turn, g.limit)


class SolverSmoke(unittest.TestCase):
    def test_games_conserve_cards_and_end(self):
        for seed in range(6):
            deck = list(ALL)
            random.Random(seed).shuffle(deck)
            for dets, case, level in [(("holmes",), "valley_of_fear", 1),
                                      (("holmes", "watson"), "final_problem", 2)]:
                g = play_game(deck, Solver(), dets, case, level, seed=seed)
                self.assertTrue(g.over)
                self.assertEqual(total_cards(g), 48)
                self.assertIn(g.outcome, ("won", "lost_to_wounds", "lost_to_time"))

    def test_solver_never_sees_the_deck(self):
        g = game("1234")
        v = g.player_view()
        self.assertIsNone(v.deck)
        self.assertEqual(sum(v.deck_counts()), 44)
        a = Solver()(v)
        self.assertIn(a, g.legal_actions())


if __name__ == "__main__":
    unittest.main()

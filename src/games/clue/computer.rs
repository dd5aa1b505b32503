//! Clue's computer players. Pure: from one seat's view alone (its hand, the spare cards, the
//! public table and log, the cards shown to it) to its next command line, checked and carried
//! out like a person's. Every level accuses only on a proof, after its turn's suggestion.
//! - A **novice** remembers only the cards it has seen: it walks to the nearest room whose
//!   card it has not seen and suggests cards it has not seen, drawn at random.
//! - A **detective** reads its Detective Notebook: it heads for the room worth most per turn
//!   of walking (a room card in doubt, or one it knows is in the Pool), names the guest and
//!   the weapon most in doubt, and keeps a show order that shows first what it has shown most.
//! - A **master** heads for rooms as a detective does, and chooses its suggestion's guest and
//!   weapon together, the pair whose answer is expected to settle most about the Pool (every
//!   answer it could get weighed by its notebook's chances).
//!
//! Its random choices come from a stream keyed by a digest of the game's seed, the seat and
//! the turn: the same game plays the same way again, and nothing in it reads the deal.

use rand::rngs::ChaCha20Rng;
use rand::Rng;

use super::board::{self, Room, Spot};
use super::cards::{Card, Kind};
use super::game::Phase;
use super::notebook::{Budget, Cell, Notebook, Place, SeatView};
use super::stored::Stored;
use crate::games::stream::{below, stream};
use crate::level::Level;

/// The most lines computer seats send in one change before a person's turn comes (a guard:
/// a turn takes at most five).
const MOST_LINES: usize = 2_000;

/// The notebook's effort for a computer seat: far less than a person's page gets.
const BUDGET: Budget = Budget {
    work: 400_000,
    proposals: 4_000,
};

/// What the seat knows of each card: its chance of being in the Pool (1 or 0 when certain)
/// and whether its place is certain.
struct Knowledge {
    in_pool: [f64; Card::COUNT],
    certain: [bool; Card::COUNT],
    /// Per card, its chance in each place, and each place's seat (None: the Pool or the
    /// spare cards); from the notebook only.
    places: Vec<Vec<f64>>,
    seats: Vec<Option<usize>>,
}

impl Knowledge {
    /// From the notebook (detective, master).
    fn of_notebook(book: &Notebook) -> Knowledge {
        let mut k = Knowledge {
            in_pool: [0.0; Card::COUNT],
            certain: [false; Card::COUNT],
            places: book
                .rows
                .iter()
                .map(|r| {
                    (r.cells.iter())
                        .map(|c| match c {
                            Cell::Yes(_) => 1.0,
                            Cell::No(_) => 0.0,
                            Cell::Open(p) => p.unwrap_or(0.0),
                        })
                        .collect()
                })
                .collect(),
            seats: (book.places.iter())
                .map(|p| match p {
                    Place::Seat(s) => Some(*s),
                    _ => None,
                })
                .collect(),
        };
        for card in Card::all() {
            let i = card.index();
            (k.in_pool[i], k.certain[i]) = match book.cell(card, Place::Envelope) {
                Cell::Yes(_) => (1.0, true),
                Cell::No(_) => (
                    0.0,
                    book.rows[i].cells.iter().any(|c| matches!(c, Cell::Yes(_))),
                ),
                Cell::Open(p) => (p.unwrap_or(0.0), false),
            };
        }
        k
    }

    /// From the cards seen alone (novice): a card seen is not in the Pool; the last card of a
    /// kind not seen is.
    fn of_seen(seen: &[Card]) -> Knowledge {
        let mut k = Knowledge {
            in_pool: [0.0; Card::COUNT],
            certain: [false; Card::COUNT],
            places: Vec::new(),
            seats: Vec::new(),
        };
        for kind in [Kind::Guest, Kind::Weapon, Kind::Room] {
            let unseen: Vec<Card> = Card::all()
                .filter(|c| c.kind() == kind && !seen.contains(c))
                .collect();
            for c in Card::all().filter(|c| c.kind() == kind) {
                let i = c.index();
                match unseen.contains(&c) {
                    true => {
                        k.in_pool[i] = 1.0 / unseen.len().max(1) as f64;
                        k.certain[i] = unseen.len() == 1;
                    }
                    false => k.certain[i] = true,
                }
            }
        }
        k
    }

    /// How much an answer about the card could teach: most at an even chance.
    fn doubt(&self, c: Card) -> f64 {
        match self.certain[c.index()] {
            true => 0.0,
            false => {
                let p = self.in_pool[c.index()];
                0.25 + p * (1.0 - p)
            }
        }
    }

    /// How much the answer to a suggestion of `three` by `me` would tell about the Pool, in
    /// bits: for each of the three, how far the answer is expected to settle whether it is in
    /// the Pool. Every placing of the three is weighed by the notebook's chances as though
    /// the cards lay apart; a refuter holding several is taken to show each alike.
    fn answer_bits(&self, three: [Card; 3], me: usize, players: usize) -> f64 {
        let cols = self.seats.len();
        let pool = (0..cols)
            .find(|c| self.places[three[0].index()].len() > *c && self.seats[*c].is_none());
        let rank = |col: usize| self.seats[col].map(|s| (s + players - me) % players);
        // Per outcome (who showed, what `me` saw): its chance and, per card, the chance of it
        // with that card in the Pool.
        let mut outcomes: Vec<((usize, usize), f64, [f64; 3])> = Vec::new();
        let mut add = |key: (usize, usize), p: f64, at: [usize; 3]| {
            let in_pool = at.map(|c| if Some(c) == pool { p } else { 0.0 });
            match outcomes.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, q, j)) => {
                    *q += p;
                    for i in 0..3 {
                        j[i] += in_pool[i];
                    }
                }
                None => outcomes.push((key, p, in_pool)),
            }
        };
        let row = |c: Card| &self.places[c.index()];
        for a in 0..cols {
            let pa = row(three[0])[a];
            if pa == 0.0 {
                continue;
            }
            for b in 0..cols {
                let pb = pa * row(three[1])[b];
                if pb == 0.0 {
                    continue;
                }
                for c in 0..cols {
                    let p = pb * row(three[2])[c];
                    if p == 0.0 {
                        continue;
                    }
                    let at = [a, b, c];
                    // The first asked (after me, in seat order) who holds any.
                    let first = (0..3)
                        .filter_map(|i| rank(at[i]).filter(|r| *r > 0).map(|r| (r, at[i])))
                        .min();
                    match first {
                        None => add((usize::MAX, usize::MAX), p, at),
                        Some((_, col)) => {
                            let held: Vec<usize> = (0..3).filter(|i| at[*i] == col).collect();
                            for i in &held {
                                add((col, three[*i].index()), p / held.len() as f64, at);
                            }
                        }
                    }
                }
            }
        }
        let h = |p: f64| match p <= 0.0 || p >= 1.0 {
            true => 0.0,
            false => -p * p.log2() - (1.0 - p) * (1.0 - p).log2(),
        };
        let total: f64 = outcomes.iter().map(|(_, p, _)| p).sum();
        if total <= 0.0 {
            return 0.0;
        }
        let before: f64 = (0..3)
            .map(|i| h(outcomes.iter().map(|o| o.2[i]).sum::<f64>() / total))
            .sum();
        let after: f64 = outcomes
            .iter()
            .map(|(_, p, j)| p / total * (0..3).map(|i| h(j[i] / p)).sum::<f64>())
            .sum();
        before - after
    }

    /// The Pool's three cards, once all three are certain.
    fn proof(&self) -> Option<(Card, Card, Card)> {
        let sure = |kind: Kind| {
            Card::all().find(|c| {
                c.kind() == kind && self.certain[c.index()] && self.in_pool[c.index()] >= 1.0
            })
        };
        Some((sure(Kind::Guest)?, sure(Kind::Weapon)?, sure(Kind::Room)?))
    }
}

/// Everything a computer seat reads: its own view of the game, nothing more.
struct Seat {
    me: usize,
    players: usize,
    level: Level,
    spot: Spot,
    board: bool,
    stay: Option<Room>,
    last_room: Option<Room>,
    hand: Vec<Card>,
    show_order: Vec<Card>,
    /// How many times it has shown each card of its hand.
    shown_by_me: Vec<(Card, usize)>,
    know: Knowledge,
    rng: ChaCha20Rng,
}

impl Seat {
    fn of(g: &Stored, me: usize, level: Level) -> Seat {
        let game = &g.game;
        let private = game.private_view(me);
        let public = game.public_view();
        let know = match level {
            Level::Novice => {
                let mut seen = private.hand.clone();
                seen.extend(&public.spare);
                seen.extend(private.shown_to_me.iter().map(|(_, c)| *c));
                Knowledge::of_seen(&seen)
            }
            Level::Detective | Level::Master => {
                let events: Vec<_> = g.log.iter().flat_map(|l| l.events.clone()).collect();
                let view = SeatView::new(&private, &public, &events);
                Knowledge::of_notebook(&Notebook::build(&view, &BUDGET, g.turn_no as u64))
            }
        };
        let shown_by_me = private
            .hand
            .iter()
            .map(|c| {
                let n = private.shown_by_me.iter().filter(|(_, s)| s == c).count();
                (*c, n)
            })
            .collect();
        // Keyed by a digest of the seed, so nothing of the deal can be read back from it.
        let digest = stream("clue-computer-key", g.seed, 0).next_u64();
        let rng = stream("clue-computer", digest, (g.turn_no as u64) << 8 | me as u64);
        Seat {
            me,
            players: game.players.len(),
            level,
            spot: game.movers[game.guests[me]],
            board: game.board,
            stay: game.stay[me],
            last_room: game.last_room[me],
            hand: private.hand,
            show_order: private.show_order,
            shown_by_me,
            know,
            rng,
        }
    }

    /// The cards it would most like shown last: those it has shown most come first.
    fn wanted_show_order(&self) -> Vec<Card> {
        // A novice keeps the plainest order, set once: its hand, card by card (RULES-CLUE §3:
        // computer players keep a show order too).
        if self.level == Level::Novice {
            let mut hand = self.hand.clone();
            hand.sort_by_key(|c| c.index());
            return hand;
        }
        let mut order = self.shown_by_me.clone();
        order.sort_by_key(|(c, n)| (std::cmp::Reverse(*n), c.index()));
        order.into_iter().map(|(c, _)| c).collect()
    }

    /// What a room is worth suggesting in.
    fn room_worth(&self, room: Room) -> f64 {
        let card = Card::of_room(room);
        let i = card.index();
        match self.level {
            Level::Novice => match self.know.certain[i] && self.know.in_pool[i] < 1.0 {
                true => 0.1,
                false => 1.0,
            },
            Level::Detective | Level::Master => {
                let pool = self.know.certain[i] && self.know.in_pool[i] >= 1.0;
                let mine = self.hand.contains(&card);
                self.know.doubt(card) * 2.0
                    + if pool {
                        0.8
                    } else if mine {
                        0.4
                    } else {
                        0.1
                    }
            }
        }
    }

    /// The room to head for, and whether a passage takes it there.
    fn target(&mut self) -> (Room, bool) {
        let here = match self.spot {
            Spot::In(r) => Some(r),
            _ => None,
        };
        let passage = here.and_then(Room::passage);
        let mut best: Option<(f64, Room, bool)> = None;
        for room in Room::ALL.into_iter().filter(|r| Some(*r) != here) {
            let d = board::distance(self.spot, room);
            let (reach, by_passage) = match passage == Some(room) {
                true => (1.0, true),
                false => (board::chance(d), false),
            };
            let score = match self.level {
                // The nearest room worth seeing, ties to the stream.
                Level::Novice => {
                    self.room_worth(room) * 100.0 - d as f64
                        + below(&mut self.rng, 10) as f64 / 20.0
                }
                _ => {
                    self.room_worth(room) * (reach + (1.0 - reach) * 0.45 / (1.0 + d as f64 / 12.0))
                }
            };
            if best.is_none_or(|(s, _, _)| score > s) {
                best = Some((score, room, by_passage));
            }
        }
        let (_, room, by_passage) = best.expect("another room");
        (room, by_passage)
    }

    /// The guest and weapon to name with `room`.
    fn suggestion(&mut self, room: Room) -> (Card, Card) {
        if let Some((g, w, _)) = self.know.proof() {
            return (g, w);
        }
        let of = |k: Kind| Card::all().filter(move |c| c.kind() == k);
        match self.level {
            Level::Novice => {
                let mut pick = |k: Kind, know: &Knowledge| {
                    let open: Vec<Card> = of(k)
                        .filter(|c| !know.certain[c.index()] || know.in_pool[c.index()] >= 1.0)
                        .collect();
                    let from: Vec<Card> = match open.is_empty() {
                        true => of(k).collect(),
                        false => open,
                    };
                    from[below(&mut self.rng, from.len() as u64) as usize]
                };
                let g = pick(Kind::Guest, &self.know);
                let w = pick(Kind::Weapon, &self.know);
                (g, w)
            }
            Level::Detective => {
                let most = |k: Kind, know: &Knowledge| {
                    of(k)
                        .max_by(|a, b| {
                            (know.doubt(*a), know.in_pool[a.index()])
                                .partial_cmp(&(know.doubt(*b), know.in_pool[b.index()]))
                                .expect("no NaN")
                                .then(b.index().cmp(&a.index()))
                        })
                        .expect("six of each")
                };
                (
                    most(Kind::Guest, &self.know),
                    most(Kind::Weapon, &self.know),
                )
            }
            Level::Master => self.most_telling(room).1,
        }
    }

    /// The guest and weapon whose answer in `room` tells most, and how much (bits).
    fn most_telling(&self, room: Room) -> (f64, (Card, Card)) {
        let of = |k: Kind| Card::all().filter(move |c| c.kind() == k);
        let mut best = (
            f64::MIN,
            (
                of(Kind::Guest).next().expect("a guest"),
                of(Kind::Weapon).next().expect("a weapon"),
            ),
        );
        for g in of(Kind::Guest) {
            for w in of(Kind::Weapon) {
                let bits =
                    self.know
                        .answer_bits([g, w, Card::of_room(room)], self.me, self.players);
                if bits > best.0 + 1e-9 {
                    best = (bits, (g, w));
                }
            }
        }
        best
    }

    /// The next line this seat sends, its turn in `phase`.
    fn next_line(&mut self, phase: Phase) -> String {
        match phase {
            Phase::Move if self.wanted_show_order() != self.show_order => {
                let names: Vec<String> =
                    self.wanted_show_order().iter().map(|c| c.name()).collect();
                format!("show order {}", names.join(", "))
            }
            Phase::Move if !self.board => {
                let room = self.board_off_room();
                let (g, w) = self.suggestion(room);
                format!("suggest {} in {} with {}", g.name(), room.name(), w.name())
            }
            Phase::Move => {
                let (target, by_passage) = self.target();
                let stay_worth = self.stay.map_or(f64::MIN, |r| self.room_worth(r) * 1.1);
                match self.stay {
                    Some(_) if stay_worth >= self.room_worth(target) => "stay".into(),
                    _ if by_passage => "passage".into(),
                    _ => format!("move to {}", target.name()),
                }
            }
            Phase::Suggest => {
                let Spot::In(room) = self.spot else {
                    return "done".into();
                };
                let (g, w) = self.suggestion(room);
                format!("suggest {} with {}", g.name(), w.name())
            }
            Phase::Answered => match self.know.proof() {
                Some((g, w, r)) => format!(
                    "accuse {} in {} with {}",
                    g.name(),
                    r.room().expect("a room card").name(),
                    w.name()
                ),
                None => "done".into(),
            },
            Phase::Over | Phase::Showing => "done".into(),
        }
    }

    /// Board off: the room worth most, other than its previous suggestion's (with a proof,
    /// any room will do: the accusation follows).
    fn board_off_room(&mut self) -> Room {
        let rooms: Vec<Room> = Room::ALL
            .into_iter()
            .filter(|r| Some(*r) != self.last_room)
            .collect();
        let mut best = (f64::MIN, rooms[0]);
        for r in rooms {
            let score = self.room_worth(r) + below(&mut self.rng, 100) as f64 / 1000.0;
            if score > best.0 {
                best = (score, r);
            }
        }
        best.1
    }
}

/// The card a computer refuter asked to choose shows: the one it showed this suggester last,
/// else the one it has shown most (so others learn least), else its first.
pub fn show_choice(g: &Stored, me: usize, cards: &[Card]) -> Card {
    let private = g.game.private_view(me);
    let suggester = g.game.turn;
    if let Some((_, c)) =
        (private.shown_by_me.iter().rev()).find(|(to, c)| *to == suggester && cards.contains(c))
    {
        return *c;
    }
    let times = |c: &Card| private.shown_by_me.iter().filter(|(_, s)| s == c).count();
    (cards.iter().copied())
        .max_by_key(|c| (times(c), std::cmp::Reverse(c.index())))
        .expect("two or three cards")
}

/// The line the computer seat `me` sends now, on its own turn.
pub fn next_line(g: &Stored, me: usize, level: Level) -> String {
    let phase = g.game.phase;
    Seat::of(g, me, level).next_line(phase)
}

/// Computer seats play their turns, one line at a time, until a person's turn comes or the
/// game ends; `levels` holds each seat's level (None: a person). A line refused (which the
/// tests prove does not happen) ends its turn with `done`, then by passing it. Returns how
/// many lines were sent and how many of them were refused.
pub fn play(g: &mut Stored, levels: &[Option<Level>]) -> (usize, usize) {
    let (mut lines, mut refused) = (0, 0);
    while let Some(current) = g.current() {
        // A refuter asked to choose answers first; else the seat whose turn it is plays.
        let (seat, asked) = match &g.game.asked {
            Some((refuter, cards)) => (*refuter, Some(cards.clone())),
            None => (current, None),
        };
        let Some(level) = levels.get(seat).copied().flatten() else {
            break;
        };
        if lines >= MOST_LINES {
            break;
        }
        let line = match asked {
            Some(cards) => format!("show {}", show_choice(g, seat, &cards).name()),
            None => next_line(g, seat, level),
        };
        lines += 1;
        if g.act(seat, &line).refused.is_some() {
            refused += 1;
            if g.act(seat, "done").refused.is_some() {
                g.pass_turn();
            }
        }
    }
    (lines, refused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::clue::settings::Settings;

    fn game(n: usize, seed: u64, board: bool) -> Stored {
        let names = crate::games::simulate::names(n);
        let settings = Settings {
            board,
            ..Settings::default()
        };
        Stored::new(names, &[], settings, seed, format!("salt-{seed}")).unwrap()
    }

    #[test]
    fn computer_players_of_every_level_play_whole_games_to_a_right_accusation_without_a_refused_line(
    ) {
        for (i, level) in Level::ALL.into_iter().enumerate() {
            for board in [true, false] {
                let mut g = game(3 + i, 40 + i as u64, board);
                let levels = vec![Some(level); g.game.players.len()];
                let (lines, refused) = play(&mut g, &levels);
                assert!(g.over(), "{level} board={board}: the game ended");
                let winner = g.game.winner.expect("a right accusation ended it");
                assert!(!g.game.out[winner]);
                assert!(lines > 3 * g.game.players.len());
                assert_eq!(
                    refused, 0,
                    "{level} board={board}: every line was carried out"
                );
            }
        }
    }

    #[test]
    fn a_computer_accuses_only_on_a_proof_so_it_is_never_wrong() {
        for seed in 0..6 {
            let mut g = game(4, seed, true);
            let levels = vec![
                Some(Level::Master),
                Some(Level::Detective),
                Some(Level::Novice),
                Some(Level::Detective),
            ];
            play(&mut g, &levels);
            assert!(g.over());
            assert!(
                g.game.out.iter().all(|o| !o),
                "seed {seed}: nobody accused wrongly"
            );
        }
    }

    #[test]
    fn a_detective_shows_first_the_cards_it_has_shown_most() {
        let g = game(3, 5, true);
        let mut seat = Seat::of(&g, 0, Level::Detective);
        let hand = seat.hand.clone();
        seat.shown_by_me = vec![(hand[0], 0), (hand[1], 2), (hand[2], 1)];
        let order = seat.wanted_show_order();
        assert_eq!(&order[..3], &[hand[1], hand[2], hand[0]]);
    }

    #[test]
    fn a_novice_keeps_a_show_order_too_its_hand_card_by_card_set_once() {
        let mut g = game(3, 6, true);
        let first = g.game.turn;
        let levels = vec![Some(Level::Novice); 3];
        let line = next_line(&g, first, Level::Novice);
        let mut hand = g.game.setup.hands[first].clone();
        hand.sort_by_key(|c| c.index());
        let names: Vec<String> = hand.iter().map(|c| c.name()).collect();
        assert_eq!(line, format!("show order {}", names.join(", ")));
        assert_eq!(g.act(first, &line).refused, None);
        // Kept: the next line is the turn's move, and the whole game goes on without refusals.
        assert!(!next_line(&g, first, Level::Novice).starts_with("show order"));
        let (_, refused) = play(&mut g, &levels);
        assert_eq!(refused, 0);
        assert!(g.over());
    }
}

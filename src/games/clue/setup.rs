//! Clue's set-up (RULES-CLUE §2), drawn from the game's seed: the envelope (one guest, one
//! weapon, one room: "the Swimming Pool"), the hands dealt alike and the spare cards face up,
//! each weapon token in a different room, and the first player by roll-off. Its canonical text
//! is what the fairness commitment hashes with the salt; every later random choice of the game
//! comes from `play_stream`, keyed by the salt and the seed, so the commitment binds it too.

use rand::rngs::ChaCha20Rng;

use super::board::Room;
use super::cards::{Card, Kind};
use crate::games::stream::{below, commitment_of, stream};

/// The fewest and most players.
pub const MIN_PLAYERS: usize = 3;
pub const MAX_PLAYERS: usize = 6;

/// A game's set-up, as the seed drew it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// The envelope: a guest, a weapon, a room.
    pub envelope: [Card; 3],
    /// Each seat's hand, in the order dealt.
    pub hands: Vec<Vec<Card>>,
    /// The cards left over, face up in the Pool: public from the start.
    pub spare: Vec<Card>,
    /// The room of each weapon token, in the weapons' order.
    pub weapon_rooms: [Room; 6],
    /// Each round of the roll-off: the seats that rolled and what each rolled.
    pub roll_off: Vec<Vec<(usize, u32)>>,
    /// The seat that plays first.
    pub first: usize,
}

/// How many cards each player holds at a table of `players` (RULES-CLUE §2).
pub fn hand_size(players: usize) -> usize {
    18 / players
}

/// A shuffle by Fisher–Yates on the stream, so no library's method can change it.
fn shuffle<T>(items: &mut [T], rng: &mut ChaCha20Rng) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

impl Setup {
    /// The set-up of a table of `players` drawn from `seed`.
    pub fn draw(players: usize, seed: u64) -> Result<Setup, String> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "Clue needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            ));
        }
        let mut rng = stream("clue/deal", seed, 0);
        let of_kind = |k: Kind| {
            Card::all()
                .filter(move |c| c.kind() == k)
                .collect::<Vec<_>>()
        };
        let (guests, weapons, rooms) = (
            of_kind(Kind::Guest),
            of_kind(Kind::Weapon),
            of_kind(Kind::Room),
        );
        let envelope = [
            guests[below(&mut rng, 6) as usize],
            weapons[below(&mut rng, 6) as usize],
            rooms[below(&mut rng, 9) as usize],
        ];
        let mut rest: Vec<Card> = Card::all().filter(|c| !envelope.contains(c)).collect();
        shuffle(&mut rest, &mut rng);
        let size = hand_size(players);
        let hands: Vec<Vec<Card>> = (0..players)
            .map(|seat| rest[seat * size..(seat + 1) * size].to_vec())
            .collect();
        let spare = rest[players * size..].to_vec();
        let mut places = Room::ALL;
        shuffle(&mut places, &mut rng);
        let weapon_rooms: [Room; 6] = places[..6].try_into().expect("six of nine rooms");
        let (roll_off, first) = roll_off(players, &mut rng);
        Ok(Setup {
            envelope,
            hands,
            spare,
            weapon_rooms,
            roll_off,
            first,
        })
    }

    /// The text the commitment hashes: the hands, the spare cards, the envelope, the weapon
    /// tokens' rooms, the first player and the seed, one line each, cards by English name.
    pub fn canonical_text(&self, names: &[String], seed: u64) -> String {
        let cards = |cs: &[Card]| cs.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ");
        let mut lines: Vec<String> = names
            .iter()
            .zip(&self.hands)
            .map(|(n, h)| format!("{n}: {}", cards(h)))
            .collect();
        lines.push(format!("spare: {}", cards(&self.spare)));
        lines.push(format!("envelope: {}", cards(&self.envelope)));
        let weapons: Vec<String> = (0..6)
            .map(|w| {
                let weapon = Card::all().filter(|c| c.kind() == Kind::Weapon).nth(w);
                let weapon = weapon.expect("six weapons");
                format!("{} in {}", weapon.name(), self.weapon_rooms[w].name())
            })
            .collect();
        lines.push(format!("weapons: {}", weapons.join(", ")));
        lines.push(format!("first: {}", names[self.first]));
        lines.push(format!("seed: {seed}"));
        lines.join("\n") + "\n"
    }

    /// The commitment published at the start.
    pub fn commitment(&self, names: &[String], seed: u64, salt: &str) -> String {
        commitment_of(&self.canonical_text(names, seed), salt)
    }
}

/// Each seat's guest (0–5, the rules' order): the ones chosen when the game was made or when
/// joining, and to the seats that chose none the guests no one chose, in the rules' order
/// (RULES-CLUE §2). Two seats may not choose the same guest.
pub fn assign_guests(chosen: &[Option<usize>]) -> Result<Vec<usize>, String> {
    let mut taken = [false; 6];
    for g in chosen.iter().flatten() {
        if *g >= 6 {
            return Err(format!("there are 6 guests, not {}", g + 1));
        }
        if std::mem::replace(&mut taken[*g], true) {
            let name = Card::all().nth(*g).map(|c| c.name()).unwrap_or_default();
            return Err(format!("{name} is chosen by two players"));
        }
    }
    let mut free = (0..6).filter(|g| !taken[*g]);
    chosen
        .iter()
        .map(|c| match c {
            Some(g) => Ok(*g),
            None => free
                .next()
                .ok_or_else(|| "more players than guests".to_string()),
        })
        .collect()
}

/// Each seat rolls one die in seat order; only those tied for the highest roll again, in
/// seat order, until one is highest (RULES-CLUE §7).
fn roll_off(players: usize, rng: &mut ChaCha20Rng) -> (Vec<Vec<(usize, u32)>>, usize) {
    let mut rolling: Vec<usize> = (0..players).collect();
    let mut rounds = Vec::new();
    loop {
        let rolls: Vec<(usize, u32)> = rolling
            .iter()
            .map(|&s| (s, below(rng, 6) as u32 + 1))
            .collect();
        let high = rolls.iter().map(|r| r.1).max().expect("someone rolls");
        rolling = rolls.iter().filter(|r| r.1 == high).map(|r| r.0).collect();
        rounds.push(rolls);
        if rolling.len() == 1 {
            return (rounds, rolling[0]);
        }
    }
}

/// The stream every choice of the game after its set-up comes from (each roll, each card a
/// refuter did not choose): keyed by the salt and the seed, so the commitment binds it.
pub fn play_stream(salt: &str, seed: u64, index: u64) -> ChaCha20Rng {
    stream(&format!("clue/play/{salt}"), seed, index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_is_dealt_once_and_the_hands_are_alike() {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            for seed in 0..50 {
                let s = Setup::draw(players, seed).unwrap();
                let mut all: Vec<Card> = s.envelope.to_vec();
                all.extend(s.hands.iter().flatten());
                all.extend(&s.spare);
                all.sort();
                assert_eq!(all, Card::all().collect::<Vec<_>>());
                assert!(s.hands.iter().all(|h| h.len() == hand_size(players)));
                assert_eq!(s.spare.len(), 18 - players * hand_size(players));
                assert_eq!(
                    s.envelope.map(|c| c.kind()),
                    [Kind::Guest, Kind::Weapon, Kind::Room]
                );
            }
        }
        // The rules' sizes: 3p 6, 4p 4 and 2 spare, 5p 3 and 3 spare, 6p 3.
        assert_eq!((3..=6).map(hand_size).collect::<Vec<_>>(), vec![6, 4, 3, 3]);
    }

    #[test]
    fn the_weapons_stand_in_six_different_rooms_and_the_roll_off_ends_on_the_highest() {
        let mut ties = 0;
        for seed in 0..200 {
            let s = Setup::draw(4, seed).unwrap();
            let mut rooms = s.weapon_rooms.to_vec();
            rooms.sort();
            rooms.dedup();
            assert_eq!(rooms.len(), 6);
            let last = s.roll_off.last().unwrap();
            let high = last.iter().map(|r| r.1).max().unwrap();
            assert_eq!(last.iter().filter(|r| r.1 == high).count(), 1);
            assert!(last.contains(&(s.first, high)));
            assert_eq!(s.roll_off[0].len(), 4);
            ties += (s.roll_off.len() > 1) as usize;
            // Only the tied roll again.
            for pair in s.roll_off.windows(2) {
                let top = pair[0].iter().map(|r| r.1).max().unwrap();
                let tied: Vec<usize> = pair[0].iter().filter(|r| r.1 == top).map(|r| r.0).collect();
                assert_eq!(pair[1].iter().map(|r| r.0).collect::<Vec<_>>(), tied);
            }
        }
        assert!(ties > 0, "some roll-offs need a second roll");
    }

    #[test]
    fn unchosen_guests_go_to_seats_in_the_rules_order() {
        // Ben chose Plum (5); Ann and Cleo chose none: Scarlet and Mustard.
        assert_eq!(assign_guests(&[None, Some(5), None]), Ok(vec![0, 5, 1]));
        assert_eq!(assign_guests(&[Some(0), None, None]), Ok(vec![0, 1, 2]));
        assert!(assign_guests(&[Some(2), Some(2), None])
            .unwrap_err()
            .contains("Mrs. White is chosen by two players"));
        assert!(assign_guests(&[Some(6), None, None]).is_err());
    }

    #[test]
    fn the_same_seed_draws_the_same_setup_and_the_commitment_binds_it() {
        let names: Vec<String> = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
        let a = Setup::draw(3, 9).unwrap();
        assert_eq!(a, Setup::draw(3, 9).unwrap());
        assert_ne!(a, Setup::draw(3, 10).unwrap());
        let c = a.commitment(&names, 9, "salt");
        assert_eq!(c.len(), 64);
        assert_ne!(c, a.commitment(&names, 9, "other salt"));
        assert!(a.canonical_text(&names, 9).contains("envelope: "));
        assert!(Setup::draw(7, 1).is_err());
        assert!(Setup::draw(2, 1).is_err());
    }
}

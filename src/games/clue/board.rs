//! Clue's board as play by message needs it (RULES-CLUE §1, §3 and §7): nine rooms round the
//! Swimming Pool, six start squares, corridors measured in squares door to door, two secret
//! passages. Where a piece stands (`Spot`), the distance from it to every room along corridors
//! only, the one route a `move to` takes (of several shortest, the one whose list of places
//! comes first by English name), where a roll of the dice leaves the piece, and the chance of
//! a roll of two dice reaching a room. Pure: no clock, no randomness of its own.

use std::cmp::Ordering;

/// A room of the board, in the order of the rules' list.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Room {
    Spa,
    Theater,
    LivingRoom,
    Observatory,
    Patio,
    Hall,
    Kitchen,
    DiningRoom,
    GuestHouse,
}

impl Room {
    pub const ALL: [Room; 9] = [
        Room::Spa,
        Room::Theater,
        Room::LivingRoom,
        Room::Observatory,
        Room::Patio,
        Room::Hall,
        Room::Kitchen,
        Room::DiningRoom,
        Room::GuestHouse,
    ];

    /// Its English card name.
    pub fn name(self) -> &'static str {
        match self {
            Room::Spa => "Spa",
            Room::Theater => "Theater",
            Room::LivingRoom => "Living Room",
            Room::Observatory => "Observatory",
            Room::Patio => "Patio",
            Room::Hall => "Hall",
            Room::Kitchen => "Kitchen",
            Room::DiningRoom => "Dining Room",
            Room::GuestHouse => "Guest House",
        }
    }

    /// The room at the other end of its secret passage, if it has one.
    pub fn passage(self) -> Option<Room> {
        match self {
            Room::Spa => Some(Room::GuestHouse),
            Room::GuestHouse => Some(Room::Spa),
            Room::Kitchen => Some(Room::Observatory),
            Room::Observatory => Some(Room::Kitchen),
            _ => None,
        }
    }
}

/// A guest's start square, by the guest's seat order in the rules' list.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Start(pub u8);

/// The guests' English card names, in the rules' order: their start squares are named after
/// them (`Colonel Mustard start`).
pub const GUESTS: [&str; 6] = [
    "Miss Scarlet",
    "Colonel Mustard",
    "Mrs. White",
    "Mr. Green",
    "Mrs. Peacock",
    "Professor Plum",
];

/// A place routes run between: a room (its door) or a start square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    Room(Room),
    Start(Start),
}

impl Place {
    /// Its name in a route's list of places (RULES-CLUE §7).
    pub fn name(self) -> String {
        match self {
            Place::Room(r) => r.name().to_string(),
            Place::Start(Start(g)) => format!("{} start", GUESTS[g as usize]),
        }
    }

    /// Its index among the 15 places: the rooms, then the start squares.
    fn index(self) -> usize {
        match self {
            Place::Room(r) => r as usize,
            Place::Start(Start(g)) => 9 + g as usize,
        }
    }

    fn of_index(i: usize) -> Place {
        match i {
            0..9 => Place::Room(Room::ALL[i]),
            _ => Place::Start(Start((i - 9) as u8)),
        }
    }
}

/// Every corridor: its two ends and its length in squares.
pub const CORRIDORS: [(Place, Place, u32); 27] = {
    use Place::Room as R;
    use Room::*;
    const fn s(g: u8) -> Place {
        Place::Start(Start(g))
    }
    [
        (R(Spa), R(Theater), 5),
        (R(Theater), R(LivingRoom), 4),
        (R(LivingRoom), R(Observatory), 5),
        (R(Observatory), R(Hall), 6),
        (R(Hall), R(GuestHouse), 5),
        (R(GuestHouse), R(DiningRoom), 7),
        (R(DiningRoom), R(Kitchen), 6),
        (R(Kitchen), R(Patio), 5),
        (R(Patio), R(Spa), 6),
        (R(Patio), R(Theater), 8),
        (R(Patio), R(DiningRoom), 7),
        (R(LivingRoom), R(Hall), 8),
        (R(DiningRoom), R(Hall), 9),
        (R(Theater), R(DiningRoom), 11),
        (R(LivingRoom), R(DiningRoom), 10),
        (s(0), R(Theater), 4),
        (s(0), R(LivingRoom), 3),
        (s(1), R(Observatory), 4),
        (s(1), R(Hall), 5),
        (s(2), R(GuestHouse), 4),
        (s(2), R(DiningRoom), 6),
        (s(3), R(DiningRoom), 4),
        (s(3), R(Kitchen), 5),
        (s(4), R(Patio), 4),
        (s(4), R(Kitchen), 5),
        (s(5), R(Spa), 4),
        (s(5), R(Patio), 5),
    ]
};

/// Where a piece stands (RULES-CLUE §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    /// In a room.
    In(Room),
    /// On its start square (or another's, where a roll left it).
    Start(Start),
    /// On corridor `corridor` (an index of `CORRIDORS`), `from_a` squares from its first end,
    /// strictly between its ends.
    Corridor { corridor: usize, from_a: u32 },
    /// At the door of a room its route passed, outside it.
    Door(Room),
}

const PLACES: usize = 15;
const FAR: u32 = u32::MAX / 4;

/// The shortest distance between every two places, along corridors only: worked out once.
fn distances() -> &'static [[u32; PLACES]; PLACES] {
    static DISTANCES: std::sync::LazyLock<[[u32; PLACES]; PLACES]> =
        std::sync::LazyLock::new(floyd);
    &DISTANCES
}

fn floyd() -> [[u32; PLACES]; PLACES] {
    let mut d = [[FAR; PLACES]; PLACES];
    for (i, row) in d.iter_mut().enumerate() {
        row[i] = 0;
    }
    for (a, b, len) in CORRIDORS {
        let (a, b) = (a.index(), b.index());
        d[a][b] = d[a][b].min(len);
        d[b][a] = d[b][a].min(len);
    }
    for k in 0..PLACES {
        for i in 0..PLACES {
            for j in 0..PLACES {
                let via = d[i][k] + d[k][j];
                if via < d[i][j] {
                    d[i][j] = via;
                }
            }
        }
    }
    d
}

/// The places a spot leaves from, with the squares to each: a room or start square is its own
/// place at 0; a corridor square leads to both ends; a door is its room's.
fn exits(spot: Spot) -> Vec<(Place, u32)> {
    match spot {
        Spot::In(r) | Spot::Door(r) => vec![(Place::Room(r), 0)],
        Spot::Start(s) => vec![(Place::Start(s), 0)],
        Spot::Corridor { corridor, from_a } => {
            let (a, b, len) = CORRIDORS[corridor];
            vec![(a, from_a), (b, len - from_a)]
        }
    }
}

/// The distance in squares from a spot to a room.
pub fn distance(spot: Spot, room: Room) -> u32 {
    let d = distances();
    let to = Place::Room(room).index();
    exits(spot)
        .into_iter()
        .map(|(p, k)| k + d[p.index()][to])
        .min()
        .expect("a spot has an exit")
}

/// Compares two lists of places as the route rule does: name by name, case-insensitively; a
/// list that begins a longer one comes first.
fn by_names(a: &[Place], b: &[Place]) -> Ordering {
    let key = |p: &Place| p.name().to_lowercase();
    a.iter().map(key).cmp(b.iter().map(key))
}

/// Every shortest route from place `from` to place `to`, as the places it reaches after
/// leaving `from`, ending with `to`.
fn shortest_routes(from: usize, to: usize, d: &[[u32; PLACES]; PLACES]) -> Vec<Vec<Place>> {
    if from == to {
        return vec![vec![]];
    }
    let mut routes = Vec::new();
    for (a, b, len) in CORRIDORS {
        for (x, y) in [(a.index(), b.index()), (b.index(), a.index())] {
            // A first step along this corridor that keeps the route shortest.
            if x == from && len + d[y][to] == d[from][to] {
                for mut rest in shortest_routes(y, to, d) {
                    rest.insert(0, Place::of_index(y));
                    routes.push(rest);
                }
            }
        }
    }
    routes
}

/// The route a `move to ROOM` takes from a spot: the squares to its first place, then the
/// places it reaches in order (ending with the room), of all shortest routes the one whose
/// list of places comes first. None when the piece already stands in that room.
pub fn route(spot: Spot, room: Room) -> Option<(u32, Vec<Place>)> {
    if spot == Spot::In(room) {
        return None;
    }
    let d = distances();
    let to = Place::Room(room).index();
    let best = distance(spot, room);
    let mut candidates: Vec<(u32, Vec<Place>)> = Vec::new();
    for (first, k) in exits(spot) {
        if k + d[first.index()][to] != best {
            continue;
        }
        for rest in shortest_routes(first.index(), to, d) {
            let mut places = Vec::with_capacity(rest.len() + 1);
            // Leaving a room or a start square, the first place is the next one; from a
            // corridor square or a door, the corridor's end is reached first.
            if k > 0 {
                places.push(first);
            }
            places.extend(rest);
            candidates.push((k, places));
        }
    }
    candidates.sort_by(|a, b| by_names(&a.1, &b.1));
    candidates.into_iter().next()
}

/// Where `move to ROOM` with a roll of `roll` leaves a piece: in the room when the roll is at
/// least its distance, else that many squares along the route — on a corridor square, at the
/// door of a room passed, or on a start square. None when the piece stands in that room.
pub fn moved(spot: Spot, room: Room, roll: u32) -> Option<Spot> {
    let (to_first, places) = route(spot, room)?;
    if roll >= distance(spot, room) {
        return Some(Spot::In(room));
    }
    // The place the walk starts from; none on a corridor square, whose first leg is
    // `to_first` squares to the corridor's end.
    let mut from = match spot {
        Spot::In(r) | Spot::Door(r) => Some(Place::Room(r)),
        Spot::Start(s) => Some(Place::Start(s)),
        Spot::Corridor { .. } => None,
    };
    let mut left = roll;
    for to in places {
        let len = match from {
            None => to_first,
            Some(q) => corridor(q, to).1,
        };
        if left < len {
            return Some(along(spot, from, to, left));
        }
        left -= len;
        if left == 0 {
            return Some(match to {
                Place::Room(r) => Spot::Door(r),
                Place::Start(s) => Spot::Start(s),
            });
        }
        from = Some(to);
    }
    unreachable!("a roll short of the distance stops on the route")
}

/// The shortest corridor between two places a route steps between: its index and length.
fn corridor(p: Place, q: Place) -> (usize, u32) {
    CORRIDORS
        .iter()
        .enumerate()
        .filter(|(_, (a, b, _))| (*a == p && *b == q) || (*a == q && *b == p))
        .map(|(i, (_, _, len))| (i, *len))
        .min_by_key(|(_, len)| *len)
        .expect("a route steps along corridors")
}

/// The square `k` squares (at least one, fewer than the leg's length) along the leg from
/// `from` (None: the piece's own corridor square) to `to`.
fn along(spot: Spot, from: Option<Place>, to: Place, k: u32) -> Spot {
    match (from, spot) {
        (None, Spot::Corridor { corridor, from_a }) => {
            let (a, _, _) = CORRIDORS[corridor];
            let from_a = if a == to { from_a - k } else { from_a + k };
            Spot::Corridor { corridor, from_a }
        }
        (Some(from), _) => {
            let (i, len) = corridor(from, to);
            let from_a = if CORRIDORS[i].0 == from { k } else { len - k };
            Spot::Corridor {
                corridor: i,
                from_a,
            }
        }
        (None, _) => unreachable!("only a corridor square starts without a place"),
    }
}

/// The chance that a roll of two dice is at least `squares`.
pub fn chance(squares: u32) -> f64 {
    let ways = (1..=6u32)
        .flat_map(|a| (1..=6u32).map(move |b| a + b))
        .filter(|sum| *sum >= squares)
        .count();
    ways as f64 / 36.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_follow_the_corridors_and_never_a_passage() {
        assert_eq!(distance(Spot::In(Room::Spa), Room::Theater), 5);
        // Spa to Living Room: through the Theater, 5 + 4.
        assert_eq!(distance(Spot::In(Room::Spa), Room::LivingRoom), 9);
        // The passage Spa <-> Guest House is no route: the corridors' way is long.
        assert!(distance(Spot::In(Room::Spa), Room::GuestHouse) > 10);
        // Scarlet's start: Theater 4, Living Room 3.
        assert_eq!(distance(Spot::Start(Start(0)), Room::LivingRoom), 3);
        assert_eq!(distance(Spot::Start(Start(0)), Room::Theater), 4);
        // A door has its room's distances.
        assert_eq!(
            distance(Spot::Door(Room::Theater), Room::LivingRoom),
            distance(Spot::In(Room::Theater), Room::LivingRoom)
        );
    }

    #[test]
    fn a_roll_short_of_the_room_stops_in_the_corridor_and_a_long_one_enters() {
        // Spa -> Theater is 5 squares.
        assert_eq!(
            moved(Spot::In(Room::Spa), Room::Theater, 5),
            Some(Spot::In(Room::Theater))
        );
        assert_eq!(
            moved(Spot::In(Room::Spa), Room::Theater, 12),
            Some(Spot::In(Room::Theater))
        );
        let short = moved(Spot::In(Room::Spa), Room::Theater, 3).unwrap();
        assert_eq!(distance(short, Room::Theater), 2);
        assert!(matches!(short, Spot::Corridor { .. }));
        // One cannot move to the room one stands in.
        assert_eq!(moved(Spot::In(Room::Spa), Room::Spa, 7), None);
    }

    #[test]
    fn a_roll_ending_at_a_passed_door_leaves_the_piece_outside_that_room() {
        // Spa -> Living Room runs Spa, Theater (5), Living Room (4): a 5 stops at the
        // Theater's door, outside it, and a later move to the Theater enters with any roll.
        let at = moved(Spot::In(Room::Spa), Room::LivingRoom, 5).unwrap();
        assert_eq!(at, Spot::Door(Room::Theater));
        assert_eq!(distance(at, Room::Theater), 0);
        assert_eq!(moved(at, Room::Theater, 2), Some(Spot::In(Room::Theater)));
        // A 7 goes on two squares past it.
        let on = moved(Spot::In(Room::Spa), Room::LivingRoom, 7).unwrap();
        assert_eq!(distance(on, Room::LivingRoom), 2);
    }

    #[test]
    fn of_equal_routes_the_first_by_its_places_names_is_taken() {
        // Dining Room -> Observatory: through the Hall (9 + 6 = 15) or the Living Room (10 + 5
        // = 15); "Hall" comes before "Living Room".
        let (_, places) = route(Spot::In(Room::DiningRoom), Room::Observatory).unwrap();
        assert_eq!(
            places,
            vec![Place::Room(Room::Hall), Place::Room(Room::Observatory)]
        );
        // A list that begins a longer one comes first.
        let short = [Place::Room(Room::Hall)];
        let long = [Place::Room(Room::Hall), Place::Room(Room::Spa)];
        assert_eq!(by_names(&short, &long), Ordering::Less);
    }

    #[test]
    fn a_piece_on_a_corridor_walks_on_from_where_it_stands() {
        let mid = moved(Spot::In(Room::Spa), Room::Theater, 2).unwrap();
        assert_eq!(distance(mid, Room::Theater), 3);
        assert_eq!(distance(mid, Room::Spa), 2);
        let on = moved(mid, Room::Theater, 1).unwrap();
        assert_eq!(distance(on, Room::Theater), 2);
        assert_eq!(moved(mid, Room::Theater, 3), Some(Spot::In(Room::Theater)));
    }

    #[test]
    fn the_chance_of_two_dice_reaching_a_room() {
        assert_eq!(chance(2), 1.0);
        assert_eq!(chance(12), 1.0 / 36.0);
        assert_eq!(chance(13), 0.0);
        assert!((chance(7) - 21.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn every_short_roll_brings_the_piece_exactly_that_much_closer_along_a_shortest_route() {
        let mut spots: Vec<Spot> = Room::ALL.iter().map(|r| Spot::In(*r)).collect();
        spots.extend((0..6).map(|g| Spot::Start(Start(g))));
        let mut checked = 0;
        // Twice: from every room and start, then from every square a first roll reached.
        for _ in 0..2 {
            let mut next = std::collections::HashSet::new();
            for &spot in &spots {
                for room in Room::ALL {
                    let far = distance(spot, room);
                    for roll in 2..=12 {
                        let Some(after) = moved(spot, room, roll) else {
                            assert_eq!(spot, Spot::In(room));
                            continue;
                        };
                        if roll >= far {
                            assert_eq!(after, Spot::In(room));
                        } else {
                            assert_eq!(
                                distance(after, room),
                                far - roll,
                                "{spot:?} {room:?} {roll}"
                            );
                            assert_ne!(after, Spot::In(room));
                            next.insert(after);
                        }
                        checked += 1;
                    }
                }
            }
            spots = next.into_iter().collect();
        }
        assert!(checked > 2_000, "{checked}");
    }

    #[test]
    fn every_room_is_reached_from_every_start_square() {
        for g in 0..6 {
            for r in Room::ALL {
                assert!(distance(Spot::Start(Start(g)), r) < FAR, "{g} {r:?}");
            }
        }
    }
}

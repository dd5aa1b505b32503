//! The picture of Clue's board (RULES-CLUE §1) as SVG, drawn by the service from a template
//! and escaped like every page: the nine rooms round the Swimming Pool, the corridors with
//! their lengths, the start squares, every mover (by colour and by its initials, so it reads
//! without colour) and every weapon token where it stands, a piece mid-corridor drawn on its
//! corridor. No script; the picture scales to a phone's width.

use askama::Template;

use super::board::{Place, Room, Spot, Start, CORRIDORS, GUESTS};
use super::cards::{Card, Kind};

const CELL_W: u32 = 160;
const CELL_H: u32 = 110;
const ROOM_W: u32 = 140;
const ROOM_H: u32 = 90;

/// Each room's cell in the rules' map: (column, row, columns wide).
fn cell(room: Room) -> (u32, u32, u32) {
    match room {
        Room::Spa => (0, 0, 1),
        Room::Theater => (1, 0, 1),
        Room::LivingRoom => (2, 0, 1),
        Room::Observatory => (3, 0, 1),
        Room::Patio => (0, 1, 1),
        Room::Hall => (3, 1, 1),
        Room::Kitchen => (0, 2, 1),
        Room::DiningRoom => (1, 2, 2),
        Room::GuestHouse => (3, 2, 1),
    }
}

/// A room's box: x, y, width, height.
fn room_box(room: Room) -> (u32, u32, u32, u32) {
    let (c, r, span) = cell(room);
    let w = ROOM_W + (span - 1) * CELL_W;
    (10 + c * CELL_W, 10 + r * CELL_H, w, ROOM_H)
}

fn centre(room: Room) -> (i32, i32) {
    let (x, y, w, h) = room_box(room);
    ((x + w / 2) as i32, (y + h / 2) as i32)
}

/// Where a place is drawn: a room's centre, or a start square between its two rooms, pushed
/// off the line so the two corridors show.
fn point(place: Place) -> (i32, i32) {
    match place {
        Place::Room(r) => centre(r),
        Place::Start(s) => {
            let ends: Vec<(i32, i32)> = CORRIDORS
                .iter()
                .filter(|(a, _, _)| *a == place)
                .map(|(_, b, _)| match b {
                    Place::Room(r) => centre(*r),
                    Place::Start(_) => (0, 0),
                })
                .collect();
            let (x, y) = ((ends[0].0 + ends[1].0) / 2, (ends[0].1 + ends[1].1) / 2);
            (x + 18 - 6 * s.0 as i32, y + 12)
        }
    }
}

/// A spot drawn: in a room, its centre; on a corridor, the point that far along it.
fn spot_point(spot: Spot) -> (i32, i32) {
    match spot {
        Spot::In(r) | Spot::Door(r) => centre(r),
        Spot::Start(s) => point(Place::Start(s)),
        Spot::Corridor { corridor, from_a } => {
            let (a, b, len) = CORRIDORS[corridor];
            let (pa, pb) = (point(a), point(b));
            let t = from_a as f64 / len as f64;
            (
                pa.0 + ((pb.0 - pa.0) as f64 * t) as i32,
                pa.1 + ((pb.1 - pa.1) as f64 * t) as i32,
            )
        }
    }
}

struct RoomBox {
    name: String,
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

struct Line {
    x1: i32,
    y1: i32,
    x2: i32,
    y2: i32,
    length: u32,
}

struct StartMark {
    name: String,
    x: i32,
    y: i32,
}

struct Piece {
    name: String,
    initials: &'static str,
    colour: &'static str,
    /// The mover's fill, and its initials' ink (legible on it).
    fill: &'static str,
    ink: &'static str,
    x: i32,
    y: i32,
}

struct Token {
    label: String,
    x: i32,
    y: i32,
    w: i32,
}

#[derive(Template)]
#[template(path = "games/clue/board.svg")]
struct Board {
    width: u32,
    height: u32,
    title: String,
    pool_name: String,
    pool: (u32, u32, u32, u32),
    rooms: Vec<RoomBox>,
    corridors: Vec<Line>,
    starts: Vec<StartMark>,
    movers: Vec<Piece>,
    tokens: Vec<Token>,
}

/// Each guest's initials, colour class, fill and ink, in the rules' order.
const MARKS: [(&str, &str, &str, &str); 6] = [
    ("Sc", "red", "#c0392b", "#fff"),
    ("Mu", "yellow", "#f1c40f", "#222"),
    ("Wh", "white", "#fdfdfd", "#222"),
    ("Gr", "green", "#27ae60", "#fff"),
    ("Pe", "blue", "#2e6fd1", "#fff"),
    ("Pl", "purple", "#7d3c98", "#fff"),
];

/// The board as SVG with every mover (by guest) and weapon token (by weapon) where it stands.
pub fn svg(movers: &[Spot; 6], tokens: &[Room; 6], title: &str, t: crate::lang::Lang) -> String {
    let weapons: Vec<Card> = Card::all().filter(|c| c.kind() == Kind::Weapon).collect();
    let rooms = Room::ALL
        .iter()
        .map(|r| {
            let (x, y, w, h) = room_box(*r);
            RoomBox {
                name: t.clue_room(*r),
                x,
                y,
                w,
                h,
            }
        })
        .collect();
    let corridors = CORRIDORS
        .iter()
        .map(|(a, b, len)| {
            let (p, q) = (point(*a), point(*b));
            Line {
                x1: p.0,
                y1: p.1,
                x2: q.0,
                y2: q.1,
                length: *len,
            }
        })
        .collect();
    let starts = (0..6u8)
        .map(|g| {
            let (x, y) = point(Place::Start(Start(g)));
            StartMark {
                name: format!("{} start", GUESTS[g as usize]),
                x,
                y,
            }
        })
        .collect();
    // Movers in one place are set side by side, right of the tokens' column, so none hides
    // another.
    let mut crowd: std::collections::HashMap<(i32, i32), i32> = Default::default();
    let mut nudge = |p: (i32, i32)| {
        let k = crowd.entry(p).or_insert(0);
        *k += 1;
        (
            p.0 - 40 + 24 * ((*k - 1) % 4),
            p.1 + 26 * ((*k - 1) / 4) - 8,
        )
    };
    let movers = movers
        .iter()
        .enumerate()
        .map(|(g, spot)| {
            let (x, y) = nudge(spot_point(*spot));
            Piece {
                name: t.clue_card(Card::all().nth(g).expect("a guest")),
                initials: MARKS[g].0,
                colour: MARKS[g].1,
                fill: MARKS[g].2,
                ink: MARKS[g].3,
                x,
                y,
            }
        })
        .collect();
    // Tokens stand in a column at the left of their room, under its name.
    let mut stacked: std::collections::HashMap<Room, i32> = Default::default();
    let tokens = tokens
        .iter()
        .enumerate()
        .map(|(w, room)| {
            let (x, y, _, _) = room_box(*room);
            let k = stacked.entry(*room).or_insert(0);
            *k += 1;
            let label = t.clue_card(weapons[w]);
            Token {
                w: 6 * label.chars().count() as i32 + 4,
                label,
                x: x as i32 + 8,
                y: y as i32 + 18 + 15 * *k,
            }
        })
        .collect();
    let width = 10 + 4 * CELL_W;
    let height = 10 + 3 * CELL_H;
    Board {
        width,
        height,
        title: title.to_string(),
        pool_name: t.t("clue-pool"),
        pool: (10 + CELL_W, 10 + CELL_H, ROOM_W + CELL_W, ROOM_H),
        rooms,
        corridors,
        starts,
        movers,
        tokens,
    }
    .render()
    .expect("the board renders")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_draws_every_room_corridor_mover_and_token_without_script() {
        let movers = std::array::from_fn(|g| Spot::Start(Start(g as u8)));
        let tokens = [
            Room::Spa,
            Room::Hall,
            Room::Kitchen,
            Room::Patio,
            Room::Theater,
            Room::Spa,
        ];
        let svg = svg(
            &movers,
            &tokens,
            "Game 3 <after round 2>",
            crate::lang::Lang::En,
        );
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(!svg.contains("<script"));
        for r in Room::ALL {
            assert!(svg.contains(r.name()), "{}", r.name());
        }
        assert_eq!(svg.matches("class=\"corridor\"").count(), CORRIDORS.len());
        for (initials, _, _, _) in MARKS {
            assert!(svg.contains(&format!(">{initials}</text>")), "{initials}");
        }
        for w in ["Candlestick", "Knife", "Rope", "Pistol", "Bat", "Poison"] {
            assert!(svg.contains(&format!(">{w}</text>")), "{w}");
        }
        // What it is given is escaped like every page.
        assert!(
            svg.contains("Game 3 &#60;after round 2&#62;")
                || svg.contains("Game 3 &lt;after round 2&gt;")
        );
    }

    #[test]
    fn a_piece_mid_corridor_is_drawn_on_its_corridor() {
        // Spa -> Theater is 5 squares; 2 along lies between the two rooms' centres.
        let c = CORRIDORS
            .iter()
            .position(|(a, b, _)| *a == Place::Room(Room::Spa) && *b == Place::Room(Room::Theater))
            .unwrap();
        let (x, y) = spot_point(Spot::Corridor {
            corridor: c,
            from_a: 2,
        });
        let (sx, sy) = centre(Room::Spa);
        let (tx, _) = centre(Room::Theater);
        assert!(x > sx && x < tx, "{x}");
        assert_eq!(y, sy);
    }
}

//! `polysleuth simulate --ruleset sherlock`: whole games of Sherlock Solitaire played by a
//! solver, with no database, on every core (the harness every game shares is
//! `games::simulate`), for one cell — detectives, case, level — or every cell at once, with
//! either solver or both. Game `i` of every cell is shuffled from the same seed, so cells and
//! solvers are compared on the same decks.

use std::process::ExitCode;

use rand::Rng;
use serde::Serialize;

use super::game::Outcome;
use super::settings::detectives;
use super::setup::{Case, Detective, Settings};
use super::solver::{next_line, planned_line, play_out, Player};
use crate::games::simulate::{self, percent};
use crate::games::stream::stream;

/// A solver, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Solver {
    /// Tries every order of the turn's plays and choices (the good one).
    Searching,
    /// Takes the play that scores best at once.
    Greedy,
}

impl Solver {
    fn player(self) -> Player {
        match self {
            Solver::Searching => planned_line,
            Solver::Greedy => next_line,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Solver::Searching => "searching",
            Solver::Greedy => "greedy",
        }
    }
}

/// One cell of the table: who investigates which case at which level, with which solver.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    pub detectives: Vec<Detective>,
    pub case: Case,
    pub level: u8,
    pub solver: Solver,
}

/// A run: the cells, games per cell, the house rule `advanced`, the seed, the workers.
#[derive(Clone, Debug, Serialize)]
pub struct Plan {
    pub cells: Vec<Cell>,
    pub games: u64,
    pub advanced: bool,
    pub seed: u64,
    /// Game `i`'s deck is shuffled from seed `first_deck + i` (to play the decks another
    /// program plays); none: from the run's seed.
    pub first_deck: Option<u64>,
    #[serde(skip)]
    pub jobs: usize,
}

/// One game's end.
#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    pub cell: usize,
    pub game: u64,
    pub outcome: Outcome,
    pub turns: u32,
    pub wounds: u8,
}

/// A cell's figures.
#[derive(Clone, Debug, Serialize)]
pub struct CellLine {
    pub cell: Cell,
    pub games: u64,
    pub won: u64,
    pub lost_to_wounds: u64,
    pub lost_to_time: u64,
    pub mean_turns: f64,
    pub mean_wounds: f64,
}

/// The seed of game `index` (the same in every cell).
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    stream("simulate-sherlock", run_seed, index).next_u64()
}

/// Plays game `index` of cell `cell`.
pub fn play(plan: &Plan, cell: usize, index: u64) -> GameResult {
    let c = &plan.cells[cell];
    let settings = Settings {
        detectives: c.detectives.clone(),
        case: c.case,
        level: c.level,
        advanced: plan.advanced,
        turn_hours: None,
    };
    let seed = match plan.first_deck {
        Some(first) => first.wrapping_add(index),
        None => game_seed(plan.seed, index),
    };
    let g = play_out(
        &settings,
        seed,
        &format!("simulate-{index}"),
        c.solver.player(),
    );
    GameResult {
        cell,
        game: index,
        outcome: g.outcome.expect("a game played out has ended"),
        turns: g.turn,
        wounds: g.wounds,
    }
}

/// Each cell's figures.
pub fn summarize(plan: &Plan, games: &[GameResult]) -> Vec<CellLine> {
    (plan.cells.iter().enumerate())
        .map(|(i, cell)| {
            let mine: Vec<&GameResult> = games.iter().filter(|g| g.cell == i).collect();
            let n = mine.len() as u64;
            let count = |o: Outcome| mine.iter().filter(|g| g.outcome == o).count() as u64;
            CellLine {
                cell: cell.clone(),
                games: n,
                won: count(Outcome::Won),
                lost_to_wounds: count(Outcome::Wounded),
                lost_to_time: count(Outcome::OutOfTime),
                mean_turns: mine.iter().map(|g| g.turns as f64).sum::<f64>() / n.max(1) as f64,
                mean_wounds: mine.iter().map(|g| g.wounds as f64).sum::<f64>() / n.max(1) as f64,
            }
        })
        .collect()
}

fn who(d: &[Detective]) -> String {
    let names: Vec<&str> = d.iter().map(|d| d.name()).collect();
    names.join("+")
}

/// The figures as a table, a cell a line.
pub fn table(plan: &Plan, lines: &[CellLine]) -> String {
    let mut out = format!(
        "Sherlock Solitaire, {} games a cell, seed {}{}\n\n",
        plan.games,
        plan.seed,
        if plan.advanced { ", advanced" } else { "" }
    );
    out.push_str(&format!(
        "{:<14} {:<15} {:>5} {:<9} {:>7} {:>10} {:>10} {:>6} {:>6}\n",
        "detectives", "case", "level", "solver", "won", "to wounds", "to time", "turns", "wounds"
    ));
    for l in lines {
        out.push_str(&format!(
            "{:<14} {:<15} {:>5} {:<9} {:>7} {:>10} {:>10} {:>6.1} {:>6.2}\n",
            who(&l.cell.detectives),
            l.cell.case.name(),
            l.cell.level,
            l.cell.solver.name(),
            percent(l.won, l.games),
            percent(l.lost_to_wounds, l.games),
            percent(l.lost_to_time, l.games),
            l.mean_turns,
            l.mean_wounds,
        ));
    }
    out
}

/// Runs the plan and returns what to print: the table, or everything as JSON.
pub fn run(plan: &Plan, json: bool) -> Result<String, String> {
    let total = plan.games * plan.cells.len() as u64;
    simulate::check(total, plan.jobs)?;
    let cells = plan.cells.len() as u64;
    let games = simulate::run(total, plan.jobs, &|i| {
        Ok(play(plan, (i % cells) as usize, i / cells))
    })?;
    let lines = summarize(plan, &games);
    Ok(simulate::printed(json, plan, &lines, &games, || {
        table(plan, &lines)
    }))
}

/// Reads `one,two` or `all` from a list of what there is.
fn pick<T: Clone>(
    text: &str,
    all: &[T],
    read: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    match text.trim().eq_ignore_ascii_case("all") {
        true => Ok(all.to_vec()),
        false => text.split(',').map(|t| read(t.trim())).collect(),
    }
}

/// `polysleuth simulate --ruleset sherlock`'s command line.
#[derive(clap::Parser)]
#[command(
    name = "polysleuth simulate --ruleset sherlock",
    about = "Play games of Sherlock Solitaire with a solver, with no database, and print each cell's win rate, turns and wounds."
)]
struct Command {
    /// Who investigates: holmes, watson, both (Holmes first, in turns), or all three.
    #[arg(long, default_value = "holmes")]
    detective: String,
    /// The case: valley_of_fear, final_problem, or all.
    #[arg(long, default_value = "valley_of_fear")]
    case: String,
    /// The level: 1, 2, 3, a list such as 1,3, or all.
    #[arg(long, default_value = "1")]
    level: String,
    /// The solver: searching (the good one), greedy, or all.
    #[arg(long, default_value = "searching")]
    solver: String,
    /// How many games a cell.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// A house rule as KEY=VALUE (advanced=on).
    #[arg(long = "setting")]
    settings: Vec<String>,
    /// The run's seed: the same seed gives the same result.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Shuffle game i's deck from seed N+i instead (the decks `polysleuth replay` gives for
    /// those seeds), to compare with another program on the same decks.
    #[arg(long, value_name = "N")]
    first_deck: Option<u64>,
    /// Worker threads (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print every game and the figures as JSON instead of the table.
    #[arg(long)]
    json: bool,
}

impl Command {
    fn plan(&self) -> Result<Plan, String> {
        let teams = [
            vec![Detective::Holmes],
            vec![Detective::Watson],
            vec![Detective::Holmes, Detective::Watson],
        ];
        let teams = pick(&self.detective, &teams, detectives)?;
        let cases = pick(&self.case, &[Case::ValleyOfFear, Case::FinalProblem], |t| {
            Case::parse(t)
                .ok_or_else(|| format!("--case {t}: use valley_of_fear, final_problem or all"))
        })?;
        let levels = pick(&self.level, &[1u8, 2, 3], |t| match t.parse::<u8>() {
            Ok(l @ 1..=3) => Ok(l),
            _ => Err(format!("--level {t}: use 1, 2, 3 or all")),
        })?;
        let solvers = pick(
            &self.solver,
            &[Solver::Searching, Solver::Greedy],
            |t| match t.to_lowercase().as_str() {
                "searching" | "good" => Ok(Solver::Searching),
                "greedy" => Ok(Solver::Greedy),
                _ => Err(format!("--solver {t}: use searching, greedy or all")),
            },
        )?;
        let mut advanced = false;
        for pair in &self.settings {
            let (k, v) = crate::games::house_text::pair(pair)?;
            match k.trim() {
                "advanced" => advanced = crate::games::house_text::on_off(k, v)?,
                other => {
                    return Err(format!(
                        "--setting {other}: a simulation takes advanced=on or off"
                    ))
                }
            }
        }
        let mut cells = Vec::new();
        for solver in &solvers {
            for d in &teams {
                for case in &cases {
                    for level in &levels {
                        cells.push(Cell {
                            detectives: d.clone(),
                            case: *case,
                            level: *level,
                            solver: *solver,
                        });
                    }
                }
            }
        }
        Ok(Plan {
            cells,
            games: self.games,
            advanced,
            seed: self.seed,
            first_deck: self.first_deck,
            jobs: simulate::jobs_or_cores(self.jobs),
        })
    }
}

/// Reads the command line and runs it.
pub fn main_from(args: &[String]) -> ExitCode {
    let c = match simulate::parse::<Command>(args) {
        Ok(c) => c,
        Err(status) => return status,
    };
    simulate::finish(c.plan().and_then(|plan| run(&plan, c.json)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn plan(args: &[&str]) -> Result<Plan, String> {
        let argv = std::iter::once("simulate").chain(args.iter().copied());
        Command::try_parse_from(argv).unwrap().plan()
    }

    #[test]
    fn every_cell_is_planned_from_all_and_a_wrong_name_is_named() {
        let p = plan(&[
            "--detective",
            "all",
            "--case",
            "all",
            "--level",
            "all",
            "--solver",
            "all",
        ])
        .unwrap();
        assert_eq!(p.cells.len(), 36);
        let p = plan(&["--detective", "both", "--level", "1,3"]).unwrap();
        assert_eq!(p.cells.len(), 2);
        assert_eq!(
            p.cells[0].detectives,
            vec![Detective::Holmes, Detective::Watson]
        );
        assert!(plan(&["--case", "hound"])
            .unwrap_err()
            .contains("final_problem"));
        assert!(plan(&["--level", "4"])
            .unwrap_err()
            .contains("1, 2, 3 or all"));
        assert!(plan(&["--solver", "lucky"]).unwrap_err().contains("greedy"));
        assert!(plan(&["--setting", "wounds=2"])
            .unwrap_err()
            .contains("advanced"));
        assert!(plan(&["--setting", "advanced=on"]).unwrap().advanced);
        let p = plan(&["--first-deck", "5", "--games", "2"]).unwrap();
        assert_eq!(play(&p, 0, 1).game, 1);
        let replayed = crate::games::sherlock::replay::run(
            &serde_json::from_value(serde_json::json!({"seed": 6})).unwrap(),
        )
        .unwrap();
        assert_eq!(
            replayed["deck"],
            serde_json::json!(crate::games::sherlock::setup::deck(6)
                .iter()
                .map(|c| c.face())
                .collect::<Vec<_>>())
        );
    }

    #[test]
    fn a_run_gives_the_same_games_on_one_worker_and_on_two() {
        let mut p = plan(&["--case", "all", "--solver", "all", "--games", "6"]).unwrap();
        p.jobs = 1;
        let one = run(&p, true).unwrap();
        p.jobs = 2;
        assert_eq!(one, run(&p, true).unwrap());
        let v: serde_json::Value = serde_json::from_str(&one).unwrap();
        assert_eq!(v["games"].as_array().unwrap().len(), 24);
        let lines = v["summary"].as_array().unwrap();
        assert_eq!(lines.len(), 4);
        for l in lines {
            let sum = l["won"].as_u64().unwrap()
                + l["lost_to_wounds"].as_u64().unwrap()
                + l["lost_to_time"].as_u64().unwrap();
            assert_eq!(sum, 6, "every game ends one way: {l}");
        }
        let t = run(&p, false).unwrap();
        assert!(t.contains("valley_of_fear") && t.contains("greedy"), "{t}");
        assert_eq!(
            t.lines().count(),
            7,
            "a heading, a blank, the columns and four cells: {t}"
        );
    }
}

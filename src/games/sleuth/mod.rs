//! Classic Sleuth by message (RULES-SLEUTH.md): turns in seat order, accusations at any time.
//! `rules/` is its engine, pure; `replay` runs a whole game through it and reads its records.

pub mod replay;
pub mod rules;

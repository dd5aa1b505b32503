//! Polysleuth: Sid Sackson's *Sleuth* played in simultaneous rounds (RULES.md). `rules/` is
//! its engine, pure; `replay` runs a whole game through it in the JSON contract of DESIGN.md.

pub mod replay;
pub mod rules;

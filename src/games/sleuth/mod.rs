//! Classic Sleuth by message (RULES-SLEUTH.md): turns in seat order, accusations at any time.
//! `rules/` is its engine, pure; `replay` runs a whole game through it and reads its records;
//! `computer` its computer players; `words` its sentences in English and French; `service` its
//! use cases (each change one transaction); `letters` and `door` its mail out and in; `pages`
//! and `view` its pages and API.

pub mod computer;
pub mod door;
pub mod letters;
pub mod pages;
pub mod replay;
pub mod rules;
pub mod service;
pub mod view;
pub mod words;

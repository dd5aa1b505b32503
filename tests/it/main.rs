//! The integration tests, in one binary: each module drives the service through a real entry
//! point (HTTP against a running service, the command line, raw mail, a real mailbox), with
//! the helpers of `common`.

mod common;

mod classic;
mod classic_forms;
mod clue;
mod clue_answers;
mod clue_guests;
mod clue_leaks;
mod clue_referee;
mod clue_table;
mod computers;
mod forming;
mod frame;
mod instances;
mod kept_pages;
mod languages;
mod leaks;
mod live_holes;
mod mail_bounces;
mod mail_clients;
mod mail_fixtures;
mod mail_game;
mod mail_game_fr;
mod mail_imap;
mod operate;
mod records;
mod replay_cli;
mod round_length;
mod service;
mod sheets;
mod sherlock;
mod sherlock_daily;
mod sherlock_forms;
mod sherlock_leaks;
mod sherlock_mail;
mod simulate_cli;
mod trust;
mod web_pages;
mod write_path;

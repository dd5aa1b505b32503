//! The Polysleuth game master: the rules engine, and the web and mail service around it.

pub mod app;
pub mod clock;
pub mod closer;
pub mod computer;
pub mod computers;
pub mod deduce;
pub mod error;
pub mod keys;
pub mod mail;
pub mod master;
pub mod metrics;
pub mod model;
pub mod operate;
pub mod planner;
pub mod replay;
pub mod retention;
pub mod rules;
pub mod scheduler;
pub mod sheets;
pub mod sim;
pub mod simulate;
pub mod site;
pub mod states;
pub mod store;
pub mod web;
pub mod writer;

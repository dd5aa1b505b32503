//! The Polysleuth game master: the rules engine, and the web and mail service around it.

pub mod app;
pub mod clock;
pub mod deduce;
pub mod error;
pub mod games;
pub mod keys;
pub mod lang;
pub mod level;
pub mod mail;
pub mod master;
pub mod metrics;
pub mod model;
pub mod notes;
pub mod operate;
pub mod replay;
pub mod retention;
pub mod rounds;
pub mod scheduler;
pub mod site;
pub mod store;
pub mod verify;
pub mod web;
pub mod writer;

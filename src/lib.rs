//! The Polysleuth game master: the rules engine, and the web and mail service around it.

pub mod app;
pub mod clock;
pub mod cursor;
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

/// Every binary built on this crate (the service, its benchmarks and tests) allocates with
/// mimalloc: a game's round, a sheet and a page are many small short-lived allocations,
/// which the system allocator served at about a quarter of the engine's time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

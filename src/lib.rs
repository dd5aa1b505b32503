//! The Polysleuth game master: rules engine, replay, and (in time) the service around them.

pub mod replay;
pub mod rules;
pub mod sim;

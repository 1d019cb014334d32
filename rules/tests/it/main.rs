//! The rules' tests, one binary (a module a file): small positions with the dice scripted
//! and expectations derived by hand from the rules text, each citing its ruling; the exact
//! odds three ways; the shipped scenarios and every problem a bad file can have, at its
//! line and column; the golden playthroughs. Helpers in `common` (shared with the
//! program's tests).

mod common;

mod cards;
mod deck;
mod golden;
mod interchangeable;
mod map_rules;
mod odds;
mod rules;
mod scenario_checks;
mod scenario_damage;
mod scenario_fuzz;
mod scenarios;
mod victory;

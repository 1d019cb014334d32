//! The integration tests of the mars-attacks crate, one binary: each file is a module named
//! after what it tests (`cargo test --test it bot::` runs the bot tests). `common` draws small
//! scenarios in code and scripts dice; `child` runs the binary as a user would and measures it.

mod child;
mod common;

mod ai_conformance;
mod arena;
mod bot;
mod bot_protocol;
mod cards;
mod cli;
mod conformance;
mod deck;
mod deck_schema;
mod dice_game;
mod evaluation_scale;
mod golden;
mod gui;
mod gui_analysis;
mod gui_cards;
mod gui_estimate;
mod gui_martian_dice;
mod gui_moves;
mod gui_sight;
mod gui_small;
mod hardening;
mod hardening_bots;
mod hardening_files;
mod hardening_table;
mod map_rules;
mod martian_dice;
mod objectives;
mod odds;
mod preview_gui;
mod replay;
mod rules;
mod saves;
mod scenario_checks;
mod scenario_damage;
mod scenario_fuzz;
mod scenarios;
mod schema;
mod shelf;
mod strength;
mod sweep;
mod table_search;
mod workbench;

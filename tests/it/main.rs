//! The integration tests of the mars-attacks crate, one binary: each file is a module named
//! after what it tests (`cargo test --test it bot::` runs the bot tests). `common` draws small
//! scenarios in code and scripts dice; `child` runs the binary as a user would and measures it.
//!
//! The window's tests (`gui*`, `preview_gui`) drive the desktop table headless with
//! egui_kittest and are built with the `gui` feature; every other module runs in both
//! builds (`cargo test --no-default-features --test it` runs the headless command line's).

mod child;
mod common;

mod ai_conformance;
mod analyse;
mod area_words;
mod arena;
mod arena_endings;
mod arena_verify;
mod bot;
mod bot_annotations;
mod bot_command;
mod bot_new_game;
mod bot_positions;
mod bot_protocol;
mod bot_protocol_docs;
mod bot_scoring;
mod bot_serve;
mod cli;
mod conformance;
mod deck_schema;
mod dice_game;
mod dice_game_table;
mod evaluation_scale;
mod exit_codes;
mod hardening;
mod hardening_bots;
mod hardening_files;
mod hardening_outputs;
mod hardening_serve;
mod hardening_snapshots;
mod hardening_table;
mod learned_value;
mod martian_dice;
mod network;
mod objectives;
mod python_package;
mod replay;
mod report_by_scenario;
mod saves;
mod schema;
mod selfplay;
mod shelf;
mod strength;
mod sweep;
mod table_companion;
mod table_companion_names;
mod table_companion_placement;
mod table_companion_steps;
mod table_estimate;
mod table_hint_stop;
mod table_search;
mod table_setup_sheet;
mod train_value;
mod victory_ai;
mod victory_file;
mod workbench;

// The desktop table, driven headless (the `gui` feature).
#[cfg(feature = "gui")]
mod gui;
#[cfg(feature = "gui")]
mod gui_analysis;
#[cfg(feature = "gui")]
mod gui_cards;
#[cfg(feature = "gui")]
mod gui_clutter;
#[cfg(feature = "gui")]
mod gui_companion;
#[cfg(feature = "gui")]
mod gui_dice_game;
#[cfg(feature = "gui")]
mod gui_estimate;
#[cfg(feature = "gui")]
mod gui_fresh;
#[cfg(feature = "gui")]
mod gui_hot_seat;
#[cfg(feature = "gui")]
mod gui_martian_dice;
#[cfg(feature = "gui")]
mod gui_moves;
#[cfg(feature = "gui")]
mod gui_network;
#[cfg(feature = "gui")]
mod gui_saves;
#[cfg(feature = "gui")]
mod gui_sight;
#[cfg(feature = "gui")]
mod gui_small;
#[cfg(feature = "gui")]
mod gui_takedown;
#[cfg(feature = "gui")]
mod preview_gui;

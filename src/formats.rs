//! The data file formats with a JSON Schema, of every game: each format's root key table
//! (the tables live with the format's reader) and the schema written from it
//! (`mars-attacks schema FORMAT`, `schemas/NAME.schema.json`). A new format is one more
//! variant here.

use file_check::schema::{Kind, json_schema};
use serde_json::Value as Json;

use crate::rules;

/// A file format with a JSON Schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Scenario files (scenarios/*.toml).
    Scenario,
    /// Model profile files (profiles/core.toml).
    Profiles,
    /// Deck files (cards/core.toml).
    Deck,
    /// Mars Attacks: The Dice Game deck files (cards/dice-game.toml).
    DiceDeck,
    /// Mars Attacks: Ten-Minute Takedown layout files (tables/takedown.toml).
    TakedownLayout,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Scenario,
        Format::Profiles,
        Format::Deck,
        Format::DiceDeck,
        Format::TakedownLayout,
    ];

    /// The name on the command line (`mars-attacks schema NAME`) and in the file name
    /// `schemas/NAME.schema.json`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Scenario => "scenario",
            Format::Profiles => "profiles",
            Format::Deck => "deck",
            Format::DiceDeck => "dice-deck",
            Format::TakedownLayout => "takedown-layout",
        }
    }

    /// The format's root value, for the formats written from the rules' key tables (a
    /// Takedown layout's schema is written by its own crate from its own tables).
    pub fn root(self) -> Option<&'static Kind> {
        match self {
            Format::Scenario => Some(&rules::schema::scenario::FILE),
            Format::Profiles => Some(&rules::schema::profiles::FILE),
            Format::Deck => Some(&rules::schema::deck::FILE),
            Format::DiceDeck => Some(&dice_game::deck_keys::FILE),
            Format::TakedownLayout => None,
        }
    }

    fn title(self) -> &'static str {
        match self {
            Format::Scenario => "Mars Attacks! scenario",
            Format::Profiles => "Mars Attacks! model profiles",
            Format::Deck => "Mars Attacks! deck",
            Format::DiceDeck => "Mars Attacks: The Dice Game deck",
            Format::TakedownLayout => "Mars Attacks: Ten-Minute Takedown layout",
        }
    }

    fn doc(self) -> &'static str {
        match self {
            Format::Scenario => {
                "A scenario of the mars-attacks skirmish engine: the board, each side's \
                 models and where they start, how each side scores, and the hidden counters. \
                 See docs/scenario-format.md. `mars-attacks validate FILE` checks what a \
                 schema cannot (capacities, zones that fit, profiles that exist)."
            }
            Format::Profiles => {
                "Model profiles for the mars-attacks skirmish engine: one table per profile, \
                 named by its key."
            }
            Format::Deck => {
                "A deck of cards for the mars-attacks skirmish engine: the physical cards, \
                 each naming its two halves or its Event, and each half's and Event's rules \
                 as an effect with parameters. See docs/card-format.md. `mars-attacks deck \
                 FILE` checks what a schema cannot (slugs that are defined, set levels that \
                 match the cap, numbers used once)."
            }
            Format::DiceDeck => {
                "A deck of Mars Attacks: The Dice Game: the difficulty card's two sides and \
                 each location card as printed (kind, numbered spaces, VP, Nuke symbols, \
                 special rule). See docs/dice-game.md. `mars-attacks dice-game cards FILE` \
                 checks what a schema cannot (names used once, monuments that need Martians)."
            }
            Format::TakedownLayout => {
                "The table of Mars Attacks: Ten-Minute Takedown: the targets, the saucers, the \
                 die and the physics. See docs/takedown.md."
            }
        }
    }

    /// The format's JSON Schema.
    pub fn json_schema(self) -> Json {
        match self.root() {
            Some(root) => json_schema(self.title(), self.doc(), root),
            None => takedown::layout_schema::json_schema(),
        }
    }

    /// The JSON Schema as the text of `schemas/NAME.schema.json` (pretty, ending in a
    /// newline).
    pub fn json_schema_text(self) -> String {
        let mut text =
            serde_json::to_string_pretty(&self.json_schema()).expect("JSON always serializes");
        text.push('\n');
        text
    }
}

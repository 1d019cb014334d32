//! `mars-attacks takedown play`: the table on Mars Attacks: Ten-Minute Takedown (the
//! window's Ten-Minute Takedown mode), 2 to 4 seats of people and AIs on the shipped table
//! (`tables/takedown.toml`). Its matches between players are `duel --game takedown` and
//! `arena --game takedown` ([`super::takedown`]).

use clap::{Args, Subcommand};

use super::window::{self, Window};
use super::{CliError, Io};
use takedown::table::setup::TakedownSetup;

#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct TakedownArgs {
    #[command(subcommand)]
    pub what: What,
}

#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// Play at the table: 2 to 4 seats of people and AIs (the window's Ten-Minute Takedown
    /// mode).
    Play {
        /// The seats in turn order, comma-separated: `you` for a person (aiming at the
        /// normal level), `you:LEVEL` (beginner to expert) or `you:off` (assistance off:
        /// each flick exactly as aimed), or an AI: aim[:LEVEL], centre[:LEVEL], random.
        #[arg(long, default_value = "you,aim:normal", value_name = "SEATS")]
        seats: String,
        /// The seed of the die's placings, the flicks' stray and the AI's aim (a fresh one
        /// when omitted).
        #[arg(long)]
        seed: Option<u64>,
    },
}

pub fn run(args: TakedownArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    match args.what {
        What::Play { seats, seed } => {
            let setup = TakedownSetup {
                seats: TakedownSetup::parse_seats(&seats)
                    .map_err(|e| CliError::Usage(format!("--seats: {e}")))?,
                seed: seed.unwrap_or_else(crate::table::setup::random_seed),
                ..TakedownSetup::default()
            };
            // Seats the table has no layout for are refused before any window opens.
            setup
                .check()
                .map_err(|e| CliError::Usage(format!("--seats: {e}")))?;
            window::open(Window::Takedown(Box::new(setup)), io)
        }
    }
}

//! `mars-attacks deck [FILE] [--json]`: what a deck file holds, as a designer reads it.
//!
//! Each physical card by its printed number, with its two halves (R19) or its Event, each
//! half's kind and effect; then how many cards carry each half, per side. `--json` prints
//! the cards as a list of `{"number", "martians", "humans", "event"}` objects, each half by
//! its printed name or `null`. Problems in the file are reported as `file:line:column:
//! message` on stderr (exit 1); warnings are printed and the deck is shown.

use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::rules::cards::{self, CardType, Deck, Face};
use crate::rules::square::Side;

/// Arguments of `deck`.
#[derive(Args, Debug)]
pub struct DeckArgs {
    /// The deck file (TOML); the built-in core deck (`cards/core.toml`) when omitted.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Print the cards as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: DeckArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let deck = match &args.file {
        None => (*cards::core_deck()).clone(),
        Some(path) => match cards::load_deck_checked(path) {
            Ok((deck, warnings)) => {
                for w in warnings {
                    writeln!(io.err, "{w}")?;
                }
                deck
            }
            Err(diagnostics) => {
                for d in diagnostics {
                    writeln!(io.err, "{d}")?;
                }
                return Err(CliError::Invalid);
            }
        },
    };
    if args.json {
        let list = serde_json::Value::Array(
            printed(&deck)
                .into_iter()
                .map(|(n, c)| {
                    let name = |f: Option<&Face>| {
                        f.map_or(serde_json::Value::Null, |f| f.name.clone().into())
                    };
                    serde_json::json!({
                        "number": n,
                        "martians": name(c.face(Side::Martians)),
                        "humans": name(c.face(Side::Humans)),
                        "event": name(c.event.as_ref()),
                    })
                })
                .collect(),
        );
        writeln!(
            io.out,
            "{}",
            serde_json::to_string_pretty(&list).unwrap_or_default()
        )?;
        return Ok(());
    }
    let cards = printed(&deck);
    let events = cards.iter().filter(|(_, c)| c.is_event()).count();
    writeln!(
        io.out,
        "{}: {} cards ({} with side halves, {events} Events), {} different",
        deck.name,
        deck.total(),
        deck.total() as usize - events,
        deck.types()
    )?;
    writeln!(io.out)?;
    writeln!(io.out, "{:>4}  {:<44}  Humans", "#", "Martians")?;
    for (n, c) in &cards {
        match &c.event {
            Some(e) => writeln!(io.out, "{n:>4}  Event: {}", half_text(e))?,
            None => writeln!(
                io.out,
                "{n:>4}  {:<44}  {}",
                c.face(Side::Martians).map_or("-".into(), half_text),
                c.face(Side::Humans).map_or("-".into(), half_text)
            )?,
        }
    }
    for side in [Side::Martians, Side::Humans] {
        let halves = deck.halves(side);
        let total: u16 = halves.iter().map(|f| deck.half_count(side, f.id)).sum();
        let list: Vec<String> = halves
            .iter()
            .map(|f| format!("{} {}", f.name, deck.half_count(side, f.id)))
            .collect();
        writeln!(io.out)?;
        writeln!(
            io.out,
            "{} halves ({total}): {}",
            match side {
                Side::Martians => "Martian",
                Side::Humans => "Human",
            },
            list.join(", ")
        )?;
    }
    Ok(())
}

/// Every physical card with its printed number, in number order.
fn printed(deck: &Deck) -> Vec<(u16, &CardType)> {
    let mut out: Vec<(u16, &CardType)> = deck
        .cards
        .iter()
        .flat_map(|c| c.numbers.iter().map(move |n| (*n, c)))
        .collect();
    out.sort_by_key(|(n, _)| *n);
    out
}

/// `Heat Ray (support, shoot-area)`.
fn half_text(f: &Face) -> String {
    format!("{} ({}, {})", f.name, f.kind.name(), f.effect.name())
}

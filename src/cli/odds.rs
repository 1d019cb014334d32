//! `mars-attacks odds shoot|fight`: exact odds of a Shoot test (R15) or a Fight (R16),
//! from [`crate::rules::odds`].
//!
//! The dice and values come either from numbers (`--dice 5 --shoot 5 --survive-dice 3
//! --survive 6 --armour 1`) or from the core profiles and the situation (`--shooter
//! soldier --target martian --clear --aim`); a number given explicitly overrides the one
//! the profiles and flags would give. `--json` prints one object with the probabilities
//! at full precision (shortest round-trip form):
//! `{"kill": p, "rattled": p, "miss": p}` or
//! `{"attacker_wins": p, "defender_wins": p, "no_kill": p}`.

use clap::{Args, Subcommand};

use super::{CliError, Io};
use crate::rules::odds::{self as exact, FightOdds, ShootOdds};
use crate::rules::profile::{Ability, Profile};
use crate::rules::scenario_file::core_profiles;

/// Dice every test starts from: a Shoot at a target that is seen, a Survive roll, each
/// side of a Fight (R15, R16).
const BASE_DICE: u8 = 3;

/// Arguments of `odds`.
#[derive(Args, Debug)]
pub struct OddsArgs {
    #[command(subcommand)]
    pub test: OddsTest,
}

/// Which test to work out.
#[derive(Subcommand, Debug)]
pub enum OddsTest {
    /// A Shoot test against Survive, with armour (R15).
    Shoot(ShootArgs),
    /// A Fight: the attacker rolls Fight, the defender Fight or Survive (R16).
    Fight(FightArgs),
}

/// Arguments of `odds shoot`.
#[derive(Args, Debug)]
pub struct ShootArgs {
    /// The shooter's profile (`soldier`, `martian`): gives the Shoot value.
    #[arg(long, value_name = "PROFILE")]
    pub shooter: Option<String>,
    /// The target's profile: gives the Survive value, and armour 1 if it is armoured.
    #[arg(long, value_name = "PROFILE")]
    pub target: Option<String>,
    /// A clear shot: 4 dice instead of 3.
    #[arg(long)]
    pub clear: bool,
    /// The shooter Aims: one more die.
    #[arg(long)]
    pub aim: bool,
    /// Shoot dice (default 3, +1 for --clear, +1 for --aim).
    #[arg(long, value_name = "N")]
    pub dice: Option<u8>,
    /// The Shoot value each die must reach (5 for 5+).
    #[arg(long, value_name = "V", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub shoot: Option<u8>,
    /// Survive dice (default 3).
    #[arg(long, value_name = "M")]
    pub survive_dice: Option<u8>,
    /// The target's Survive value (6 for 6+).
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub survive: Option<u8>,
    /// Successes the target's armour adds to Survive (default: 1 if the target profile
    /// is armoured, else 0).
    #[arg(long, value_name = "A")]
    pub armour: Option<u8>,
    /// Print `{"kill": p, "rattled": p, "miss": p}` instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `odds fight`.
#[derive(Args, Debug)]
pub struct FightArgs {
    /// The attacker's profile: gives its Fight value.
    #[arg(long, value_name = "PROFILE")]
    pub attacker: Option<String>,
    /// The defender's profile: gives its Fight value if it fights, else its Survive value.
    #[arg(long, value_name = "PROFILE")]
    pub defender: Option<String>,
    /// The attacker moved into the square this Turn: one more die.
    #[arg(long)]
    pub charge: bool,
    /// The attacker has a friendly model in the square: one more die.
    #[arg(long)]
    pub attacker_friends: bool,
    /// The defender has a friendly model in the square: one more die.
    #[arg(long)]
    pub defender_friends: bool,
    /// The defender rolls Fight, and kills the attacker if it rolls more.
    #[arg(long, conflicts_with = "defender_survives")]
    pub defender_fights: bool,
    /// The defender rolls Survive and cannot kill (the default).
    #[arg(long)]
    pub defender_survives: bool,
    /// Attacker's dice (default 3, +1 for --charge, +1 for --attacker-friends).
    #[arg(long, value_name = "N")]
    pub dice: Option<u8>,
    /// The attacker's Fight value.
    #[arg(long, value_name = "V", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub fight: Option<u8>,
    /// Defender's dice (default 3, +1 for --defender-friends).
    #[arg(long, value_name = "M")]
    pub defender_dice: Option<u8>,
    /// The value the defender rolls against (its Fight or Survive value).
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub defend: Option<u8>,
    /// Print `{"attacker_wins": p, "defender_wins": p, "no_kill": p}` instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Work out and print the odds.
pub fn run(args: OddsArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    match args.test {
        OddsTest::Shoot(a) => run_shoot(a, io),
        OddsTest::Fight(a) => run_fight(a, io),
    }
}

/// A Shoot test with every number settled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ShootSetup {
    pub dice: u8,
    pub shoot: u8,
    pub survive_dice: u8,
    pub survive: u8,
    pub armour: u8,
}

/// A Fight with every number settled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FightSetup {
    pub dice: u8,
    pub fight: u8,
    pub defender_dice: u8,
    pub defend: u8,
    pub defender_fights: bool,
}

/// Settle the numbers of a Shoot test from the arguments, with `profiles` to look up
/// names in.
pub fn shoot_setup(args: &ShootArgs, profiles: &[Profile]) -> Result<ShootSetup, CliError> {
    let shooter = find(args.shooter.as_deref(), profiles)?;
    let target = find(args.target.as_deref(), profiles)?;
    let dice = args
        .dice
        .unwrap_or(BASE_DICE + u8::from(args.clear) + u8::from(args.aim));
    let shoot = args
        .shoot
        .or(shooter.map(|p| p.shoot))
        .ok_or_else(|| missing("the Shoot value", "--shoot V", "--shooter PROFILE"))?;
    let survive = args
        .survive
        .or(target.map(|p| p.survive))
        .ok_or_else(|| missing("the Survive value", "--survive W", "--target PROFILE"))?;
    let armour = args
        .armour
        .unwrap_or(u8::from(target.is_some_and(|p| p.has(Ability::Armoured))));
    Ok(ShootSetup {
        dice,
        shoot,
        survive_dice: args.survive_dice.unwrap_or(BASE_DICE),
        survive,
        armour,
    })
}

/// Settle the numbers of a Fight from the arguments, with `profiles` to look up names in.
pub fn fight_setup(args: &FightArgs, profiles: &[Profile]) -> Result<FightSetup, CliError> {
    let attacker = find(args.attacker.as_deref(), profiles)?;
    let defender = find(args.defender.as_deref(), profiles)?;
    let defender_fights = args.defender_fights;
    let dice = args
        .dice
        .unwrap_or(BASE_DICE + u8::from(args.charge) + u8::from(args.attacker_friends));
    let defender_dice = args
        .defender_dice
        .unwrap_or(BASE_DICE + u8::from(args.defender_friends));
    let fight = args.fight.or(attacker.map(|p| p.fight)).ok_or_else(|| {
        missing(
            "the attacker's Fight value",
            "--fight V",
            "--attacker PROFILE",
        )
    })?;
    let defend = args
        .defend
        .or(defender.map(|p| if defender_fights { p.fight } else { p.survive }))
        .ok_or_else(|| missing("the defender's value", "--defend W", "--defender PROFILE"))?;
    Ok(FightSetup {
        dice,
        fight,
        defender_dice,
        defend,
        defender_fights,
    })
}

fn run_shoot(args: ShootArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let profiles = profiles_if(args.shooter.is_some() || args.target.is_some());
    let setup = shoot_setup(&args, &profiles)?;
    let odds = exact::shoot(
        setup.dice,
        setup.shoot,
        setup.survive_dice,
        setup.survive,
        setup.armour,
    );
    if args.json {
        writeln!(io.out, "{}", shoot_json(&odds))?;
        return Ok(());
    }
    let who = match (
        find(args.shooter.as_deref(), &profiles)?,
        find(args.target.as_deref(), &profiles)?,
    ) {
        (Some(s), Some(t)) => format!("{} shoots {}", s.name, t.name),
        (Some(s), None) => format!("{} shoots", s.name),
        (None, Some(t)) => format!("Shoot at {}", t.name),
        (None, None) => "Shoot".to_string(),
    };
    let mut situation = Vec::new();
    if args.clear {
        situation.push("clear shot");
    }
    if args.aim {
        situation.push("aiming");
    }
    writeln!(io.out, "{who}{}", in_brackets(&situation))?;
    let armour = if setup.armour > 0 {
        format!(", armour +{}", setup.armour)
    } else {
        String::new()
    };
    writeln!(
        io.out,
        "{} at {}+ against {} at {}+{armour}",
        dice(setup.dice),
        setup.shoot,
        dice(setup.survive_dice),
        setup.survive
    )?;
    writeln!(io.out)?;
    let mut rows = vec![("kill", odds.kill)];
    if setup.armour > 0 {
        rows.push(("rattled", odds.rattled));
    }
    rows.push(("miss", odds.miss));
    print_rows(&rows, io)
}

fn run_fight(args: FightArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let profiles = profiles_if(args.attacker.is_some() || args.defender.is_some());
    let setup = fight_setup(&args, &profiles)?;
    let odds = exact::fight(
        setup.dice,
        setup.fight,
        setup.defender_dice,
        setup.defend,
        setup.defender_fights,
    );
    if args.json {
        writeln!(io.out, "{}", fight_json(&odds))?;
        return Ok(());
    }
    let attacker = find(args.attacker.as_deref(), &profiles)?;
    let defender = find(args.defender.as_deref(), &profiles)?;
    let who = match (attacker, defender) {
        (Some(a), Some(d)) => format!("{} attacks {}", a.name, d.name),
        (Some(a), None) => format!("{} attacks", a.name),
        (None, Some(d)) => format!("Fight against {}", d.name),
        (None, None) => "Fight".to_string(),
    };
    let mut situation = Vec::new();
    if args.charge {
        situation.push("charging");
    }
    if args.attacker_friends {
        situation.push("attacker has friends");
    }
    if args.defender_friends {
        situation.push("defender has friends");
    }
    writeln!(io.out, "{who}{}", in_brackets(&situation))?;
    let choice = if setup.defender_fights {
        "defender fights"
    } else {
        "defender survives"
    };
    writeln!(
        io.out,
        "{} at {}+ against {} at {}+, {choice}",
        dice(setup.dice),
        setup.fight,
        dice(setup.defender_dice),
        setup.defend
    )?;
    writeln!(io.out)?;
    let mut rows = vec![("attacker wins", odds.attacker_wins)];
    if setup.defender_fights {
        rows.push(("defender wins", odds.defender_wins));
    }
    rows.push(("no kill", odds.no_kill));
    print_rows(&rows, io)
}

/// The core profiles, only when a name needs looking up.
fn profiles_if(needed: bool) -> Vec<Profile> {
    if needed { core_profiles() } else { Vec::new() }
}

/// The profile named `key` (case-insensitive), if a name was given.
fn find<'p>(key: Option<&str>, profiles: &'p [Profile]) -> Result<Option<&'p Profile>, CliError> {
    let Some(key) = key else {
        return Ok(None);
    };
    profiles
        .iter()
        .find(|p| p.key.eq_ignore_ascii_case(key.trim()))
        .map(Some)
        .ok_or_else(|| {
            let known: Vec<&str> = profiles.iter().map(|p| p.key.as_str()).collect();
            CliError::Usage(format!(
                "unknown profile `{key}`: the known profiles are {}",
                known.join(", ")
            ))
        })
}

fn missing(what: &str, number: &str, profile: &str) -> CliError {
    CliError::Usage(format!("{what} is missing: give {number} or {profile}"))
}

/// `{"kill": p, "rattled": p, "miss": p}`.
pub fn shoot_json(o: &ShootOdds) -> String {
    json_object(&[("kill", o.kill), ("rattled", o.rattled), ("miss", o.miss)])
}

/// `{"attacker_wins": p, "defender_wins": p, "no_kill": p}`.
pub fn fight_json(o: &FightOdds) -> String {
    json_object(&[
        ("attacker_wins", o.attacker_wins),
        ("defender_wins", o.defender_wins),
        ("no_kill", o.no_kill),
    ])
}

/// A flat JSON object of numbers, in the order given, each number in its shortest
/// form that reads back to the same `f64`.
fn json_object(fields: &[(&str, f64)]) -> String {
    let body: Vec<String> = fields
        .iter()
        .map(|(k, v)| {
            let number = serde_json::to_string(v).expect("probabilities are finite");
            format!("{}: {number}", super::json_str(k))
        })
        .collect();
    format!("{{{}}}", body.join(", "))
}

fn print_rows(rows: &[(&str, f64)], io: &mut Io<'_>) -> Result<(), CliError> {
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (label, p) in rows {
        writeln!(io.out, "  {label:<width$}  {:>7}", percent(*p))?;
    }
    Ok(())
}

/// A probability as a percentage to two places, never rounding a possible outcome to
/// 0% or an uncertain one to 100%.
pub fn percent(p: f64) -> String {
    if p > 0.0 && p < 0.00005 {
        "<0.01%".to_string()
    } else if (0.99995..1.0).contains(&p) {
        ">99.99%".to_string()
    } else {
        format!("{:.2}%", p * 100.0)
    }
}

fn dice(n: u8) -> String {
    if n == 1 {
        "1 die".to_string()
    } else {
        format!("{n} dice")
    }
}

fn in_brackets(parts: &[&str]) -> String {
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

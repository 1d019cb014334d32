//! The static game of protocol version 2: everything about a scenario that does not change
//! while it is played, as a bot needs it to plan without reading files (the board's sight
//! and step tables, zones, entry and exit edges with their Rounds, holds, `survive_to`, the
//! Round limit and VP rules of both sides, the profiles with their abilities, the deck's
//! halves with their effects as fields, and the scenario's fingerprint).
//!
//! [`GameInfo`] is sent in the `game` message. It describes the scenario completely, so
//! `mars-attacks serve` rebuilds the same scenario from it ([`GameInfo::to_scenario`]) when
//! a bot hands back a decision's snapshot; the sight and step tables and the deck's fields
//! are derived, for the bot only, and not read back.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use rules::bitboard::Bitboard;
use rules::cards::{Aim, Area, Deck, Effect, Face, Failed, Hit, Kind, Roll, Whose, core_deck};
use rules::fingerprint::bytes_fingerprint;
use rules::map::{Los, Map, WallKind, Walls};
use rules::profile::{Abilities, Ability, Profile};
use rules::scenario::{
    Choices, CounterSetup, EndsGame, Entry, Hold, MAX_ENTRIES, MAX_WIN_ZONES, ModelSetup, Scenario,
    SideSetup, Start, VpAwards,
};
use rules::square::{BySide, Edge, Side, Square};

pub use super::statics_error::StaticsError;

/// The squares of a set by name, lowest index first.
pub fn square_names(squares: Bitboard) -> Vec<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

fn bits_of(names: &[String], what: &str) -> Result<Bitboard, StaticsError> {
    let mut squares = Bitboard::EMPTY;
    for n in names {
        squares.insert(square_of(n, what)?);
    }
    Ok(squares)
}

fn square_of(name: &str, what: &str) -> Result<Square, StaticsError> {
    name.parse().map_err(|why| StaticsError::NotASquare {
        what: what.to_string(),
        name: name.to_string(),
        why,
    })
}

fn edge_of(name: &str, what: &str) -> Result<Edge, StaticsError> {
    name.parse().map_err(|why| StaticsError::NotAnEdge {
        what: what.to_string(),
        why,
    })
}

fn side_of_name(name: &str, what: &str) -> Result<Side, StaticsError> {
    name.parse().map_err(|why| StaticsError::NotASide {
        what: what.to_string(),
        why,
    })
}

/// Line of sight as a number in the sight table: 0 none, 1 partial (a shot at 3 dice), 2
/// clear (4 dice) (R9, R15).
pub const fn los_number(los: Los) -> u8 {
    match los {
        Los::None => 0,
        Los::Partial => 1,
        Los::Clear => 2,
    }
}

/// The board: walls, blockers and the tables derived from them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardInfo {
    /// Every wall once: `{"square": "c4", "edge": "north", "kind": "high"}`.
    pub walls: Vec<WallInfo>,
    /// Squares no model may enter (P1).
    pub blockers: Vec<String>,
    /// `squares[i]` is the name of the square of index `i` (`a1` = 0, `h1` = 7, `a8` = 56):
    /// the index of the tables.
    #[serde(default, skip_deserializing)]
    pub squares: Vec<String>,
    /// `sight[i][j]`: line of sight from square `i` to square `j`: 0 none, 1 partial, 2
    /// clear (R9). A square sees itself clearly.
    #[serde(default, skip_deserializing)]
    pub sight: Vec<Vec<u8>>,
    /// `steps[i]`: the indices of the squares a model may step to from square `i`, walls
    /// and blockers counted, models not (R4, R5, P1).
    #[serde(default, skip_deserializing)]
    pub steps: Vec<Vec<u8>>,
}

/// One wall piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WallInfo {
    pub square: String,
    pub edge: String,
    /// `high` (blocks steps and sight) or `low` (spoils a clear shot, R2, R9).
    pub kind: String,
}

impl BoardInfo {
    /// The board of `map`, tables included.
    pub fn of(map: &Map) -> BoardInfo {
        BoardInfo {
            walls: map
                .walls()
                .pieces()
                .into_iter()
                .map(|(s, e, k)| WallInfo {
                    square: s.to_string(),
                    edge: e.name().to_string(),
                    kind: k.name().to_string(),
                })
                .collect(),
            blockers: square_names(map.blockers()),
            squares: Square::all().map(|s| s.to_string()).collect(),
            sight: Square::all()
                .map(|a| Square::all().map(|b| los_number(map.los(a, b))).collect())
                .collect(),
            steps: Square::all()
                .map(|a| {
                    map.step_targets(a)
                        .iter()
                        .map(|b| b.index() as u8)
                        .collect()
                })
                .collect(),
        }
    }

    /// The map these walls and blockers make.
    pub fn to_map(&self) -> Result<Map, StaticsError> {
        let mut walls = Walls::default();
        for w in &self.walls {
            let sq = square_of(&w.square, "a wall")?;
            let edge = edge_of(&w.edge, "a wall")?;
            let kind = match w.kind.as_str() {
                "high" => WallKind::High,
                "low" => WallKind::Low,
                other => return Err(StaticsError::WallKind(other.to_string())),
            };
            if !walls.set(sq, edge, kind) {
                return Err(StaticsError::WallOnEdge { square: sq, edge });
            }
        }
        Ok(Map::new(walls, bits_of(&self.blockers, "the blockers")?))
    }
}

/// A model type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProfileInfo {
    pub name: String,
    /// The die each roll needs (`4` is 4+).
    pub shoot: u8,
    pub fight: u8,
    pub survive: u8,
    /// Shooting range in squares (R8).
    pub range: u8,
    /// Its special rules: `armoured` (R15), `hero` (R16).
    pub abilities: Vec<String>,
    /// Automatic successes added to its Survive roll against a Shoot test: 1 when
    /// armoured (R15), else 0.
    #[serde(default, skip_deserializing)]
    pub armour: u8,
}

/// One model of the scenario's force, by its id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelInfo {
    /// `m1`, `m2`, ...: how actions and the state name it.
    pub id: String,
    pub side: String,
    /// Its profile's key.
    pub profile: String,
    /// Where it starts: a square, `deploy` (placed in its side's zone) or `enter` (comes on
    /// across an entry edge, R6).
    pub start: String,
    /// For a model that enters: the index of its side's entry it comes on by.
    pub wave: u8,
    /// The VP the other side scores for killing it, when it is not the side's award.
    pub kill_vp: Option<u16>,
    /// The VP its side scores when it leaves by the exit edge, when not the side's award.
    pub exit_vp: Option<u16>,
    /// A key model (P28): the side that wins at once when it dies (`dies`), and when it
    /// leaves by its exit (`exits`). Absent for an ordinary model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_game: Option<EndsGameInfo>,
    /// Whether it may leave by its side's exit (P30); absent means it may.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub may_exit: bool,
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

fn is_one(n: &u16) -> bool {
    *n == 1
}

fn one() -> u16 {
    1
}

/// What a key model's death or leaving ends (P28): the side that wins then.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndsGameInfo {
    pub dies: Option<String>,
    pub exits: Option<String>,
}

/// Where and when models that start off the board come on (R6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntryInfo {
    /// The edge (with `edges`, the first of them).
    pub edge: String,
    /// The first Round they may be activated in (with `rounds`, the earliest).
    pub round: u16,
    /// The squares of the edge they step onto, when only part of it (P32).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squares: Option<Vec<String>>,
    /// The edges drawn among at the start of Round `round` (P33), when drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edges: Option<Vec<String>>,
    /// The Rounds drawn among at the start of Round `round` (P33), when drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Vec<u16>>,
    /// The Round at whose start `edges` or `rounds` are drawn, when the scenario announces
    /// the draw before Round `round` (P33).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawn_in: Option<u16>,
}

/// A zone that scores at the end of every Round (from `from` to `until`) for the side
/// holding it, and wins for it when held `win_after` Rounds running (P31).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HoldInfo {
    pub squares: Vec<String>,
    pub vp: u16,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub from: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win_after: Option<u16>,
}

/// VP one side earns (R18, R24, R6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VpInfo {
    pub shoot_kill: u16,
    pub fight_kill: u16,
    /// Per counter of its kind claimed, after the first `counters_free`.
    pub counter: u16,
    pub counters_free: u16,
    /// Per own model leaving by the side's exit edge.
    pub exit: u16,
    /// Per neutral objective counter claimed.
    pub objective: u16,
}

/// What one side brings and how it scores and wins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideInfo {
    /// Where its `deploy` models are placed.
    pub deployment: Vec<String>,
    /// Its entry edges with their Rounds, in order (a model's `wave` indexes them).
    pub entries: Vec<EntryInfo>,
    /// The edge its models may leave by (R6).
    pub exit: Option<String>,
    pub vp: VpInfo,
    /// Its own VP target when the scenario sets one for it.
    pub own_vp_target: Option<u16>,
    /// The VP that win it the game at once (R25): its own target or the scenario's.
    #[serde(default, skip_deserializing)]
    pub vp_target: u16,
    pub holds: Vec<HoldInfo>,
    /// It wins if one of its models is on the board at the end of this Round.
    pub survive_to: Option<u16>,
}

/// The hidden counters (R24).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CountersInfo {
    pub critters: u8,
    pub secrets: u8,
    pub objectives: u8,
    /// How many of them are placed face down at random; the rest are set aside unseen.
    pub placed: u8,
    /// The squares they are placed in; `null`: anywhere.
    pub zone: Option<Vec<String>>,
}

/// A half of a card: one side's effect, or an Event's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HalfInfo {
    /// Its slug, as actions name it (`heat-ray`).
    pub slug: String,
    pub name: String,
    /// `response`, `activation`, `support` or `event`.
    pub kind: String,
    pub effect: EffectInfo,
    /// How a Support set of 1, 2, ... cards is aimed (its cap is the length); for an
    /// Event's area attack, `["random"]`.
    pub levels: Vec<String>,
    /// The rules text as printed.
    pub text: String,
}

/// What a half does, as fields (`docs/card-format.md`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "name", rename_all = "kebab-case")]
pub enum EffectInfo {
    /// Adds `dice` (or removes) to the roll of the player's own model (`whose: own`) or
    /// the enemy model (`enemy`) in a test, on the rolls listed.
    TestDice {
        whose: String,
        rolls: Vec<String>,
        dice: i8,
    },
    LuckyEscape,
    MoveOne,
    Distract {
        models: u8,
    },
    Reinforce,
    Jam,
    MindControl,
    /// An area attack: a Shoot test of `dice` at `value`+ per square covered, against each
    /// model's Survive roll.
    ShootArea {
        dice: u8,
        value: u8,
        area: AreaInfo,
    },
    /// An area attack: one die per model against its Survive value; failing it does
    /// `failed` (`activated` or `rattled`).
    SurviveArea {
        failed: String,
        area: AreaInfo,
    },
    FlyingCar {
        dice: u8,
        value: u8,
        landings: u8,
    },
    BurningCows {
        moves: u8,
        dice: u8,
        value: u8,
    },
    Civilians {
        table: [u8; 8],
    },
    Bug {
        dice: u8,
        value: u8,
        survive_dice: u8,
        survive_value: u8,
    },
}

/// The squares an area attack covers from the square it is aimed at: `square`, `block3`
/// (the square and its 8 neighbours) or `line` of `length` squares.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AreaInfo {
    pub shape: String,
    pub length: Option<u8>,
}

impl EffectInfo {
    pub fn of(e: &Effect) -> EffectInfo {
        let roll_name = |r: Roll| r.name().to_string();
        let area = |a: Area| match a {
            Area::Square => AreaInfo {
                shape: "square".into(),
                length: None,
            },
            Area::Block3 => AreaInfo {
                shape: "block3".into(),
                length: None,
            },
            Area::Line(n) => AreaInfo {
                shape: "line".into(),
                length: Some(n),
            },
        };
        match *e {
            Effect::TestDice { whose, rolls, dice } => EffectInfo::TestDice {
                whose: match whose {
                    Whose::Own => "own",
                    Whose::Enemy => "enemy",
                }
                .into(),
                rolls: [Roll::Shoot, Roll::Fight, Roll::Survive]
                    .into_iter()
                    .filter(|r| rolls.has(*r))
                    .map(roll_name)
                    .collect(),
                dice,
            },
            Effect::LuckyEscape => EffectInfo::LuckyEscape,
            Effect::MoveOne => EffectInfo::MoveOne,
            Effect::Distract { models } => EffectInfo::Distract { models },
            Effect::Reinforce => EffectInfo::Reinforce,
            Effect::Jam => EffectInfo::Jam,
            Effect::MindControl => EffectInfo::MindControl,
            Effect::Area {
                hit: Hit::Shoot { dice, value },
                area: a,
            } => EffectInfo::ShootArea {
                dice,
                value,
                area: area(a),
            },
            Effect::Area {
                hit: Hit::Survive(f),
                area: a,
            } => EffectInfo::SurviveArea {
                failed: match f {
                    Failed::Activated => "activated",
                    Failed::Rattled => "rattled",
                }
                .into(),
                area: area(a),
            },
            Effect::FlyingCar {
                dice,
                value,
                landings,
            } => EffectInfo::FlyingCar {
                dice,
                value,
                landings,
            },
            Effect::BurningCows { moves, dice, value } => {
                EffectInfo::BurningCows { moves, dice, value }
            }
            Effect::Civilians { table } => EffectInfo::Civilians { table },
            Effect::Bug {
                dice,
                value,
                survive_dice,
                survive_value,
            } => EffectInfo::Bug {
                dice,
                value,
                survive_dice,
                survive_value,
            },
        }
    }
}

impl HalfInfo {
    fn of(f: &Face) -> HalfInfo {
        HalfInfo {
            slug: f.slug.clone(),
            name: f.name.clone(),
            kind: match f.kind {
                Kind::Response => "response",
                Kind::Activation => "activation",
                Kind::Support => "support",
                Kind::Event => "event",
            }
            .into(),
            effect: EffectInfo::of(&f.effect),
            levels: f
                .levels
                .iter()
                .map(|a: &Aim| a.name().to_string())
                .collect(),
            text: f.text.clone(),
        }
    }
}

/// A distinct physical card of the deck, with its copies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardInfo {
    /// The printed numbers of its copies.
    pub numbers: Vec<u16>,
    pub count: u8,
    /// The Martians' half and the Humans' half, or the Event.
    pub martians: Option<HalfInfo>,
    pub humans: Option<HalfInfo>,
    pub event: Option<HalfInfo>,
    /// How each side names the card in actions and hands (`heat-ray/human-ingenuity` for
    /// the Martians), when it may hold it.
    pub as_martians: Option<String>,
    pub as_humans: Option<String>,
}

/// The deck: `core` (the shipped `cards/core.toml`), `none`, or another deck (described
/// here, but not rebuilt by `serve`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeckInfo {
    pub name: String,
    /// Cards in the whole deck.
    #[serde(default, skip_deserializing)]
    pub total: u16,
    #[serde(default, skip_deserializing)]
    pub cards: Vec<CardInfo>,
}

impl DeckInfo {
    fn of(deck: &Deck) -> DeckInfo {
        let name = if deck.cards.is_empty() {
            "none"
        } else if *deck == *core_deck() {
            "core"
        } else {
            "custom"
        };
        DeckInfo {
            name: name.into(),
            total: deck.total(),
            cards: deck
                .cards
                .iter()
                .map(|c| CardInfo {
                    numbers: c.numbers.clone(),
                    count: c.count(),
                    martians: c.face(Side::Martians).map(HalfInfo::of),
                    humans: c.face(Side::Humans).map(HalfInfo::of),
                    event: c.event.as_ref().map(HalfInfo::of),
                    as_martians: c.card(Side::Martians).map(|c| c.to_string()),
                    as_humans: c.card(Side::Humans).map(|c| c.to_string()),
                })
                .collect(),
        }
    }

    fn to_deck(&self) -> Result<Arc<Deck>, StaticsError> {
        match self.name.as_str() {
            "core" => Ok(core_deck()),
            "none" => Ok(Arc::new(Deck::empty())),
            other => Err(StaticsError::UnknownDeck(other.to_string())),
        }
    }
}

/// Everything about the scenario that stays the same while it is played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    pub name: String,
    pub description: String,
    /// 16 hex digits identifying the scenario as played: equal for the same rules, board,
    /// forces and deck, different for any change (a `--vary` variant included).
    #[serde(default, skip_deserializing)]
    pub fingerprint: String,
    pub board: BoardInfo,
    pub profiles: std::collections::BTreeMap<String, ProfileInfo>,
    pub models: Vec<ModelInfo>,
    pub humans: SideInfo,
    pub martians: SideInfo,
    /// Who takes the first Turn of Round 1 (R13).
    pub first_turn: String,
    /// The sides that deploy models, in order.
    pub deploy_order: Vec<String>,
    pub counters: CountersInfo,
    /// The scenario's VP target (R25); a side's own target overrides it.
    pub vp_target: u16,
    /// The last Round by the Round limit, if any (R25).
    pub round_limit: Option<u16>,
    /// The Round after which the game ends whatever happens: the Round limit or the
    /// Round a side must survive to, whichever is first.
    #[serde(default, skip_deserializing)]
    pub last_round: Option<u16>,
    /// The hand size the refill draws up to (R22).
    pub hand_size: u8,
    pub deck: DeckInfo,
}

impl GameInfo {
    /// The static game of `scenario`.
    pub fn of(s: &Scenario) -> GameInfo {
        let side = |side: Side| {
            let setup = &s.sides[side];
            SideInfo {
                deployment: square_names(setup.deployment),
                entries: setup
                    .entry
                    .iter()
                    .map(|e| EntryInfo {
                        edge: e.edge.name().into(),
                        round: e.round,
                        squares: (e.edges.is_empty() && e.squares != e.edge.board_squares())
                            .then(|| square_names(e.squares)),
                        edges: (!e.edges.is_empty()).then(|| {
                            e.edges
                                .as_slice()
                                .iter()
                                .map(|x| x.name().to_string())
                                .collect()
                        }),
                        rounds: (!e.rounds.is_empty()).then(|| e.rounds.as_slice().to_vec()),
                        drawn_in: (e.is_drawn() && e.drawn_in != e.round).then_some(e.drawn_in),
                    })
                    .collect(),
                exit: setup.exit.map(|e| e.name().to_string()),
                vp: VpInfo {
                    shoot_kill: setup.vp.shoot_kill,
                    fight_kill: setup.vp.fight_kill,
                    counter: setup.vp.counter,
                    counters_free: setup.vp.counters_free,
                    exit: setup.vp.exit,
                    objective: setup.vp.objective,
                },
                own_vp_target: setup.vp_target,
                vp_target: s.vp_target(side),
                holds: setup
                    .hold
                    .iter()
                    .map(|h| HoldInfo {
                        squares: square_names(h.zone),
                        vp: h.vp,
                        from: h.from,
                        until: h.until,
                        win_after: h.win_after,
                    })
                    .collect(),
                survive_to: setup.survive_to,
            }
        };
        let mut info = GameInfo {
            name: s.name.clone(),
            description: s.description.clone(),
            fingerprint: String::new(),
            board: BoardInfo::of(&s.map),
            profiles: s
                .profiles
                .iter()
                .map(|p| {
                    (
                        p.key.clone(),
                        ProfileInfo {
                            name: p.name.clone(),
                            shoot: p.shoot,
                            fight: p.fight,
                            survive: p.survive,
                            range: p.range,
                            abilities: p.abilities.iter().map(|a| a.name().to_string()).collect(),
                            armour: u8::from(p.has(Ability::Armoured)),
                        },
                    )
                })
                .collect(),
            models: s
                .models
                .iter()
                .enumerate()
                .map(|(i, m)| ModelInfo {
                    id: format!("m{}", i + 1),
                    side: m.side.name().into(),
                    profile: s
                        .profiles
                        .get(m.profile)
                        .map_or_else(String::new, |p| p.key.clone()),
                    start: match m.start {
                        Start::At(sq) => sq.to_string(),
                        Start::Deploy => "deploy".into(),
                        Start::Enter => "enter".into(),
                    },
                    wave: m.wave,
                    kill_vp: m.kill_vp,
                    exit_vp: m.exit_vp,
                    ends_game: m.ends_game.is_key().then(|| EndsGameInfo {
                        dies: m.ends_game.dies.map(|s| s.name().to_string()),
                        exits: m.ends_game.exits.map(|s| s.name().to_string()),
                    }),
                    may_exit: m.may_exit,
                })
                .collect(),
            humans: side(Side::Humans),
            martians: side(Side::Martians),
            first_turn: s.first_turn.name().into(),
            deploy_order: s
                .deploy_order
                .iter()
                .map(|d| d.name().to_string())
                .collect(),
            counters: CountersInfo {
                critters: s.counters.critters,
                secrets: s.counters.secrets,
                objectives: s.counters.objectives,
                placed: s.counters.placed,
                zone: s.counters.zone.map(square_names),
            },
            vp_target: s.vp_target,
            round_limit: s.round_limit,
            last_round: s.last_round(),
            hand_size: s.hand_size,
            deck: DeckInfo::of(&s.deck),
        };
        info.fingerprint = bytes_fingerprint(
            serde_json::to_string(&info)
                .expect("the static game serializes")
                .as_bytes(),
        );
        info
    }

    /// The scenario this describes, checked: what `serve` plays a decision's snapshot
    /// in. Only the deck of the engine (`core`) or none can be rebuilt.
    pub fn to_scenario(&self) -> Result<Scenario, StaticsError> {
        let map = self.board.to_map()?;
        let mut profiles = Vec::new();
        for (key, p) in &self.profiles {
            let mut abilities = Abilities::NONE;
            for a in &p.abilities {
                abilities = abilities.with(Ability::from_name(a).ok_or_else(|| {
                    StaticsError::NotAnAbility {
                        profile: key.clone(),
                        ability: a.clone(),
                    }
                })?);
            }
            for (what, v) in [
                ("shoot", p.shoot),
                ("fight", p.fight),
                ("survive", p.survive),
            ] {
                if !(1..=8).contains(&v) {
                    return Err(StaticsError::NotADieRoll {
                        profile: key.clone(),
                        what,
                        value: v,
                    });
                }
            }
            profiles.push(Profile {
                key: key.clone(),
                name: p.name.clone(),
                shoot: p.shoot,
                fight: p.fight,
                survive: p.survive,
                range: p.range,
                abilities,
            });
        }
        if self.models.len() > rules::scenario::MAX_MODELS {
            return Err(StaticsError::TooManyModels(self.models.len()));
        }
        let mut models = Vec::new();
        for m in &self.models {
            let what = format!("model {}", m.id);
            let side = side_of_name(&m.side, &what)?;
            let profile = profiles
                .iter()
                .position(|p| p.key == m.profile)
                .ok_or_else(|| StaticsError::NoProfile {
                    what: what.clone(),
                    profile: m.profile.clone(),
                })?;
            let start = match m.start.as_str() {
                "deploy" => Start::Deploy,
                "enter" => Start::Enter,
                sq => Start::At(square_of(sq, &what)?),
            };
            let ends_game = match &m.ends_game {
                Some(e) => EndsGame {
                    dies: e
                        .dies
                        .as_deref()
                        .map(|n| side_of_name(n, &what))
                        .transpose()?,
                    exits: e
                        .exits
                        .as_deref()
                        .map(|n| side_of_name(n, &what))
                        .transpose()?,
                },
                None => EndsGame::default(),
            };
            models.push(ModelSetup {
                side,
                profile,
                start,
                kill_vp: m.kill_vp,
                exit_vp: m.exit_vp,
                wave: m.wave,
                ends_game,
                may_exit: m.may_exit,
            });
        }
        let side = |info: &SideInfo, name: &'static str| -> Result<SideSetup, StaticsError> {
            let mut entry = Vec::new();
            if info.entries.len() > MAX_ENTRIES {
                return Err(StaticsError::TooManyEntries { side: name });
            }
            for e in &info.entries {
                let mut x = Entry::whole_edge(edge_of(&e.edge, name)?, e.round);
                if let Some(sq) = &e.squares {
                    x.squares = bits_of(sq, name)?;
                    if x.squares.is_empty() || !x.squares.is_subset(x.edge.board_squares()) {
                        return Err(StaticsError::EntryOffEdge {
                            side: name,
                            edge: x.edge,
                        });
                    }
                }
                if let Some(list) = &e.edges {
                    let edges = list
                        .iter()
                        .map(|n| edge_of(n, name))
                        .collect::<Result<Vec<_>, _>>()?;
                    x.edges =
                        Choices::of(&edges).ok_or(StaticsError::EdgesToDraw { side: name })?;
                    x.edge = edges[0];
                    x.squares = edges
                        .iter()
                        .fold(Bitboard::EMPTY, |b, e| b | e.board_squares());
                }
                if let Some(list) = &e.rounds {
                    x.rounds =
                        Choices::of(list).ok_or(StaticsError::RoundsToDraw { side: name })?;
                    x.round = list.iter().copied().min().unwrap_or(e.round);
                }
                x.drawn_in = match e.drawn_in {
                    Some(r) if (1..=x.round).contains(&r) => r,
                    Some(_) => return Err(StaticsError::DrawnLate { side: name }),
                    None => x.round,
                };
                entry.push(x);
            }
            let mut hold = Vec::new();
            for h in &info.holds {
                hold.push(Hold {
                    zone: bits_of(&h.squares, name)?,
                    vp: h.vp,
                    from: h.from,
                    until: h.until,
                    win_after: h.win_after,
                });
            }
            Ok(SideSetup {
                deployment: bits_of(&info.deployment, name)?,
                entry,
                exit: info.exit.as_deref().map(|e| edge_of(e, name)).transpose()?,
                vp: VpAwards {
                    shoot_kill: info.vp.shoot_kill,
                    fight_kill: info.vp.fight_kill,
                    counter: info.vp.counter,
                    counters_free: info.vp.counters_free,
                    exit: info.vp.exit,
                    objective: info.vp.objective,
                },
                vp_target: info.own_vp_target,
                hold,
                survive_to: info.survive_to,
            })
        };
        for (i, m) in models.iter().enumerate() {
            if m.start == Start::Enter {
                let entries = if m.side == Side::Humans {
                    &self.humans.entries
                } else {
                    &self.martians.entries
                };
                if usize::from(m.wave) >= entries.len() {
                    return Err(StaticsError::NoEntry { model: i + 1 });
                }
            }
        }
        let humans = side(&self.humans, "the humans")?;
        let martians = side(&self.martians, "the martians")?;
        let win_zones = [&humans, &martians]
            .iter()
            .flat_map(|s| &s.hold)
            .filter(|h| h.win_after.is_some())
            .count();
        if win_zones > MAX_WIN_ZONES {
            return Err(StaticsError::TooManyWinZones(win_zones));
        }
        let mut deploy_order = Vec::new();
        for d in &self.deploy_order {
            deploy_order.push(side_of_name(d, "deploy_order")?);
        }
        let c = &self.counters;
        Ok(Scenario {
            name: self.name.clone(),
            description: self.description.clone(),
            map: Arc::new(map),
            profiles,
            models,
            sides: BySide::new(humans, martians),
            first_turn: side_of_name(&self.first_turn, "first_turn")?,
            deploy_order,
            counters: CounterSetup {
                critters: c.critters,
                secrets: c.secrets,
                objectives: c.objectives,
                placed: c.placed,
                zone: c
                    .zone
                    .as_ref()
                    .map(|z| bits_of(z, "the counters' zone"))
                    .transpose()?,
            },
            vp_target: self.vp_target,
            round_limit: self.round_limit,
            deck: self.deck.to_deck()?,
            hand_size: self.hand_size,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sight_and_step_tables_are_the_maps() {
        let mut walls = Walls::default();
        walls.set(Square::new(2, 3).unwrap(), Edge::North, WallKind::High);
        let map = Map::new(walls, Bitboard::single(Square::new(5, 5).unwrap()));
        let b = BoardInfo::of(&map);
        assert_eq!(b.squares[0], "a1");
        assert_eq!(b.squares[63], "h8");
        for a in Square::all() {
            for t in Square::all() {
                assert_eq!(b.sight[a.index()][t.index()], los_number(map.los(a, t)));
            }
            let steps: Bitboard = b.steps[a.index()]
                .iter()
                .map(|i| Square::from_index(usize::from(*i)))
                .collect();
            assert_eq!(steps, map.step_targets(a));
        }
        // c4 north is high: no step from c4 to c5, and no one steps into the blocker f6.
        assert!(!b.steps[Square::new(2, 3).unwrap().index()].contains(&(2 + 4 * 8)));
        assert!(b.steps.iter().all(|s| !s.contains(&(5 + 5 * 8))));
    }

    #[test]
    fn an_entry_and_the_round_of_its_draw_rebuild_from_the_description() {
        let text = r#"name = "Waves"
first_turn = "humans"
[map]
walls = []
[humans]
models = [{ profile = "soldier", start = "d4" }]
[martians]
models = [{ profile = "martian", count = 2, start = "enter" },
          { profile = "martian", start = "enter", wave = 2 }]
entry = [{ edges = ["east", "west"], round = 4, announce = 2 },
         { squares = "a8-c8", rounds = [2, 3] }]
"#;
        let s = rules::scenario_file::parse_scenario("waves.toml", text)
            .unwrap()
            .scenario;
        let info = GameInfo::of(&s);
        let json = serde_json::to_string(&info).unwrap();
        // Only the announced entry says when its draw is made.
        assert_eq!(json.matches("\"drawn_in\":2").count(), 1, "{json}");
        assert_eq!(json.matches("drawn_in").count(), 1, "{json}");
        let back: GameInfo = serde_json::from_str(&json).unwrap();
        let rebuilt = back.to_scenario().unwrap();
        assert_eq!(
            rebuilt.sides[Side::Martians].entry,
            s.sides[Side::Martians].entry
        );
        assert_eq!(rebuilt.sides[Side::Martians].entry[0].drawn_in, 2);
        assert_eq!(rebuilt.sides[Side::Martians].entry[1].drawn_in, 2);
        // A draw after the entry's first Round is refused.
        let mut late = back.clone();
        late.martians.entries[0].drawn_in = Some(5);
        assert_eq!(
            late.to_scenario().unwrap_err(),
            StaticsError::DrawnLate {
                side: "the martians"
            }
        );
    }
}

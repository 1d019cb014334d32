//! The table as data (rulings T1-T4, and the physics and levels the program adds): the
//! die, the pieces and their values, the saucer tokens, the table, the layouts for 2, 3
//! and 4 players, the physical constants of a shot, the players' execution noise, and the
//! caps the rules need. A [`Layout`] is what a layout file holds ([`crate::layout_file`]
//! reads one); a [`Setup`] is a layout placed for one number of players: every target's
//! and every Base's point on the table, in millimetres.

use std::sync::Arc;

use ai::Level;

use crate::geometry::{Disc, Millimetres, Point};
use crate::pieces::{Icon, PieceKind, Points, Side, TargetId};

/// The most steps a shot may be simulated for (its time cap at its step rate).
pub const MAX_SHOT_STEPS: u32 = 20_000;

/// The fewest and the most players (T1).
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;

/// A table as a layout file gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub name: String,
    pub die: DieSpec,
    pub pieces: PieceSpecs,
    pub saucer: SaucerSpec,
    /// The targets in the box (T1), each named once.
    pub targets: Vec<TargetSpec>,
    pub table: TableSpec,
    /// One layout for each number of players (T4).
    pub layouts: Vec<PlayerLayout>,
    pub physics: PhysicsSpec,
    pub rules: RulesSpec,
    /// The execution noise of each level, easiest first ([`Level::ALL`]).
    pub levels: [NoiseSpec; 5],
}

/// The die (T1, T3).
#[derive(Clone, Debug, PartialEq)]
pub struct DieSpec {
    pub edge: Millimetres,
    pub mass_grams: f64,
    /// The icon on each face, in the order of the die's local axes +x, -x, +y, -y, +z, -z
    /// ([`crate::geometry::FACE_AXES`]).
    pub faces: [Icon; 6],
}

/// A target's three pieces (T2, T3), and how thick every piece and token is.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceSpecs {
    pub thickness: Millimetres,
    /// Outer ring, middle ring, centre disc ([`PieceKind::ALL`]).
    pub kinds: [PieceSpec; 3],
}

impl PieceSpecs {
    pub fn of(&self, kind: PieceKind) -> &PieceSpec {
        &self.kinds[kind.index()]
    }

    /// What `kind` scores, flipped or not (T2).
    pub fn value(&self, kind: PieceKind, flipped: bool) -> Points {
        let p = self.of(kind);
        if flipped { p.flipped } else { p.value }
    }
}

/// One kind of piece: how wide across, and what it scores picture side up and flipped.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceSpec {
    pub across: Millimetres,
    pub value: Points,
    pub flipped: Points,
}

/// A flying-saucer token (T3).
#[derive(Clone, Debug, PartialEq)]
pub struct SaucerSpec {
    pub across: Millimetres,
    /// The central space the die starts in.
    pub space: Millimetres,
}

/// A target in the box: its name and the icon of its picture side (T1).
#[derive(Clone, Debug, PartialEq)]
pub struct TargetSpec {
    pub name: String,
    pub icon: Icon,
}

/// The table and the distances between what stands on it (T3).
#[derive(Clone, Debug, PartialEq)]
pub struct TableSpec {
    /// East to west.
    pub length: Millimetres,
    /// South to north.
    pub width: Millimetres,
    /// Between neighbouring targets, edge to edge.
    pub spacing: Millimetres,
    /// From the table's centre to a Base, at most (T10).
    pub base_distance: Millimetres,
}

impl TableSpec {
    /// Whether `p` is on the table (its edge counts as on it).
    pub fn holds(&self, p: Point) -> bool {
        p.x.abs() <= self.length.0 / 2.0 && p.y.abs() <= self.width.0 / 2.0
    }
}

/// The layout for one number of players (T4).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerLayout {
    pub players: usize,
    /// Each seat's side, in seat order (T8: each to the left of the one before; T11).
    pub seats: Vec<Side>,
    /// The targets in use and where each stands.
    pub targets: Vec<PlacedSpec>,
}

/// A target in a layout: which one (its index in [`Layout::targets`]) and where, in
/// pitches from the table's centre (a pitch is an outer ring's width plus the spacing, so
/// neighbours one pitch apart stand the spacing apart edge to edge, T3; T11).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedSpec {
    pub target: usize,
    pub at: [f64; 2],
}

/// The die against a surface: friction and restitution between them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Surface {
    pub friction: f64,
    pub restitution: f64,
}

/// The physics of a shot (`docs/takedown.md`: the model and its units).
#[derive(Clone, Debug, PartialEq)]
pub struct PhysicsSpec {
    /// mm/s².
    pub gravity: f64,
    /// Fixed steps a simulated second.
    pub steps_per_second: u32,
    pub solver_iterations: u32,
    /// The die on the table.
    pub table: Surface,
    /// The die on a target piece or a saucer token.
    pub pieces: Surface,
    /// The die's speed at strength 0 and at strength 1, mm/s.
    pub flick_speed: [f64; 2],
    /// The die's tumble (forward roll) at spin 1, rad/s.
    pub tumble: f64,
    /// The most the die leans when it is put down in the saucer, degrees (drawn from the
    /// shot's seed).
    pub tilt_degrees: f64,
    /// The most it turns about the vertical as it is flicked, rad/s (from the seed).
    pub yaw_spin: f64,
    /// Below this speed (mm/s) and `rest_spin` (rad/s) for `rest_steps` steps, the die is
    /// at rest.
    pub rest_speed: f64,
    pub rest_spin: f64,
    pub rest_steps: u32,
    /// A shot is stopped after this many simulated seconds, the die where it is.
    pub max_seconds: f64,
}

impl PhysicsSpec {
    /// The die's speed at `strength` (0 to 1), mm/s.
    pub fn speed(&self, strength: f64) -> f64 {
        let [lo, hi] = self.flick_speed;
        lo + strength.clamp(0.0, 1.0) * (hi - lo)
    }
}

/// The caps the rules need to end (T12, T13).
#[derive(Clone, Debug, PartialEq)]
pub struct RulesSpec {
    /// Shots retaken in a Turn before the Turn passes (T12).
    pub max_retakes: u32,
    /// The least area (mm²) by which the die's footprint overlaps a piece for the die to
    /// be on it (T16).
    pub min_overlap: f64,
    /// Shots in a game before it stops where it stands (T13).
    pub max_shots: u32,
}

/// A level's execution noise: the standard deviations of a flick's direction (degrees)
/// and strength (0 to 1) as executed around the flick as aimed (T14).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NoiseSpec {
    pub direction_degrees: f64,
    pub strength: f64,
}

impl Layout {
    /// The noise of `level`.
    pub fn noise(&self, level: Level) -> NoiseSpec {
        let i = Level::ALL.iter().position(|&l| l == level).unwrap_or(0);
        self.levels[i]
    }

    /// The layout for `players`, if the file has one.
    pub fn layout_for(&self, players: usize) -> Option<&PlayerLayout> {
        self.layouts.iter().find(|l| l.players == players)
    }

    /// Centre to centre between neighbouring targets: an outer ring and the spacing.
    pub fn pitch(&self) -> f64 {
        self.pieces.of(PieceKind::Outer).across.0 + self.table.spacing.0
    }

    /// The saucer token's radius.
    pub fn saucer_radius(&self) -> f64 {
        self.saucer.across.0 / 2.0
    }

    /// Where a Base on `side` is (T3, T10): straight out from the table's centre toward the
    /// side, `base_distance` from the centre, or nearer where the table ends sooner, so
    /// that the saucer lies whole on the table against its edge.
    pub fn base(&self, side: Side) -> Point {
        let (dx, dy) = side.outward();
        let half = if dx != 0.0 {
            self.table.length.0 / 2.0
        } else {
            self.table.width.0 / 2.0
        };
        let r = (half - self.saucer_radius()).min(self.table.base_distance.0);
        Point::new(dx * r, dy * r)
    }
}

/// A target at a table: its id, name, icon and centre.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedTarget {
    pub id: TargetId,
    pub name: String,
    pub icon: Icon,
    pub centre: Point,
}

/// A seat at a table: its side and Base.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedSeat {
    pub side: Side,
    pub base: Point,
}

/// A layout placed for one number of players: what a game is played on.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub layout: Arc<Layout>,
    pub targets: Vec<PlacedTarget>,
    pub seats: Vec<PlacedSeat>,
}

/// A number of players a layout has no table for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("Ten-Minute Takedown is for 2 to 4 players, not {0} (T1)")]
    Players(usize),
    #[error("the layout \"{layout}\" has no table for {players} players")]
    NoLayout { layout: String, players: usize },
}

impl Setup {
    /// `layout` placed for `players`.
    pub fn new(layout: &Arc<Layout>, players: usize) -> Result<Setup, SetupError> {
        if !PLAYERS.contains(&players) {
            return Err(SetupError::Players(players));
        }
        let pl = layout
            .layout_for(players)
            .ok_or_else(|| SetupError::NoLayout {
                layout: layout.name.clone(),
                players,
            })?;
        let pitch = layout.pitch();
        let targets = pl
            .targets
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let spec = &layout.targets[t.target];
                PlacedTarget {
                    id: TargetId(i as u8),
                    name: spec.name.clone(),
                    icon: spec.icon,
                    centre: Point::new(t.at[0] * pitch, t.at[1] * pitch),
                }
            })
            .collect();
        let seats = pl
            .seats
            .iter()
            .map(|&side| PlacedSeat {
                side,
                base: layout.base(side),
            })
            .collect();
        Ok(Setup {
            layout: layout.clone(),
            targets,
            seats,
        })
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The target's disc seen from above with `top` its top piece (the piece's outer
    /// diameter across).
    pub fn target_disc(&self, id: TargetId, top: PieceKind) -> Disc {
        Disc {
            centre: self.targets[id.index()].centre,
            radius: self.layout.pieces.of(top).across.0 / 2.0,
        }
    }

    /// The target nearest the table's centre (T4), the first listed among equals.
    pub fn centre_target(&self) -> Option<TargetId> {
        let mut best: Option<&PlacedTarget> = None;
        for t in &self.targets {
            if best.is_none_or(|b| t.centre.length() < b.centre.length() - 1e-9) {
                best = Some(t);
            }
        }
        best.map(|t| t.id)
    }
}

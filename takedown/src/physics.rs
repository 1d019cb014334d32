//! The shot on rapier3d: the die a dynamic cube started at the centre of the shooter's
//! saucer and flicked, sliding and tumbling with friction over the table and the thin fixed
//! discs on it (the targets' top pieces and the saucer tokens) until it rests, or its centre
//! goes past the table's edge (T8), or the time cap comes.
//!
//! Units: the layout is in millimetres and the physics runs in metres (a 16 mm die is
//! 0.016 m), with rapier's length unit set to the die's edge so that its tolerances suit a
//! small body. Axes are the table's: x east, y north, z up, gravity down z. Every step is
//! the layout's fixed timestep, with `enhanced-determinism`, and a fresh world is built for
//! every shot: a shot is a pure function of the scene, the flick and the seed, the same to
//! the last bit on every run.

use std::f64::consts::{FRAC_PI_2, TAU};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rapier3d::prelude::{
    CoefficientCombineRule, ColliderBuilder, PhysicsWorld, RigidBodyBuilder, Vector,
};

use crate::geometry::{Disc, Point, Pose, Quat, face_up, up_face};
use crate::layout::{Layout, MAX_SHOT_STEPS, Surface};
use crate::shot::{Flick, Rest};

/// What stands on the table when a shot is taken: where the die starts (the centre of the
/// shooter's saucer, T5) and every fixed disc: the targets' top pieces and all the saucer
/// tokens, the shooter's included.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub start: Point,
    pub discs: Vec<Disc>,
}

/// How the die is put down in the saucer before a shot, drawn from the shot's seed (T15):
/// the face up, its turn about the vertical, a small lean, and a small turning rate about
/// the vertical as it is flicked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placing {
    pub rotation: Quat,
    pub yaw_spin: f64,
}

impl Placing {
    /// The placing a seed gives under `layout`'s physics.
    pub fn from_seed(layout: &Layout, seed: u64) -> Placing {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let face = rng.random_range(0..6usize);
        let yaw = rng.random_range(0.0..TAU);
        let lean_axis = rng.random_range(0.0..TAU);
        let p = &layout.physics;
        let lean = rng.random_range(0.0..=1.0) * p.tilt_degrees.to_radians();
        let yaw_spin = (rng.random_range(0.0..=1.0) * 2.0 - 1.0) * p.yaw_spin;
        let tilt = Quat::about([lean_axis.cos(), lean_axis.sin(), 0.0], lean);
        Placing {
            rotation: tilt.then_after(face_up(face, yaw)),
            yaw_spin,
        }
    }
}

/// Metres in a millimetre.
const M: f64 = 0.001;
/// How thick the table is in the physics (its top is at z = 0), m.
const TABLE_DEPTH: f32 = 0.02;
/// The gap under the die's lowest corner as it is put down, mm.
const DROP_GAP: f64 = 0.05;

/// The die's rest after `flick` from `scene` under `layout`'s physics, its placing drawn
/// from `seed`.
pub fn simulate(layout: &Layout, scene: &Scene, flick: Flick, seed: u64) -> Rest {
    simulate_placed(layout, scene, flick, Placing::from_seed(layout, seed))
}

/// [`simulate`] with the die's placing given.
pub fn simulate_placed(layout: &Layout, scene: &Scene, flick: Flick, placing: Placing) -> Rest {
    run(layout, scene, flick, placing, None)
}

/// A shot's path, for its animation: the die's pose every [`ShotPath::every`] simulated
/// steps from its start, the rest's own pose last.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotPath {
    /// Simulated steps between two poses.
    pub every: u32,
    /// Simulated seconds between two poses.
    pub interval: f64,
    /// The poses, the first where the die was put down, the last the rest's.
    pub poses: Vec<Pose>,
}

impl ShotPath {
    /// Simulated seconds from the first pose to the last.
    pub fn seconds(&self) -> f64 {
        self.interval * self.poses.len().saturating_sub(1) as f64
    }

    /// The pose at `t` simulated seconds, between the two poses around it (its centre
    /// interpolated, its rotation the nearer pose's); the last past the end.
    pub fn at(&self, t: f64) -> Option<Pose> {
        let last = self.poses.last()?;
        if !(t.is_finite() && t > 0.0) || self.interval <= 0.0 {
            return self.poses.first().copied();
        }
        let f = t / self.interval;
        let i = f.floor() as usize;
        if i + 1 >= self.poses.len() {
            return Some(*last);
        }
        let (a, b) = (self.poses[i], self.poses[i + 1]);
        let k = f - i as f64;
        let mut centre = [0.0; 3];
        for (c, (x, y)) in centre.iter_mut().zip(a.centre.iter().zip(b.centre)) {
            *c = x + (y - x) * k;
        }
        Some(Pose {
            centre,
            rotation: if k < 0.5 { a.rotation } else { b.rotation },
        })
    }
}

/// [`simulate`] with the die's path: its pose every `every` steps (at least 1) as well as
/// its rest, which is [`simulate`]'s to the last bit.
pub fn simulate_path(
    layout: &Layout,
    scene: &Scene,
    flick: Flick,
    seed: u64,
    every: u32,
) -> (Rest, ShotPath) {
    let every = every.max(1);
    let mut poses = Vec::new();
    let rest = run(
        layout,
        scene,
        flick,
        Placing::from_seed(layout, seed),
        Some((every, &mut poses)),
    );
    if poses.last() != Some(&rest.pose) {
        poses.push(rest.pose);
    }
    let interval = f64::from(every) / f64::from(layout.physics.steps_per_second.max(1));
    (
        rest,
        ShotPath {
            every,
            interval,
            poses,
        },
    )
}

/// The shot, the die's pose pushed onto `path`'s list every so many steps when asked.
fn run(
    layout: &Layout,
    scene: &Scene,
    flick: Flick,
    placing: Placing,
    mut path: Option<(u32, &mut Vec<Pose>)>,
) -> Rest {
    let p = &layout.physics;
    let edge = layout.die.edge.0;
    let thickness = layout.pieces.thickness.0;
    let mut world = PhysicsWorld::new();
    world.gravity = Vector::new(0.0, 0.0, -(p.gravity * M) as f32);
    let ip = &mut world.integration_parameters;
    ip.dt = 1.0 / p.steps_per_second.max(1) as f32;
    ip.length_unit = (edge * M) as f32;
    ip.num_solver_iterations = p.solver_iterations.max(1) as usize;

    let surface = |b: ColliderBuilder, s: Surface| {
        b.friction(s.friction as f32)
            .restitution(s.restitution as f32)
    };
    let (hx, hy) = (
        layout.table.length.0 / 2.0 * M,
        layout.table.width.0 / 2.0 * M,
    );
    world.insert(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, 0.0, -TABLE_DEPTH / 2.0)),
        surface(
            ColliderBuilder::cuboid(hx as f32, hy as f32, TABLE_DEPTH / 2.0),
            p.table,
        ),
    );
    for d in &scene.discs {
        // A cylinder's axis is its local y: turned a right angle about x, it stands on z.
        world.insert(
            RigidBodyBuilder::fixed()
                .translation(Vector::new(
                    (d.centre.x * M) as f32,
                    (d.centre.y * M) as f32,
                    (thickness / 2.0 * M) as f32,
                ))
                .rotation(Vector::new(FRAC_PI_2 as f32, 0.0, 0.0)),
            surface(
                ColliderBuilder::cylinder((thickness / 2.0 * M) as f32, (d.radius * M) as f32),
                p.pieces,
            ),
        );
    }

    // The die on the shooter's saucer: its lowest corner just above the token.
    let rot = placing.rotation;
    let h = edge / 2.0;
    let mut lowest = f64::INFINITY;
    for sx in [-h, h] {
        for sy in [-h, h] {
            for sz in [-h, h] {
                lowest = lowest.min(rot.rotate([sx, sy, sz])[2]);
            }
        }
    }
    let z = thickness - lowest + DROP_GAP;
    let speed = p.speed(flick.strength) * M;
    let (c, s) = (flick.direction.cos(), flick.direction.sin());
    let roll = flick.spin * p.tumble;
    let die = RigidBodyBuilder::dynamic()
        .translation(Vector::new(
            (scene.start.x * M) as f32,
            (scene.start.y * M) as f32,
            (z * M) as f32,
        ))
        .rotation(axis_angle(rot))
        .linvel(Vector::new((speed * c) as f32, (speed * s) as f32, 0.0))
        // Forward roll is about (up x direction).
        .angvel(Vector::new(
            (-roll * s) as f32,
            (roll * c) as f32,
            placing.yaw_spin as f32,
        ))
        .can_sleep(false)
        .ccd_enabled(true);
    let volume = (edge * M).powi(3);
    let (die, _) = world.insert(
        die,
        ColliderBuilder::cuboid((h * M) as f32, (h * M) as f32, (h * M) as f32)
            .density((layout.die.mass_grams * 0.001 / volume) as f32)
            // The die takes the surface's coefficients: the larger of its 0 and theirs.
            .friction(0.0)
            .friction_combine_rule(CoefficientCombineRule::Max)
            .restitution(0.0)
            .restitution_combine_rule(CoefficientCombineRule::Max),
    );

    let max_steps = (p.max_seconds * f64::from(p.steps_per_second))
        .ceil()
        .min(f64::from(MAX_SHOT_STEPS)) as u32;
    let rest_speed = (p.rest_speed * M) as f32;
    let rest_spin = p.rest_spin as f32;
    let (hx, hy) = (hx as f32, hy as f32);
    let mut still = 0;
    let mut steps = 0;
    let mut left_table = false;
    if let Some((_, poses)) = &mut path {
        poses.push(pose_of(&world.bodies[die]));
    }
    while steps < max_steps {
        world.step();
        steps += 1;
        let body = &world.bodies[die];
        if let Some((every, poses)) = &mut path
            && steps % *every == 0
        {
            poses.push(pose_of(body));
        }
        let t = body.translation();
        // T8, T18: once its centre is past the edge, the die is off the table (it falls).
        if t.x.abs() > hx || t.y.abs() > hy {
            left_table = true;
            break;
        }
        if body.linvel().length() < rest_speed && body.angvel().length() < rest_spin {
            still += 1;
            if still >= p.rest_steps {
                break;
            }
        } else {
            still = 0;
        }
    }
    // T18: a die still moving at the time cap rests where it is.
    let pose = pose_of(&world.bodies[die]);
    Rest {
        pose,
        face: up_face(pose.rotation),
        left_table,
        steps,
    }
}

/// The die's pose as the physics has it, in millimetres.
fn pose_of(body: &rapier3d::prelude::RigidBody) -> Pose {
    let t = body.translation();
    let q = body.rotation();
    Pose {
        centre: [f64::from(t.x) / M, f64::from(t.y) / M, f64::from(t.z) / M],
        rotation: Quat {
            x: f64::from(q.x),
            y: f64::from(q.y),
            z: f64::from(q.z),
            w: f64::from(q.w),
        },
    }
}

/// A rotation as rapier's builder takes it: an axis scaled by the angle.
fn axis_angle(q: Quat) -> Vector {
    let q = if q.w < 0.0 {
        Quat {
            x: -q.x,
            y: -q.y,
            z: -q.z,
            w: -q.w,
        }
    } else {
        q
    };
    let s = (1.0 - q.w * q.w).max(0.0).sqrt();
    if s < 1e-12 {
        return Vector::new(0.0, 0.0, 0.0);
    }
    let angle = 2.0 * q.w.clamp(-1.0, 1.0).acos();
    Vector::new(
        (q.x / s * angle) as f32,
        (q.y / s * angle) as f32,
        (q.z / s * angle) as f32,
    )
}

#[cfg(test)]
mod tests;

//! The table's geometry in millimetres: points on the table (x east along its length, y
//! north across it, z up, the origin at its centre), the die's pose, its footprint (the
//! outline of the die seen from above, T6) and the exact area by which a footprint overlaps
//! a disc, and the discs a saucer must keep clear of (T7).

use std::f64::consts::PI;
use std::fmt;

/// A length in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Default)]
pub struct Millimetres(pub f64);

impl Millimetres {
    pub fn get(self) -> f64 {
        self.0
    }
}

impl fmt::Display for Millimetres {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} mm", trim(self.0))
    }
}

/// A number written with at most one decimal, without a trailing `.0`.
pub fn trim(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").unwrap_or(&s).to_string()
}

/// A point on the table, in millimetres from its centre (x east, y north).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const ORIGIN: Point = Point { x: 0.0, y: 0.0 };

    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    pub fn distance(self, other: Point) -> f64 {
        (self - other).length()
    }

    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    pub fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The z component of the cross product.
    pub fn cross(self, other: Point) -> f64 {
        self.x * other.y - self.y * other.x
    }

    pub fn scale(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }

    /// The direction from `self` to `other`, in radians counter-clockwise from east.
    pub fn bearing_to(self, other: Point) -> f64 {
        (other.y - self.y).atan2(other.x - self.x)
    }

    /// The unit vector at `angle` radians counter-clockwise from east.
    pub fn unit(angle: f64) -> Point {
        Point::new(angle.cos(), angle.sin())
    }
}

impl std::ops::Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", trim(self.x), trim(self.y))
    }
}

/// A disc lying flat on the table: a target's top piece or a saucer token, seen from above.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disc {
    pub centre: Point,
    pub radius: f64,
}

impl Disc {
    /// Whether two discs overlap (touching is not overlapping).
    pub fn overlaps(&self, other: &Disc) -> bool {
        self.centre.distance(other.centre) < self.radius + other.radius - OVERLAP_EPSILON
    }
}

/// Discs closer than their radii by less than this (in mm) only touch: the rounding of a
/// computed placement is not an overlap.
pub const OVERLAP_EPSILON: f64 = 1e-6;

/// A rotation as a unit quaternion (x, y, z, w), in the table's frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quat {
    pub x: f64,
    pub y: f64,
    pub z: f64,
    pub w: f64,
}

impl Quat {
    pub const IDENTITY: Quat = Quat {
        x: 0.0,
        y: 0.0,
        z: 0.0,
        w: 1.0,
    };

    /// The rotation of `angle` radians about the unit `axis`.
    pub fn about(axis: [f64; 3], angle: f64) -> Quat {
        let (s, c) = (angle / 2.0).sin_cos();
        Quat {
            x: axis[0] * s,
            y: axis[1] * s,
            z: axis[2] * s,
            w: c,
        }
    }

    /// The rotation `self * other`: `other` applied first, then `self`.
    pub fn then_after(self, o: Quat) -> Quat {
        Quat {
            w: self.w * o.w - self.x * o.x - self.y * o.y - self.z * o.z,
            x: self.w * o.x + self.x * o.w + self.y * o.z - self.z * o.y,
            y: self.w * o.y - self.x * o.z + self.y * o.w + self.z * o.x,
            z: self.w * o.z + self.x * o.y - self.y * o.x + self.z * o.w,
        }
    }

    pub fn conjugate(self) -> Quat {
        Quat {
            x: -self.x,
            y: -self.y,
            z: -self.z,
            w: self.w,
        }
    }

    /// `v` rotated.
    pub fn rotate(self, v: [f64; 3]) -> [f64; 3] {
        let q = [self.x, self.y, self.z];
        // v + 2w (q x v) + 2 q x (q x v)
        let t = cross3(q, v).map(|c| 2.0 * c);
        let u = cross3(q, t);
        [
            v[0] + self.w * t[0] + u[0],
            v[1] + self.w * t[1] + u[1],
            v[2] + self.w * t[2] + u[2],
        ]
    }
}

fn cross3(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The die's local axes, in the order of the die's faces in a layout file: +x, -x, +y, -y,
/// +z, -z.
pub const FACE_AXES: [[f64; 3]; 6] = [
    [1.0, 0.0, 0.0],
    [-1.0, 0.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, -1.0, 0.0],
    [0.0, 0.0, 1.0],
    [0.0, 0.0, -1.0],
];

/// The index (into [`FACE_AXES`]) of the die's face that points up most under `rotation`:
/// the local axis most aligned with the world's up (T5: its icon is the die's).
pub fn up_face(rotation: Quat) -> usize {
    // The world's up seen in the die's frame: its largest component names the face.
    let up = rotation.conjugate().rotate([0.0, 0.0, 1.0]);
    let mut best = 0;
    for (i, axis) in FACE_AXES.iter().enumerate() {
        let d = axis[0] * up[0] + axis[1] * up[1] + axis[2] * up[2];
        let b = FACE_AXES[best];
        if d > b[0] * up[0] + b[1] * up[1] + b[2] * up[2] {
            best = i;
        }
    }
    best
}

/// The rotation that turns the die's face `face` (an index into [`FACE_AXES`]) up and then
/// turns the die `yaw` radians about the vertical.
pub fn face_up(face: usize, yaw: f64) -> Quat {
    let [x, y, z] = FACE_AXES[face % 6];
    // Rotate the local axis onto +z: about (axis x z), by the angle between them.
    let to_up = if z > 0.5 {
        Quat::IDENTITY
    } else if z < -0.5 {
        Quat::about([1.0, 0.0, 0.0], PI)
    } else {
        // axis x up = (y, -x, 0), normalised; the angle is a right angle.
        Quat::about([y, -x, 0.0], PI / 2.0)
    };
    Quat::about([0.0, 0.0, 1.0], yaw).then_after(to_up)
}

/// The die's pose: its centre (mm, z up from the table's top) and its rotation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub centre: [f64; 3],
    pub rotation: Quat,
}

impl Pose {
    /// The centre seen from above.
    pub fn at(&self) -> Point {
        Point::new(self.centre[0], self.centre[1])
    }

    /// The die's outline seen from above, for a die of edge `edge`: the convex hull of its
    /// eight corners projected on the table, counter-clockwise (a rotated square for a die
    /// lying flat, a hexagon for one leaning).
    pub fn footprint(&self, edge: f64) -> Vec<Point> {
        let h = edge / 2.0;
        let mut corners = Vec::with_capacity(8);
        for sx in [-h, h] {
            for sy in [-h, h] {
                for sz in [-h, h] {
                    let p = self.rotation.rotate([sx, sy, sz]);
                    corners.push(Point::new(self.centre[0] + p[0], self.centre[1] + p[1]));
                }
            }
        }
        convex_hull(corners)
    }
}

/// The convex hull of `points`, counter-clockwise, without repeated or collinear points
/// (Andrew's monotone chain).
pub fn convex_hull(mut points: Vec<Point>) -> Vec<Point> {
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    points.dedup_by(|a, b| (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9);
    if points.len() < 3 {
        return points;
    }
    let turn = |o: Point, a: Point, b: Point| (a - o).cross(b - o);
    let mut hull: Vec<Point> = Vec::with_capacity(points.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &Point>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 1e-12
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// Areas (mm²) under this are rounding: no overlap.
pub const AREA_ROUNDING: f64 = 1e-9;

/// The area (mm²) of a convex polygon (counter-clockwise) that lies inside `disc`, exactly:
/// the sum over the polygon's edges of the signed area of the triangle (disc centre, edge)
/// inside the circle.
pub fn overlap_area(polygon: &[Point], disc: &Disc) -> f64 {
    if polygon.len() < 3 {
        return 0.0;
    }
    let mut area = 0.0;
    for i in 0..polygon.len() {
        let a = polygon[i] - disc.centre;
        let b = polygon[(i + 1) % polygon.len()] - disc.centre;
        area += triangle_in_circle(a, b, disc.radius);
    }
    // A polygon clear of the disc sums its sectors to nothing but rounding.
    let area = area.abs();
    if area < AREA_ROUNDING { 0.0 } else { area }
}

/// The signed area of the triangle (origin, a, b) inside the circle of `r` about the origin.
fn triangle_in_circle(a: Point, b: Point, r: f64) -> f64 {
    // The line a + t (b - a) is inside the circle for t strictly between its two crossings;
    // the edge's piece in there counts as a triangle from the origin, its pieces outside as
    // sectors of the circle. An edge that only touches the circle is outside it.
    let d = b - a;
    let (qa, qb, qc) = (d.dot(d), 2.0 * a.dot(d), a.dot(a) - r * r);
    let (t1, t2) = if qa > 0.0 && qb * qb - 4.0 * qa * qc > 0.0 {
        let s = (qb * qb - 4.0 * qa * qc).sqrt();
        (
            ((-qb - s) / (2.0 * qa)).clamp(0.0, 1.0),
            ((-qb + s) / (2.0 * qa)).clamp(0.0, 1.0),
        )
    } else {
        (1.0, 1.0)
    };
    let at = |t: f64| a + d.scale(t);
    let sector = |p: Point, q: Point| r * r * p.cross(q).atan2(p.dot(q)) / 2.0;
    let (p1, p2) = (at(t1), at(t2));
    sector(a, p1) + p1.cross(p2) / 2.0 + sector(p2, b)
}

/// The first point on the way from `from` straight to `to` at which a disc of `radius`
/// overlaps none of `obstacles` (T7), or `None` when every point on the way overlaps one.
pub fn first_clear(from: Point, to: Point, radius: f64, obstacles: &[Disc]) -> Option<Point> {
    let me = |at: Point| Disc { centre: at, radius };
    let length = from.distance(to);
    if length < 1e-12 {
        return (!obstacles.iter().any(|o| me(from).overlaps(o))).then_some(from);
    }
    let u = (to - from).scale(1.0 / length);
    // Each obstacle is overlapped on an open stretch (t1, t2) of the way; walk past every
    // stretch the walk is in until it is in none.
    let stretches: Vec<(f64, f64)> = obstacles
        .iter()
        .filter_map(|o| {
            let reach = radius + o.radius - OVERLAP_EPSILON;
            let w = from - o.centre;
            let b = u.dot(w);
            let c = w.dot(w) - reach * reach;
            let disc = b * b - c;
            (disc > 0.0).then(|| (-b - disc.sqrt(), -b + disc.sqrt()))
        })
        .collect();
    let mut t = 0.0;
    while let Some(&(_, t2)) = stretches.iter().find(|(t1, t2)| *t1 < t && t < *t2) {
        t = t2 + 2.0 * OVERLAP_EPSILON;
        if t > length {
            return None;
        }
    }
    let at = from + u.scale(t);
    (!obstacles.iter().any(|o| me(at).overlaps(o))).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(c: Point, edge: f64, yaw: f64) -> Vec<Point> {
        Pose {
            centre: [c.x, c.y, edge / 2.0],
            rotation: face_up(4, yaw),
        }
        .footprint(edge)
    }

    /// The area of `polygon` inside `disc` by counting a fine grid of points.
    fn sampled(polygon: &[Point], disc: &Disc) -> f64 {
        let (lo, hi) = (-60.0, 60.0);
        let n = 1200;
        let step = (hi - lo) / n as f64;
        let mut count = 0;
        for i in 0..n {
            for j in 0..n {
                let p = Point::new(lo + (i as f64 + 0.5) * step, lo + (j as f64 + 0.5) * step);
                let inside_poly = (0..polygon.len()).all(|k| {
                    let a = polygon[k];
                    let b = polygon[(k + 1) % polygon.len()];
                    (b - a).cross(p - a) >= 0.0
                });
                if inside_poly && p.distance(disc.centre) <= disc.radius {
                    count += 1;
                }
            }
        }
        count as f64 * step * step
    }

    #[test]
    fn a_flat_die_has_a_square_footprint_of_its_edge() {
        let f = square(Point::new(10.0, 5.0), 16.0, 0.3);
        assert_eq!(f.len(), 4);
        let area = overlap_area(
            &f,
            &Disc {
                centre: Point::new(10.0, 5.0),
                radius: 100.0,
            },
        );
        assert!((area - 256.0).abs() < 1e-9, "{area}");
        // Each corner is half the diagonal from the centre.
        for p in &f {
            assert!((p.distance(Point::new(10.0, 5.0)) - 8.0 * 2f64.sqrt()).abs() < 1e-9);
        }
    }

    #[test]
    fn the_overlap_area_is_exact_against_fine_sampling() {
        let disc = Disc {
            centre: Point::ORIGIN,
            radius: 15.0,
        };
        for (x, y, yaw) in [
            (0.0, 0.0, 0.0),
            (14.0, 3.0, 0.4),
            (20.0, 0.0, 0.78),
            (-9.0, -12.0, 1.1),
            (30.0, 30.0, 0.0),
        ] {
            let f = square(Point::new(x, y), 16.0, yaw);
            let exact = overlap_area(&f, &disc);
            let s = sampled(&f, &disc);
            assert!(
                (exact - s).abs() < 0.5,
                "at ({x}, {y}) yaw {yaw}: exact {exact}, sampled {s}"
            );
        }
        // The die wholly inside: its whole area; wholly outside: none.
        assert!((overlap_area(&square(Point::ORIGIN, 16.0, 0.2), &disc) - 256.0).abs() < 1e-9);
        assert_eq!(
            overlap_area(&square(Point::new(40.0, 0.0), 16.0, 0.2), &disc),
            0.0
        );
        // Touching only: no area (the square's edge is tangent to the circle).
        assert_eq!(
            overlap_area(&square(Point::new(0.0, 23.0), 16.0, 0.0), &disc),
            0.0
        );
        // A disc inside the die: the disc's whole area.
        let small = Disc {
            centre: Point::new(1.0, 1.0),
            radius: 3.0,
        };
        assert!((overlap_area(&square(Point::ORIGIN, 16.0, 0.0), &small) - PI * 9.0).abs() < 1e-9);
    }

    #[test]
    fn the_up_face_is_the_axis_most_aligned_with_up() {
        for face in 0..6 {
            for yaw in [0.0, 0.7, 2.0, -1.3] {
                assert_eq!(up_face(face_up(face, yaw)), face, "face {face} yaw {yaw}");
            }
            // A small lean keeps the face.
            let lean = Quat::about([1.0, 0.0, 0.0], 0.3).then_after(face_up(face, 0.5));
            assert_eq!(up_face(lean), face);
        }
    }

    #[test]
    fn a_leaning_die_has_a_wider_footprint() {
        let pose = Pose {
            centre: [0.0, 0.0, 10.0],
            rotation: Quat::about([1.0, 0.0, 0.0], PI / 4.0),
        };
        let f = pose.footprint(16.0);
        let area = overlap_area(
            &f,
            &Disc {
                centre: Point::ORIGIN,
                radius: 100.0,
            },
        );
        // 16 wide by 16 * sqrt(2) deep.
        assert!((area - 256.0 * 2f64.sqrt()).abs() < 1e-6, "{area}");
    }

    #[test]
    fn a_saucer_is_pulled_toward_its_base_until_clear() {
        let obstacle = Disc {
            centre: Point::ORIGIN,
            radius: 45.0,
        };
        // Centred on the target, pulled south toward a Base at (0, -360): clear once its
        // centre is 45 + 40 from the target's.
        let at = first_clear(Point::ORIGIN, Point::new(0.0, -360.0), 40.0, &[obstacle]).unwrap();
        assert!((at.y + 85.0).abs() < 1e-5 && at.x.abs() < 1e-9, "{at}");
        // Already clear: stays.
        let p = Point::new(0.0, -200.0);
        assert_eq!(
            first_clear(p, Point::new(0.0, -360.0), 40.0, &[obstacle]),
            Some(p)
        );
        // Two obstacles in a row: past both.
        let second = Disc {
            centre: Point::new(0.0, -120.0),
            radius: 40.0,
        };
        let at = first_clear(
            Point::ORIGIN,
            Point::new(0.0, -360.0),
            40.0,
            &[obstacle, second],
        )
        .unwrap();
        assert!((at.y + 200.0).abs() < 1e-5, "{at}");
        // The way blocked to its end.
        let base_blocked = Disc {
            centre: Point::new(0.0, -100.0),
            radius: 200.0,
        };
        assert_eq!(
            first_clear(
                Point::ORIGIN,
                Point::new(0.0, -120.0),
                40.0,
                &[base_blocked]
            ),
            None
        );
    }
}

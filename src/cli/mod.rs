//! The `mars-attacks` command line.

pub fn main() -> i32 {
    0
}

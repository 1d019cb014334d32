//! Network play over loopback: a host on 127.0.0.1 and tables joined to it, playing
//! whole seeded games, dropping and rejoining, a host restarted from its save, hostile
//! clients, and the check that nothing hidden leaves the host.

mod common;
mod hostile;
mod leak;
mod play;
mod rejoin;
mod resume;
mod undo;

//! Puzzles: to be written.

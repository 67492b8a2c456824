//! Lessons: to be written.

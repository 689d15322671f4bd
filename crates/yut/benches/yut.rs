//! Benchmarks of the yut optimiser (filled in below).
fn main() {}

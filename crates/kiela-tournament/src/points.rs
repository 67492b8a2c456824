use std::fmt;
use std::ops::{Add, AddAssign};

/// A score or tie-break value, exact: counted in quarter points, because
/// Sonneborn–Berger multiplies a draw's ½ by an opponent's half points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(u32);

impl Points {
    pub const ZERO: Points = Points(0);
    pub const HALF: Points = Points(2);
    pub const ONE: Points = Points(4);

    pub const fn from_quarters(quarters: u32) -> Points {
        Points(quarters)
    }

    /// `halves` half points, e.g. `from_halves(7)` is 3½.
    pub const fn from_halves(halves: u32) -> Points {
        Points(2 * halves)
    }

    pub const fn quarters(self) -> u32 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 4.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

/// "3", "3½", "3¼", "3¾"; "½" rather than "0½".
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.0 / 4, ["", "¼", "½", "¾"][(self.0 % 4) as usize]);
        if whole == 0 && !frac.is_empty() {
            write!(f, "{frac}")
        } else {
            write!(f, "{whole}{frac}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_fractions() {
        assert_eq!(Points::from_halves(7).to_string(), "3½");
        assert_eq!(Points::HALF.to_string(), "½");
        assert_eq!(Points::ZERO.to_string(), "0");
        assert_eq!(Points::from_quarters(13).to_string(), "3¼");
        assert_eq!(Points::from_quarters(3).to_string(), "¾");
        assert_eq!(Points::from_quarters(10).as_f64(), 2.5);
    }
}

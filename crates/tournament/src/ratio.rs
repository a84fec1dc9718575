//! Exact fractions for tie-breakers: two players with the same opponents' percentage must compare
//! equal, which floating point cannot promise.

use std::cmp::Ordering;

/// A non-negative fraction kept in lowest terms. In JSON it is written as a decimal number
/// (e.g. `0.665`); read back, it becomes the nearest billionth (exports are informative, the store
/// recomputes standings from results).
#[derive(Debug, Clone, Copy)]
pub struct Ratio {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The denominator of the fallback when exact fractions would overflow.
const APPROX_DEN: u128 = 1_000_000_000_000_000;

impl Ratio {
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };

    /// `num / den`; a zero denominator gives zero (no matches played means no percentage).
    pub fn new(num: u128, den: u128) -> Ratio {
        if den == 0 || num == 0 {
            return Ratio::ZERO;
        }
        let g = gcd(num, den);
        Ratio {
            num: num / g,
            den: den / g,
        }
    }

    /// Exact while it fits in 128 bits (always, for events of up to 20 rounds); beyond that
    /// (a round robin of hundreds of rounds has huge common denominators) it falls back to
    /// 15 decimal places, deterministic and never overflowing.
    pub fn plus(self, other: Ratio) -> Ratio {
        let exact = (|| {
            let n = self
                .num
                .checked_mul(other.den)?
                .checked_add(other.num.checked_mul(self.den)?)?;
            Some(Ratio::new(n, self.den.checked_mul(other.den)?))
        })();
        exact
            .unwrap_or_else(|| Ratio::new(self.scaled().saturating_add(other.scaled()), APPROX_DEN))
    }

    pub fn div_int(self, k: u128) -> Ratio {
        match self.den.checked_mul(k) {
            Some(den) => Ratio::new(self.num, den),
            None => Ratio::new(self.scaled(), APPROX_DEN.saturating_mul(k)),
        }
    }

    /// The numerator over [`APPROX_DEN`] (not reduced: the caller divides by `APPROX_DEN`).
    fn scaled(self) -> u128 {
        (self.to_f64() * APPROX_DEN as f64).round() as u128
    }

    pub fn max(self, other: Ratio) -> Ratio {
        if self >= other {
            self
        } else {
            other
        }
    }

    /// For display: e.g. `0.6667`.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl serde::Serialize for Ratio {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.to_f64())
    }
}

impl<'de> serde::Deserialize<'de> for Ratio {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let x = f64::deserialize(d)?;
        if !(0.0..=1.0e6).contains(&x) {
            return Err(serde::de::Error::custom(format!(
                "{x} is not a valid percentage"
            )));
        }
        Ok(Ratio::new((x * 1e9).round() as u128, 1_000_000_000))
    }
}

impl PartialEq for Ratio {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Ratio {}
impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> Ordering {
        match (
            self.num.checked_mul(other.den),
            other.num.checked_mul(self.den),
        ) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => self
                .to_f64()
                .partial_cmp(&other.to_f64())
                .unwrap_or(Ordering::Equal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Ratio;

    #[test]
    fn equal_fractions_compare_equal_and_sums_are_exact() {
        assert_eq!(Ratio::new(2, 6), Ratio::new(1, 3));
        let third = Ratio::new(1, 3);
        assert_eq!(third.plus(third).plus(third), Ratio::new(1, 1));
        assert!(Ratio::new(33, 100) < Ratio::new(1, 3));
        assert_eq!(Ratio::new(5, 0), Ratio::ZERO);
        assert_eq!(Ratio::new(3, 4).div_int(3), Ratio::new(1, 4));
    }

    #[test]
    fn sums_too_large_for_exact_fractions_fall_back_without_overflow() {
        // 1/3 + 1/6 + … + 1/3000: common denominators far beyond 128 bits
        let mut sum = Ratio::ZERO;
        let mut expected = 0.0;
        for n in 1..=1000u128 {
            sum = sum.plus(Ratio::new(n % 7 + 1, 3 * n));
            expected += ((n % 7 + 1) as f64) / ((3 * n) as f64);
        }
        assert!(
            (sum.to_f64() - expected).abs() < 1e-9,
            "{} vs {expected}",
            sum.to_f64()
        );
        let avg = sum.div_int(1000);
        assert!((avg.to_f64() - expected / 1000.0).abs() < 1e-9);
        assert!(avg < sum);
    }
}

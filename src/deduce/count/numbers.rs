//! The numbers a count runs on: binomials with their exact divisions, and the whole numbers
//! (u64 or u128) pass 2 adds up in.

/// Binomial coefficients up to 36, with what an exact division by each needs: a division is
/// the costliest step of the forward pass, and a number known to be a multiple of d divides
/// as a shift and a multiply by the inverse of d's odd part modulo 2^64.
pub(super) struct Binomials {
    pub(super) c: Vec<u64>,
    pub(super) shift: Vec<u32>,
    pub(super) inverse: Vec<u64>,
    /// For each odd n ≤ 36, its inverse modulo 2^128.
    pub(super) wide: Vec<u128>,
}

impl Binomials {
    pub(super) fn new() -> Binomials {
        let mut c = vec![0u64; 37 * 37];
        for n in 0..=36 {
            c[n * 37] = 1;
            for k in 1..=n {
                c[n * 37 + k] = c[(n - 1) * 37 + k - 1] + c[(n - 1) * 37 + k];
            }
        }
        let shift: Vec<u32> = c.iter().map(|&v| v.trailing_zeros() % 64).collect();
        let inverse = c
            .iter()
            .zip(&shift)
            .map(|(&v, &z)| {
                let odd = (v >> z) | 1;
                // Newton's iteration doubles the correct low bits each time: 3 → 96.
                let mut x = odd;
                for _ in 0..5 {
                    x = x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x)));
                }
                x
            })
            .collect();
        let wide = (0..=36u128)
            .map(|n| {
                let odd = n | 1;
                let mut x = odd;
                for _ in 0..6 {
                    x = x.wrapping_mul(2u128.wrapping_sub(odd.wrapping_mul(x)));
                }
                x
            })
            .collect();
        Binomials {
            c,
            shift,
            inverse,
            wide,
        }
    }

    /// C(n, k) for 0 ≤ k ≤ n ≤ 36.
    pub(super) fn at(&self, n: u8, k: u8) -> u64 {
        self.c[n as usize * 37 + k as usize]
    }

    /// `w / C(n, k)` for a multiple `w` of C(n, k), 0 ≤ k ≤ n ≤ 36.
    pub(super) fn divide(&self, w: u64, n: u8, k: u8) -> u64 {
        let i = n as usize * 37 + k as usize;
        (w >> self.shift[i]).wrapping_mul(self.inverse[i])
    }

    /// `w / n` for a multiple `w` of n, 1 ≤ n ≤ 36.
    pub(super) fn divide_wide(&self, w: u128, n: u8) -> u128 {
        let z = n.trailing_zeros();
        (w >> z).wrapping_mul(self.wide[(n >> z) as usize])
    }
}

/// The whole numbers pass 2 runs in: u64 when the deals are few enough, else u128.
pub(super) trait Number:
    Send
    + Sync
    + Copy
    + Default
    + Eq
    + std::ops::Add<Output = Self>
    + std::ops::AddAssign
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
{
    /// A value known to fit.
    fn of(v: u128) -> Self;
    fn wide(self) -> u128;
    /// `self / n` for a multiple of n, 1 ≤ n ≤ 36.
    fn exact_div(self, n: u8, binom: &Binomials) -> Self;
}

impl Number for u64 {
    fn of(v: u128) -> u64 {
        v as u64
    }
    fn wide(self) -> u128 {
        self as u128
    }
    fn exact_div(self, n: u8, binom: &Binomials) -> u64 {
        binom.divide(self, n, 1)
    }
}

impl Number for u128 {
    fn of(v: u128) -> u128 {
        v
    }
    fn wide(self) -> u128 {
        self
    }
    fn exact_div(self, n: u8, binom: &Binomials) -> u128 {
        binom.divide_wide(self, n)
    }
}

#[cfg(test)]
mod tests {
    use super::Binomials;

    #[test]
    fn exact_division_by_every_binomial() {
        let b = Binomials::new();
        for n in 0..=36u8 {
            for k in 0..=n {
                for m in [1u64, 2, 3, 7, 64, 1000, 12345] {
                    let w = b.at(n, k) * m;
                    assert_eq!(b.divide(w, n, k), m, "C({n}, {k}) × {m}");
                }
            }
            if n > 0 {
                for m in [1u128, 5, 1 << 70, 3 << 100] {
                    assert_eq!(b.divide_wide(m * n as u128, n), m, "{n} × {m}");
                }
            }
        }
    }
}

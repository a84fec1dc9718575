//! Growing lockouts for clients that send wrong codes. A few mistakes are free (a player
//! mistyping their code); after that each wrong code locks the client out for twice as long as
//! the last time, up to a ceiling. A right code does not clear the count (else one real code
//! would reset a guesser between tries); the count is forgotten after a quiet spell.
//!
//! Written here rather than taken from a rate-limit crate: those (governor, tower_governor)
//! limit the rate of all requests by a token bucket, while what matters here is counting
//! failures and backing off per client, which is this small table.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How lockouts grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockoutPolicy {
    /// Wrong codes allowed before the first lockout.
    pub free_failures: u32,
    /// The first lockout; each further wrong code doubles it.
    pub first: Duration,
    pub longest: Duration,
    /// A client with no wrong code for this long starts afresh.
    pub forget_after: Duration,
    /// The most clients tracked at once (the oldest are dropped beyond it).
    pub max_clients: usize,
}

impl Default for LockoutPolicy {
    fn default() -> Self {
        LockoutPolicy {
            free_failures: 5,
            first: Duration::from_secs(30),
            longest: Duration::from_secs(60 * 60),
            forget_after: Duration::from_secs(6 * 60 * 60),
            max_clients: 4096,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Strikes {
    failures: u32,
    last_failure: Instant,
    locked_until: Option<Instant>,
}

/// The clients' strikes, shared by the request handlers.
#[derive(Debug)]
pub struct Lockouts {
    policy: LockoutPolicy,
    clients: Mutex<HashMap<IpAddr, Strikes>>,
}

impl Lockouts {
    pub fn new(policy: LockoutPolicy) -> Lockouts {
        Lockouts {
            policy,
            clients: Mutex::new(HashMap::new()),
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Strikes>> {
        // a panic elsewhere while holding the lock leaves a table that is still consistent
        self.clients
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How long `client` must still wait, if it is locked out now.
    pub fn locked(&self, client: IpAddr, now: Instant) -> Option<Duration> {
        let table = self.table();
        let until = table.get(&client)?.locked_until?;
        (until > now).then(|| until - now)
    }

    /// Counts a wrong code from `client`; returns the lockout it now has, if any.
    pub fn wrong_code(&self, client: IpAddr, now: Instant) -> Option<Duration> {
        let p = self.policy;
        let mut table = self.table();
        if table.len() >= p.max_clients && !table.contains_key(&client) {
            table.retain(|_, s| now.duration_since(s.last_failure) < p.forget_after);
            if table.len() >= p.max_clients {
                let oldest = table
                    .iter()
                    .min_by_key(|(_, s)| s.last_failure)
                    .map(|(ip, _)| *ip);
                if let Some(ip) = oldest {
                    table.remove(&ip);
                }
            }
        }
        let s = table.entry(client).or_insert(Strikes {
            failures: 0,
            last_failure: now,
            locked_until: None,
        });
        if now.duration_since(s.last_failure) >= p.forget_after {
            s.failures = 0;
        }
        s.failures = s.failures.saturating_add(1);
        s.last_failure = now;
        if s.failures <= p.free_failures {
            return None;
        }
        let doublings = (s.failures - p.free_failures - 1).min(30);
        let lock = p.first.saturating_mul(1u32 << doublings).min(p.longest);
        s.locked_until = Some(now + lock);
        Some(lock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> LockoutPolicy {
        LockoutPolicy {
            free_failures: 2,
            first: Duration::from_secs(10),
            longest: Duration::from_secs(35),
            forget_after: Duration::from_secs(100),
            max_clients: 3,
        }
    }

    #[test]
    fn lockouts_start_after_the_free_mistakes_and_double_up_to_the_ceiling() {
        let l = Lockouts::new(policy());
        let ip: IpAddr = [10, 0, 0, 1].into();
        let t = Instant::now();
        assert_eq!(l.wrong_code(ip, t), None);
        assert_eq!(l.wrong_code(ip, t), None);
        assert_eq!(l.locked(ip, t), None);
        assert_eq!(l.wrong_code(ip, t), Some(Duration::from_secs(10)));
        assert_eq!(
            l.locked(ip, t + Duration::from_secs(4)),
            Some(Duration::from_secs(6))
        );
        assert_eq!(l.locked(ip, t + Duration::from_secs(10)), None);
        assert_eq!(l.wrong_code(ip, t), Some(Duration::from_secs(20)));
        assert_eq!(
            l.wrong_code(ip, t),
            Some(Duration::from_secs(35)),
            "the ceiling"
        );
        // another client is not affected
        assert_eq!(l.locked([10, 0, 0, 2].into(), t), None);
        // after a quiet spell the count starts again
        let later = t + Duration::from_secs(200);
        assert_eq!(l.wrong_code(ip, later), None);
    }

    #[test]
    fn the_table_stays_bounded() {
        let l = Lockouts::new(policy());
        let t = Instant::now();
        for i in 0..50u8 {
            l.wrong_code(
                [10, 0, 1, i].into(),
                t + Duration::from_millis(u64::from(i)),
            );
        }
        assert!(l.table().len() <= 3);
    }
}

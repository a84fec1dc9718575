//! How fast a network address may try codes: a token bucket of wrong tries per address.
//!
//! Every request that carries a code takes a token *before* the code is looked at, so a burst
//! of wrong codes sent at once gets no further than the tokens there are; a code that turns out
//! right (or a code of a round the organiser undid) gives its token back, so right codes never
//! count. The bucket refills at a steady rate, so a guesser is slowed to that rate for as long
//! as it guesses, while a phone behind the same address waits at most one refill
//! (`Retry-After`) and never a growing lockout. (While it is looked at, for a few
//! milliseconds, a right code holds its token too.) Each different right code an address sends
//! widens its bucket a little: a hall whose phones all share the Wi-Fi's one address gets room
//! for as many typing mistakes as it has players.
//!
//! IPv6 addresses count by their /64 network (a device may take any address in its own), IPv4
//! by the address.
//!
//! Written here rather than taken from a rate-limit crate: `governor` (and `tower_governor`
//! on it) decides and consumes a cell in one step and cannot give a cell back, while here a
//! try must be counted before it is evaluated and returned once it proves right.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many codes an address may try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockoutPolicy {
    /// Wrong codes an address may send at once (the bucket's size).
    pub burst: u32,
    /// Wrong codes an address may send each minute after that (the refill).
    pub per_minute: u32,
    /// How much wider the bucket gets for each different right code from the address.
    pub room_per_right_code: u32,
    /// The widest bucket, however many right codes an address sent.
    pub most_room: u32,
    /// The most addresses tracked at once (full buckets are forgotten first beyond it).
    pub max_clients: usize,
}

impl Default for LockoutPolicy {
    fn default() -> Self {
        LockoutPolicy {
            burst: 20,
            per_minute: 10,
            room_per_right_code: 2,
            most_room: 400,
            max_clients: 4096,
        }
    }
}

impl LockoutPolicy {
    fn refill(&self) -> Duration {
        Duration::from_secs(60) / self.per_minute.max(1)
    }
}

#[derive(Debug, Clone)]
struct Bucket {
    /// Tokens left, as of `at`.
    tokens: f64,
    at: Instant,
    /// Hashes of the different right codes seen from the address (bounded by `most_room`).
    right: HashSet<u64>,
}

impl Bucket {
    fn size(&self, p: &LockoutPolicy) -> f64 {
        let room = p
            .room_per_right_code
            .saturating_mul(u32::try_from(self.right.len()).unwrap_or(u32::MAX));
        f64::from(p.burst.saturating_add(room.min(p.most_room)))
    }

    fn refill(&mut self, p: &LockoutPolicy, now: Instant) {
        let rate = f64::from(p.per_minute) / 60.0;
        let gained = now.saturating_duration_since(self.at).as_secs_f64() * rate;
        self.tokens = (self.tokens + gained).min(self.size(p));
        self.at = now;
    }
}

/// The key of an address: IPv4 as is, IPv6 by its /64 (an IPv4-mapped one as IPv4).
pub(crate) fn key_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The addresses' buckets, shared by the request handlers.
#[derive(Debug)]
pub struct Lockouts {
    policy: LockoutPolicy,
    clients: Mutex<HashMap<IpAddr, Bucket>>,
}

impl Lockouts {
    pub fn new(policy: LockoutPolicy) -> Lockouts {
        Lockouts {
            policy,
            clients: Mutex::new(HashMap::new()),
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Bucket>> {
        // a panic elsewhere while holding the lock leaves a table that is still consistent
        self.clients
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes a token for one try from `client`, before its code is looked at. `Err` is the
    /// wait until the next token: the try is refused unseen.
    pub fn take(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        let p = self.policy;
        let key = key_of(client);
        let mut table = self.table();
        if table.len() >= p.max_clients && !table.contains_key(&key) {
            // forget the address that has the most tokens (a full bucket is a fresh one)
            let fullest = table
                .iter_mut()
                .map(|(ip, b)| {
                    b.refill(&p, now);
                    (*ip, b.tokens)
                })
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(ip, _)| ip);
            if let Some(ip) = fullest {
                table.remove(&ip);
            }
        }
        let bucket = table.entry(key).or_insert_with(|| Bucket {
            tokens: f64::from(p.burst),
            at: now,
            right: HashSet::new(),
        });
        bucket.refill(&p, now);
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            return Ok(());
        }
        let missing = 1.0 - bucket.tokens;
        Err(p.refill().mul_f64(missing).max(Duration::from_millis(1)))
    }

    /// Gives back the token of a try that was not a guess: a right code (`Some(code)`, which
    /// the first time also widens the address's bucket, and fills the new room) or a code of an
    /// undone round.
    pub fn give_back(&self, client: IpAddr, right_code: Option<&str>, now: Instant) {
        let p = self.policy;
        let mut table = self.table();
        let Some(bucket) = table.get_mut(&key_of(client)) else {
            return;
        };
        bucket.refill(&p, now);
        let mut back = 1.0;
        if let Some(code) = right_code {
            if bucket.size(&p) < f64::from(p.burst.saturating_add(p.most_room)) {
                use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
                let h = BuildHasherDefault::<DefaultHasher>::default().hash_one(code);
                // a code not seen before from here: its room is given at once
                if bucket.right.insert(h) {
                    back += f64::from(p.room_per_right_code);
                }
            }
        }
        bucket.tokens = (bucket.tokens + back).min(bucket.size(&p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> LockoutPolicy {
        LockoutPolicy {
            burst: 3,
            per_minute: 6, // one token every 10 s
            room_per_right_code: 2,
            most_room: 4,
            max_clients: 3,
        }
    }

    const S: fn(u64) -> Duration = Duration::from_secs;

    #[test]
    fn an_address_tries_its_burst_then_one_code_per_refill() {
        let l = Lockouts::new(policy());
        let ip: IpAddr = [10, 0, 0, 1].into();
        let t = Instant::now();
        for _ in 0..3 {
            assert_eq!(l.take(ip, t), Ok(()));
        }
        assert_eq!(l.take(ip, t), Err(S(10)));
        assert_eq!(l.take(ip, t + S(4)), Err(S(6)));
        assert_eq!(l.take(ip, t + S(10)), Ok(()));
        assert!(l.take(ip, t + S(10)).is_err());
        // another address is not affected
        assert_eq!(l.take([10, 0, 0, 2].into(), t), Ok(()));
        // after a quiet spell the bucket is full again, never fuller
        for _ in 0..3 {
            assert_eq!(l.take(ip, t + S(1000)), Ok(()));
        }
        assert!(l.take(ip, t + S(1000)).is_err());
    }

    #[test]
    fn right_codes_give_their_token_back_and_widen_the_bucket_once_each() {
        let l = Lockouts::new(policy());
        let ip: IpAddr = [10, 0, 0, 1].into();
        let t = Instant::now();
        // a right code costs nothing, however often it is sent
        for _ in 0..10 {
            assert_eq!(l.take(ip, t), Ok(()));
            l.give_back(ip, Some("AAAA"), t);
        }
        // one different right code: room for two more mistakes (3 + 2)
        for _ in 0..5 {
            assert_eq!(l.take(ip, t), Ok(()));
        }
        assert!(l.take(ip, t).is_err());
        // the room is bounded: 3 + 4 at most, however many codes
        let other: IpAddr = [10, 0, 0, 9].into();
        for code in ["A", "B", "C", "D", "E", "F"] {
            l.take(other, t).unwrap();
            l.give_back(other, Some(code), t);
        }
        for _ in 0..7 {
            assert_eq!(l.take(other, t), Ok(()));
        }
        assert!(l.take(other, t).is_err());
    }

    #[test]
    fn ipv6_counts_by_its_network_and_the_table_stays_bounded() {
        let l = Lockouts::new(policy());
        let t = Instant::now();
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:abcd::7".parse().unwrap();
        for _ in 0..3 {
            l.take(a, t).unwrap();
        }
        assert!(l.take(b, t).is_err(), "the same /64");
        let mapped: IpAddr = "::ffff:10.0.0.5".parse().unwrap();
        assert_eq!(key_of(mapped), IpAddr::from([10, 0, 0, 5]));
        for i in 0..50u8 {
            let _ = l.take([10, 0, 1, i].into(), t);
        }
        assert!(l.table().len() <= 3);
    }
}

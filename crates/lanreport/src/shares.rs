//! Each client address's share of the connections: at most a few at once, so a client that
//! holds (and keeps reopening) as many as it may still leaves every other phone its own.
//!
//! A small counted table rather than a crate: tower's and tower-http's limits count requests
//! of the whole service (`ConcurrencyLimit`) or their rate, not open connections per address,
//! and a connection must be refused before hyper reads a byte of it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The connections each address holds now.
#[derive(Debug, Clone)]
pub(crate) struct Shares {
    per_client: usize,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One connection of an address; its share comes back when this is dropped.
#[derive(Debug)]
pub(crate) struct Share {
    ip: IpAddr,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

fn table(held: &Mutex<HashMap<IpAddr, usize>>) -> MutexGuard<'_, HashMap<IpAddr, usize>> {
    held.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shares {
    pub fn new(per_client: usize) -> Shares {
        Shares {
            per_client,
            held: Arc::default(),
        }
    }

    /// A connection for `ip`, unless it holds its share already.
    pub fn take(&self, ip: IpAddr) -> Option<Share> {
        let mut t = table(&self.held);
        let n = t.entry(ip).or_insert(0);
        if *n >= self.per_client {
            return None;
        }
        *n += 1;
        Some(Share {
            ip,
            held: self.held.clone(),
        })
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut t = table(&self.held);
        if let Some(n) = t.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                // the table holds only addresses with open connections: it cannot grow
                t.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_its_share_and_gets_it_back() {
        let s = Shares::new(2);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let one = s.take(a);
        let two = s.take(a);
        assert!(one.is_some() && two.is_some());
        assert!(s.take(a).is_none(), "over the share");
        assert!(s.take(b).is_some(), "another address has its own");
        drop(one);
        assert!(s.take(a).is_some(), "the share comes back");
        drop(two);
        assert!(table(&s.held).len() <= 1);
    }
}

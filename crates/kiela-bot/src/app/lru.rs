//! A small cache of the most recently used values, shared by the
//! process's caches (replayed games, finished games' animations).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

pub(in crate::app) struct Lru<K, V> {
    capacity: usize,
    entries: Mutex<HashMap<K, (V, u64)>>,
}

impl<K: Hash + Eq + Copy, V: Clone> Lru<K, V> {
    pub fn new(capacity: usize) -> Lru<K, V> {
        Lru {
            capacity: capacity.max(1),
            entries: Mutex::default(),
        }
    }

    /// The value kept for `key`, now the most recently used.
    pub fn get(&self, key: K) -> Option<V> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let (value, used) = entries.get_mut(&key)?;
        *used = next_tick();
        Some(value.clone())
    }

    /// Keeps `value` for `key`, unless `keep_old` says the value kept is
    /// better; the least recently used goes when the cache is full.
    pub fn put_unless(&self, key: K, value: V, keep_old: impl FnOnce(&V) -> bool) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.get(&key).is_some_and(|(kept, _)| keep_old(kept)) {
            return;
        }
        if entries.len() >= self.capacity && !entries.contains_key(&key) {
            let oldest = (entries.iter())
                .min_by_key(|(_, (_, used))| *used)
                .map(|(key, _)| *key);
            if let Some(oldest) = oldest {
                entries.remove(&oldest);
            }
        }
        entries.insert(key, (value, next_tick()));
    }

    pub fn put(&self, key: K, value: V) {
        self.put_unless(key, value, |_| false);
    }

    pub fn remove(&self, key: K) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.remove(&key);
    }
}

/// A counter that orders uses.
fn next_tick() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static TICK: AtomicU64 = AtomicU64::new(0);
    TICK.fetch_add(1, Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_goes_first() {
        let lru = Lru::new(2);
        lru.put(1, "a");
        lru.put(2, "b");
        assert_eq!(lru.get(1), Some("a"));
        lru.put(3, "c");
        assert_eq!(
            (lru.get(1), lru.get(2), lru.get(3)),
            (Some("a"), None, Some("c"))
        );
        lru.put_unless(1, "z", |kept| *kept == "a");
        assert_eq!(lru.get(1), Some("a"), "kept the better");
        lru.remove(1);
        assert_eq!(lru.get(1), None);
    }
}

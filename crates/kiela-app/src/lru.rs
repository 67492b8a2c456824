//! The process's caches (replayed games, finished games' animations,
//! members' answers): the `lru` crate's cache, shared behind a mutex held
//! only for one constant-time step, with the one conditional put the
//! replays need.

use std::hash::Hash;
use std::num::NonZeroUsize;
use std::sync::{Mutex, MutexGuard};

use lru::LruCache;

pub(crate) struct Lru<K, V>(Mutex<LruCache<K, V>>);

impl<K: Hash + Eq, V: Clone> Lru<K, V> {
    pub fn new(capacity: usize) -> Lru<K, V> {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        Lru(Mutex::new(LruCache::new(capacity)))
    }

    /// The value kept for `key`, now the most recently used. Values are
    /// cloned out: keep large ones behind an `Arc`.
    pub fn get(&self, key: K) -> Option<V> {
        self.lock().get(&key).cloned()
    }

    /// Keeps `value` for `key`, unless `keep_old` says the value kept is
    /// better: then `value` comes back, and the kept one counts as used.
    /// The least recently used goes when the cache is full.
    pub fn put_unless(&self, key: K, value: V, keep_old: impl FnOnce(&V) -> bool) -> Option<V> {
        let mut cache = self.lock();
        if cache.get(&key).is_some_and(keep_old) {
            return Some(value);
        }
        cache.put(key, value);
        None
    }

    pub fn put(&self, key: K, value: V) {
        self.lock().put(key, value);
    }

    pub fn remove(&self, key: K) {
        self.lock().pop(&key);
    }

    fn lock(&self) -> MutexGuard<'_, LruCache<K, V>> {
        // A panic elsewhere cannot leave the cache half-changed.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
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
        assert_eq!(
            lru.put_unless(1, "z", |kept| *kept == "a"),
            Some("z"),
            "kept the better"
        );
        assert_eq!(lru.get(1), Some("a"));
        assert_eq!(lru.put_unless(1, "y", |kept| *kept == "z"), None);
        assert_eq!(lru.get(1), Some("y"));
        lru.remove(1);
        assert_eq!(lru.get(1), None);
    }
}

package sqlstore

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// SessionReuseFor is how long a process keeps a session it read from the
// database before reading it again (docs/load.md, "PostgreSQL at SQLite's
// cost"). Every request reads its session; a trainee's answer is three or
// four requests in a second or two, and on PostgreSQL each read is a round
// trip and a statement of the database's CPU. A session read less than this
// long ago is decided again from the copy, at the request's own time (its
// idle and lifetime limits still hold to the moment).
//
// What the copy may miss: a change made by another process, or by a command
// run beside the kiosk — a sign-out, a deactivation, a changed timeout —
// is seen here at most this much later. A change made through this process
// (every write transaction that takes the write lock, which is how users,
// settings and sign-outs are written) drops every copy at its commit, so
// this process sees it at once.
const SessionReuseFor = time.Second

// sessionCache holds the sessions a process read in the last
// SessionReuseFor, by their token's hash.
type sessionCache struct {
	// gen counts the commits of write transactions; a copy read under an
	// older count is stale. It is read before the session is read from the
	// database and moved after a write commits, so a copy can never be
	// newer than its count says.
	gen atomic.Uint64
	mu  sync.Mutex
	m   map[string]cachedSession
}

type cachedSession struct {
	s    trainer.Session
	user trainer.User
	st   trainer.Settings
	at   time.Time // when it was read, by the store's clock
	gen  uint64
}

// sessionCacheMax bounds the copies held; past it, the stale ones go.
const sessionCacheMax = 4096

// get returns a copy of the session of hash read in the last
// SessionReuseFor before now under the current count, if there is one.
func (c *sessionCache) get(hash string, now time.Time) (*trainer.Session, trainer.Settings, bool) {
	c.mu.Lock()
	e, ok := c.m[hash]
	c.mu.Unlock()
	if !ok || e.gen != c.gen.Load() || now.Before(e.at) || now.Sub(e.at) >= SessionReuseFor {
		return nil, trainer.Settings{}, false
	}
	s, u := e.s, e.user
	s.User = &u
	return &s, e.st, true
}

// put keeps a copy of s, read at at under count gen.
func (c *sessionCache) put(hash string, s *trainer.Session, st trainer.Settings, at time.Time, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[string]cachedSession)
	}
	if len(c.m) >= sessionCacheMax {
		for h, e := range c.m {
			if at.Sub(e.at) >= SessionReuseFor || e.gen != gen {
				delete(c.m, h)
			}
		}
	}
	e := cachedSession{s: *s, user: *s.User, st: st, at: at, gen: gen}
	e.s.User = nil
	c.m[hash] = e
}

// touched moves the copy's last-seen time, after the session's row moved.
func (c *sessionCache) touched(hash string, lastSeen time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[hash]; ok {
		e.s.LastSeenAt = lastSeen
		c.m[hash] = e
	}
}

// drop forgets the copy of hash (its session ended).
func (c *sessionCache) drop(hash string) {
	c.mu.Lock()
	delete(c.m, hash)
	c.mu.Unlock()
}

// changed makes every copy stale: a write transaction committed.
func (c *sessionCache) changed() { c.gen.Add(1) }

package sqlstore

import (
	"context"
	"sync"
	"time"
)

// A session's touch (its last-seen time moved to the request's, when it is
// older than trainer.SessionTouchEvery) decides nothing the request does, so
// it need not be a transaction of its own: on PostgreSQL that is a round trip
// and a commit of the database's CPU on every answer (docs/load.md, "One
// round trip fewer a request"). A request made with DeferTouch's context
// leaves its touch to its next transaction that can carry it, which sends
// it with its own first statement (Conn.Defer): a write transaction inside
// it, after its locks, committed with it; on PostgreSQL a read of one
// statement too, in the same round trip. A read transaction of several
// statements carries none. What no transaction carried is written when the
// request ends, as before, in a transaction of its own.

type touchKey struct{}

// pendingTouch is a request's touch not yet written.
type pendingTouch struct {
	mu   sync.Mutex
	hash string    // the session's token hash; "" when none is waiting
	at   time.Time // the last-seen time to write
	// armed until the request's first session check, which alone may
	// leave its touch: a request that checks its session again (an event
	// stream's heartbeat, minutes later) writes its touch at once, whether
	// or not the first check touched.
	armed bool
}

// DeferTouch returns ctx with room for the touch of the request's session,
// and the function that writes it when no transaction of the request has
// carried it: call it when the request ends. Its error, if any, is the
// store's health's to note (a write's failure), not the request's.
func (db *DB) DeferTouch(ctx context.Context) (context.Context, func()) {
	p := &pendingTouch{armed: true}
	return context.WithValue(ctx, touchKey{}, p), func() { db.writeTouch(context.WithoutCancel(ctx), p) }
}

// firstCheck reports whether this is the first session check of a request
// whose ctx was made by DeferTouch, and disarms it: only the first may
// leave its touch to the request (deferTouch).
func firstCheck(ctx context.Context) bool {
	p, ok := ctx.Value(touchKey{}).(*pendingTouch)
	if !ok {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	first := p.armed
	p.armed = false
	return first
}

// deferTouch leaves the touch of session hash at at to the request's next
// transaction; the request's first session check (firstCheck) calls it.
func deferTouch(ctx context.Context, hash string, at time.Time) {
	p := ctx.Value(touchKey{}).(*pendingTouch)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hash, p.at = hash, at
}

// touchQuery moves a session's last-seen time forward, never back: a touch
// written late (when its request ends) may find a later one written first.
const touchQuery = `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?`

// carryTouch gives the request's waiting touch to tx, when its connection
// can send it with its first statement.
func (tx *Tx) carryTouch(ctx context.Context) {
	p, ok := ctx.Value(touchKey{}).(*pendingTouch)
	if !ok || tx.kind == ReadTx {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.hash == "" || !tx.conn.Defer(touchQuery, formatTime(p.at), p.hash, formatTime(p.at)) {
		return
	}
	tx.touch = &pendingTouch{hash: p.hash, at: p.at}
	p.hash = ""
	tx.touchFrom = p
}

// touchEnded hands a carried touch back to the request unless its
// transaction sent it and committed: a read or write of one statement
// commits with its statement, the others at their commit. (One that only
// read its time, sending its locks and the touch, and committed, hands it
// back too: the touch is then written twice, which does no harm.)
func (tx *Tx) touchEnded(committed bool) {
	each := tx.kind == ReadEachTx || tx.kind == WriteEachTx
	if tx.touch == nil || tx.ran && (committed || each) {
		return
	}
	p := tx.touchFrom
	p.mu.Lock()
	if p.hash == "" {
		p.hash, p.at = tx.touch.hash, tx.touch.at
	}
	p.mu.Unlock()
}

// writeTouch writes the touch no transaction carried, in one of its own.
func (db *DB) writeTouch(ctx context.Context, p *pendingTouch) {
	p.mu.Lock()
	hash, at := p.hash, p.at
	p.hash = ""
	p.mu.Unlock()
	if hash == "" {
		return
	}
	tx, err := db.BeginTx(ctx, writeOne)
	if err != nil {
		return
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, touchQuery, formatTime(at), hash, formatTime(at)); err != nil {
		return
	}
	tx.Commit()
}

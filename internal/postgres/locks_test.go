package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/postgres"
)

// TestLocks_PerUser: the finer locks (docs/group.md, "The write lock"). A
// transaction of one user's rows does not hold up another user's, holds up
// the same user's, and holds up a transaction that takes the write lock,
// which in turn holds up both kinds until it ends. A transaction takes its
// locks with its first statement (sent with its BEGIN).
func TestLocks_PerUser(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	// started begins a transaction and runs a statement in it, so that it
	// holds its locks.
	started := func(ctx context.Context, begin func(context.Context) (*postgres.Tx, error)) (*postgres.Tx, error) {
		tx, err := begin(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `SELECT 1`); err != nil {
			tx.Rollback()
			return nil, err
		}
		return tx, nil
	}
	// blocked reports whether begin is still waiting after a moment; if it
	// got through, its transaction is rolled back at once.
	blocked := func(begin func(context.Context) (*postgres.Tx, error)) bool {
		ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
		defer cancel()
		tx, err := started(ctx, begin)
		if err != nil {
			return true
		}
		tx.Rollback()
		return false
	}
	// getsThrough reports whether begin gets through within a few
	// seconds: a begin that waited may fail one 300 ms try on a loaded
	// machine, and a waiter an earlier try gave up on may hold its lock
	// until the server has read its cancel. Only waiting is judged by one
	// try; getting through is given the time.
	getsThrough := func(begin func(context.Context) (*postgres.Tx, error)) bool {
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
			if !blocked(begin) {
				return true
			}
		}
		return false
	}
	user := func(id int64) func(context.Context) (*postgres.Tx, error) {
		return func(ctx context.Context) (*postgres.Tx, error) { return db.BeginUserTx(ctx, id) }
	}
	writer := func(ctx context.Context) (*postgres.Tx, error) { return db.BeginTx(ctx, nil) }

	held, err := started(t.Context(), user(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		what  string
		begin func(context.Context) (*postgres.Tx, error)
		want  bool
	}{
		{"another user's transaction", user(2), false},
		{"the same user's transaction", user(1), true},
		{"a writer of the whole store", writer, true},
	} {
		got := blocked(tt.begin)
		if got && !tt.want {
			got = !getsThrough(tt.begin)
		}
		if got != tt.want {
			t.Errorf("while user 1's transaction is open, %s waits = %v; want %v", tt.what, got, tt.want)
		}
	}
	held.Rollback()

	held, err = started(t.Context(), writer)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		what  string
		begin func(context.Context) (*postgres.Tx, error)
	}{
		{"a user's transaction", user(2)},
		{"another writer of the whole store", writer},
	} {
		if !blocked(tt.begin) {
			t.Errorf("while a writer of the whole store is open, %s does not wait", tt.what)
		}
	}
	held.Rollback()
	if !getsThrough(user(1)) || !getsThrough(writer) {
		t.Error("once every transaction ended, a new one waits")
	}
}

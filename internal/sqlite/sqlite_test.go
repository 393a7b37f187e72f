package sqlite_test

import (
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// MustOpenDB opens a new, migrated database file under tb.TempDir() and closes
// it when the test ends.
func MustOpenDB(tb testing.TB) *sqlite.DB {
	tb.Helper()
	db, err := sqlite.Open(tb.Context(), filepath.Join(tb.TempDir(), "trainer.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := db.Close(); err != nil {
			tb.Error(err)
		}
	})
	return db
}

// clock is a settable time source for DB.Now.
type clock struct{ ns atomic.Int64 }

func newClock(db *sqlite.DB) *clock {
	c := &clock{}
	c.ns.Store(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC).UnixNano())
	db.Now = c.Now
	return c
}

func (c *clock) Now() time.Time          { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) Advance(d time.Duration) { c.ns.Add(int64(d)) }

// mustCreateUser stores a user with a cheap placeholder hash (the store does
// not look inside it) and returns it.
func mustCreateUser(tb testing.TB, db *sqlite.DB, name string, role trainer.Role, badge string) *trainer.User {
	tb.Helper()
	u := &trainer.User{Name: name, Role: role, Badge: badge, SecretHash: "$test$" + name}
	if err := db.CreateUser(tb.Context(), u); err != nil {
		tb.Fatalf("CreateUser(%q): %v", name, err)
	}
	return u
}

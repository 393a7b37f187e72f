package postgres_test

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/storetest"
)

// clocked is a database whose clock the conformance suite sets.
type clocked struct{ *postgres.DB }

func (c clocked) SetNow(now func() time.Time) { c.DB.Now = now }

// MustOpenDB opens a new, migrated store in a schema of its own.
func MustOpenDB(t *testing.T) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(t.Context(), pgtest.URL(t), pgtest.Key())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Error(err)
		}
	})
	return db
}

// TestConformance runs the behaviour every store shares, each test on a
// schema of its own.
func TestConformance(t *testing.T) {
	t.Parallel()
	pgtest.URL(t) // skips, or fails on CI, before the suite starts
	storetest.Run(t, func(t *testing.T) storetest.Store { return clocked{MustOpenDB(t)} })
}

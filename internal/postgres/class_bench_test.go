package postgres_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/storetest"
)

// BenchmarkClassLiveStore: the store's part of a live drill of 30 tablets
// on PostgreSQL, from one process (storetest.BenchClassLive).
func BenchmarkClassLiveStore(b *testing.B) {
	db, err := postgres.Open(b.Context(), pgtest.URL(b), pgtest.Key())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	storetest.BenchClassLive(b, db)
}

package sqlite_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/storetest"
)

// BenchmarkClassLiveStore: the store's part of a live drill of 30 tablets
// on one kiosk's file (storetest.BenchClassLive).
func BenchmarkClassLiveStore(b *testing.B) { storetest.BenchClassLive(b, MustOpenDB(b)) }

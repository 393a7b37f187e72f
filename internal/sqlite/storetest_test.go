package sqlite_test

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/storetest"
)

// clocked is a database whose clock the conformance suite sets.
type clocked struct{ *sqlite.DB }

func (c clocked) SetNow(now func() time.Time) { c.DB.Now = now }

// TestConformance runs the behaviour every store shares on a new file per test.
func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T) storetest.Store { return clocked{MustOpenDB(t)} })
}

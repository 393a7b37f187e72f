package approval

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestBase: a version's changes are read against the version last approved
// before it, else the one before it, else nothing; a version never
// recorded is not found.
func TestBase(t *testing.T) {
	t.Parallel()
	approved := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	v := func(name string, ok bool) *trainer.RulesVersion {
		rv := &trainer.RulesVersion{Version: name}
		if ok {
			rv.ApprovedAt = approved
		}
		return rv
	}
	none := []*trainer.RulesVersion{v("a", false), v("b", false), v("c", false)}
	some := []*trainer.RulesVersion{v("a", true), v("b", false), v("c", true), v("d", false), v("e", false)}
	tests := []struct {
		vs      []*trainer.RulesVersion
		version string
		base    string // "" for none
		against Against
	}{
		{none, "a", "", AgainstNothing},
		{none, "c", "b", AgainstPrevious}, // none approved: the one before
		{some, "a", "", AgainstNothing},   // the first, approved itself
		{some, "b", "a", AgainstApproved},
		{some, "c", "a", AgainstApproved}, // approved itself: against the approval before it
		{some, "e", "c", AgainstApproved}, // d is not approved: c is
	}
	for _, tt := range tests {
		got, base, against, err := Base(tt.vs, tt.version)
		if err != nil || got == nil || got.Version != tt.version {
			t.Errorf("Base(%s) = %v, %v; want the version", tt.version, got, err)
			continue
		}
		name := ""
		if base != nil {
			name = base.Version
		}
		if name != tt.base || against != tt.against {
			t.Errorf("Base(%s): base %q (%d); want %q (%d)", tt.version, name, against, tt.base, tt.against)
		}
	}
	if _, _, _, err := Base(some, "z"); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("Base of a version never recorded: %v; want KindNotFound", err)
	}
}

package class_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestInScope(t *testing.T) {
	t.Parallel()
	first := trainer.FirstSiteID
	tests := []struct {
		name        string
		site, scope int64
		want        bool
	}{
		{"every site (a director)", 5, 0, true},
		{"its own site", 5, 5, true},
		{"another site", 5, 6, false},
		{"a class of no site is the first site's", 0, first, true},
		{"a class of no site, another site's page", 0, first + 1, false},
		{"the first site's class, no scope", first, 0, true},
	}
	for _, tt := range tests {
		c := &class.Class{SiteID: tt.site}
		if got := c.InScope(tt.scope); got != tt.want {
			t.Errorf("%s: Class{SiteID: %d}.InScope(%d) = %t; want %t", tt.name, tt.site, tt.scope, got, tt.want)
		}
	}
}

func TestLiveBetween(t *testing.T) {
	t.Parallel()
	run := &trainer.ClassRun{ID: 1}
	live := func(r *trainer.ClassRun, q *class.Question) *class.Live {
		return &class.Live{Live: &trainer.ClassLive{Run: r, Question: (*trainer.ClassQuestion)(q)}}
	}
	tests := []struct {
		name string
		lv   *class.Live
		now  float64
		want bool
	}{
		{"no drill runs", live(nil, nil), 0, false},
		{"no question asked yet", live(run, nil), 0, true},
		{"in the preview", live(run, question()), 1, false},
		{"answers open", live(run, question()), 6, false},
		{"closed", live(run, question()), 17, true},
		{"skipped", live(run, question(ev(class.ActionSkip, 2))), 3, true},
		{"paused with answers open", live(run, question(ev(class.ActionPause, 8))), 600, false},
	}
	for _, tt := range tests {
		if got := tt.lv.Between(at(tt.now)); got != tt.want {
			t.Errorf("%s: Between(+%vs) = %t; want %t", tt.name, tt.now, got, tt.want)
		}
	}
}

package practice

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestGlance(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	ans := func(days int, skill string, right bool, secs int) trainer.GlanceAnswer {
		score := 0.0
		if right {
			score = 1
		}
		return trainer.GlanceAnswer{UserID: 1, Game: "uth", Skill: skill, Correct: right, Score: score, Speed: trainer.SpeedOK,
			Elapsed: time.Duration(secs) * time.Second, TargetSeconds: 10, At: now.AddDate(0, 0, -days)}
	}
	as := []trainer.GlanceAnswer{
		ans(20, "uth.payout.ante", false, 4), ans(20, "uth.payout.ante", false, 6), ans(20, "uth.payout.ante", true, 8),
		ans(10, "uth.payout.blind", true, 12), ans(3, "uth.payout.blind", true, 2), ans(1, "uth.payout.blind", false, 3),
		ans(1, "uth.payout.trips", true, 5),
	}
	g := Glance(as, now)[GlanceKey{1, "uth"}]
	if g == nil {
		t.Fatal("no figures for the trainee")
	}
	if g.Month != 7 || g.Week != 3 || g.Right != 4 {
		t.Errorf("month %d, week %d, right %d; want 7, 3, 4", g.Month, g.Week, g.Right)
	}
	if g.Median != 5*time.Second || g.Target != 10*time.Second {
		t.Errorf("median %v of target %v; want 5s of 10s", g.Median, g.Target)
	}
	if len(g.Weakest) != 2 || g.Weakest[0].Skill != "uth.payout.ante" || g.Weakest[1].Skill != "uth.payout.blind" {
		t.Errorf("weakest %+v; want ante then blind (trips has too few answers)", g.Weakest)
	}
	if g.Ready {
		t.Error("ready with two skills judged, both not mastered")
	}
	if median(nil) != 0 || median([]time.Duration{1, 3}) != 2 {
		t.Error("median of none or of two")
	}
}

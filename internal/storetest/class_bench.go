package storetest

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// BenchClassLive measures the store's part of a live drill of 30 tablets,
// on db (a new store): each question is started, answered by the 30
// tablets at once, each of which then reads the live state as a tablet
// does when the version changes, while the projector reads the count; then
// the instructor closes the answers. The HTTP side (the event stream, the
// pages) is BenchmarkClassLive's, in the server. Each op is a question; it
// also reports the 99th percentile of an answer's transaction and of a
// tablet's read.
func BenchClassLive(b *testing.B, db trainer.Store) {
	ctx := b.Context()
	max := &trainer.User{Name: "Max Manager", Role: trainer.RoleManager, SecretHash: "$test$"}
	if err := db.CreateUser(ctx, max); err != nil {
		b.Fatal(err)
	}
	c := &trainer.Class{Name: "Evenings", Instructors: []int64{max.ID}, Games: []string{"uth"}}
	var tablets []*trainer.User
	for i := range 30 {
		u := &trainer.User{Name: fmt.Sprintf("Tablet %s %c", words[i%len(words)], 'A'+i/len(words)), Role: trainer.RoleTrainee, SecretHash: "$test$"}
		if err := db.CreateUser(ctx, u); err != nil {
			b.Fatal(err)
		}
		tablets = append(tablets, u)
		c.Members = append(c.Members, u.ID)
	}
	if err := db.CreateClass(ctx, c); err != nil {
		b.Fatal(err)
	}
	r := &trainer.ClassRun{ClassID: c.ID, House: "default", RulesVersion: "v1"}
	if err := db.StartClassRun(ctx, r); err != nil {
		b.Fatal(err)
	}
	for _, u := range tablets {
		if _, err := db.JoinClassRun(ctx, r.ID, u.ID); err != nil {
			b.Fatal(err)
		}
	}
	var mu sync.Mutex
	var answers, reads []time.Duration
	seed := uint64(0)
	for b.Loop() {
		seed++
		q := &trainer.ClassQuestion{RunID: r.ID, Game: "uth", Kind: "payout", Level: 1, Seed: seed, House: "default",
			RulesVersion: "v1", Skill: "uth.payout.blind", TargetSeconds: 12, Timing: trainer.ClassTiming{Window: 10 * time.Minute}}
		if err := db.StartClassQuestion(ctx, q, class.CheckNext); err != nil {
			b.Fatal(err)
		}
		var wg sync.WaitGroup
		for _, u := range tablets {
			wg.Go(func() {
				t0 := time.Now()
				if _, err := db.AnswerClassQuestion(ctx, q.ID, u.ID, "", answer(15)); err != nil {
					b.Error(err)
					return
				}
				t1 := time.Now()
				if _, err := db.ClassLive(ctx, c.ID, u.ID); err != nil {
					b.Error(err)
					return
				}
				t2 := time.Now()
				mu.Lock()
				answers, reads = append(answers, t1.Sub(t0)), append(reads, t2.Sub(t1))
				mu.Unlock()
			})
		}
		wg.Go(func() { // the projector, and the fan-out's poll
			for range 5 {
				if _, err := db.ClassLive(ctx, c.ID, 0); err != nil {
					b.Error(err)
				}
				if _, err := db.ClassLiveVersions(ctx, c.ID); err != nil {
					b.Error(err)
				}
			}
		})
		wg.Wait()
		if _, err := db.RecordClassEvent(ctx, q.ID, trainer.ClassEvent{Action: class.ActionLock}, class.CheckEvent); err != nil {
			b.Fatal(err)
		}
		if seed == trainer.MaxClassQuestions { // a live drill asks at most so many: the next drill
			if _, err := db.EndClassRun(ctx, r.ID); err != nil {
				b.Fatal(err)
			}
			r = &trainer.ClassRun{ClassID: c.ID, House: "default", RulesVersion: "v1"}
			if err := db.StartClassRun(ctx, r); err != nil {
				b.Fatal(err)
			}
			for _, u := range tablets {
				if _, err := db.JoinClassRun(ctx, r.ID, u.ID); err != nil {
					b.Fatal(err)
				}
			}
			seed = 0
		}
	}
	b.ReportMetric(p99(answers), "answer-p99-ms")
	b.ReportMetric(p99(reads), "read-p99-ms")
}

// p99 is the 99th percentile of ds, in milliseconds.
func p99(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return float64(ds[(len(ds)*99)/100].Microseconds()) / 1000
}

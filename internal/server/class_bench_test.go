package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// BenchmarkClassLive runs live drills on one kiosk (real HTTP, a real
// SQLite file): 3 classes of 30 tablets, each an HTTP client reading its
// event stream as a browser's EventSource does, 20 questions each, the
// three classes at once. For every question it times, on every tablet, the
// question's arrival after the server's start and the result's arrival
// after the server's lock; it reports their p50 and p99 (the p99 of the
// last tablet of each question is the fan-out's), and the CPU time per
// tablet per question, which includes the 90 simulated tablets' own
// reading in the same process. The scenario runs once whatever b.N:
//
// On a group (BenchmarkClassLive/postgres, with TRAINER_TEST_POSTGRES) the
// kiosk is 3 processes of one PostgreSQL: the instructors on the first, the
// tablets spread over all three, so that two thirds of them hear of each
// question through their own process's poll of the live version.
//
//	go test -run '^$' -bench BenchmarkClassLive -benchtime 1x ./internal/server
func BenchmarkClassLive(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { classLiveBench(b, []*servertest.Harness{servertest.New(b)}) })
	b.Run("postgres", func(b *testing.B) {
		_, open := groupOpener(b)
		var hs []*servertest.Harness
		for range 3 {
			hs = append(hs, servertest.Start(b, servertest.Options{Open: open}))
		}
		classLiveBench(b, hs)
	})
}

// classLiveBench is BenchmarkClassLive on the processes hs of one store.
func classLiveBench(b *testing.B, hs []*servertest.Harness) {
	const classes, tablets, questions = 3, 30, 20
	h := hs[0]
	manager := h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	hash, err := trainer.HashSecret(traineePIN)
	if err != nil {
		b.Fatal(err)
	}
	type tablet struct {
		c      *servertest.Client
		events <-chan liveEvent
	}
	type room struct {
		cls     *trainer.Class
		tablets []tablet
	}
	rooms := make([]*room, classes)
	for i := range rooms {
		var members []*trainer.User
		for j := range tablets {
			u := &trainer.User{Name: fmt.Sprintf("Trainee %d %02d", i+1, j+1), Role: trainer.RoleTrainee, SecretHash: hash}
			if err := h.Store.CreateUser(b.Context(), u); err != nil {
				b.Fatal(err)
			}
			members = append(members, u)
		}
		rooms[i] = &room{cls: newClass(b, h, fmt.Sprintf("Class %d", i+1), manager, members...)}
		mc := h.Client()
		if resp := mc.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}}); resp.StatusCode != http.StatusSeeOther {
			b.Fatalf("staff sign-in: %d", resp.StatusCode)
		}
		if resp := mc.PostForm(classPath(rooms[i].cls)+"/live/start", nil); resp.StatusCode != http.StatusSeeOther {
			b.Fatalf("start: %d", resp.StatusCode)
		}
		for j, u := range members {
			th := hs[j%len(hs)]
			c := th.Client()
			if resp := c.PostForm(pinPath(u), url.Values{"pin": {traineePIN}}); resp.StatusCode != http.StatusSeeOther {
				b.Fatalf("sign-in: %d", resp.StatusCode)
			}
			if resp := c.PostForm(livePath(rooms[i].cls)+"/join", nil); resp.StatusCode != http.StatusSeeOther {
				b.Fatalf("join: %d", resp.StatusCode)
			}
			ev := openStream(b, th, c, livePath(rooms[i].cls)+"/events")
			waitPanel(b, u.Name, ev, "waiting")
			rooms[i].tablets = append(rooms[i].tablets, tablet{c: c, events: ev})
		}
	}
	// The instructors' browsers, one a class.
	instructors := make([]*servertest.Client, classes)
	for i := range instructors {
		instructors[i] = h.Client()
		instructors[i].PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}})
	}

	var mu sync.Mutex
	var toQuestion, toResult []time.Duration
	var lastTablet []string // each question's last tablet, to the question and to the result
	b.ResetTimer()
	cpu0, wall0 := cpuTime(), time.Now()
	var wg sync.WaitGroup
	for i, rm := range rooms {
		mc := instructors[i]
		wg.Go(func() {
			for n := 1; n <= questions; n++ {
				ask := url.Values{"game": {"uth"}, "kind": {"payout"}, "level": {"1"}, "preview": {"0"}, "window": {"60"}}
				if resp := mc.PostForm(classPath(rm.cls)+"/live/question", ask); resp.StatusCode != http.StatusSeeOther {
					b.Errorf("ask: %d", resp.StatusCode)
					return
				}
				q, d := liveQuestion(b, h, rm.cls)
				var lat []time.Duration
				for _, tb := range rm.tablets {
					lat = append(lat, waitPanel(b, "a tablet", tb.events, "open").Sub(q.Start))
				}
				answerPath := fmt.Sprintf("%s/questions/%d/answer", livePath(rm.cls), q.ID)
				var aw sync.WaitGroup
				for _, tb := range rm.tablets {
					aw.Go(func() { tb.c.PostForm(answerPath, answerForm(d.Key)) })
				}
				aw.Wait()
				lock := url.Values{"question": {strconv.FormatInt(q.ID, 10)}, "action": {"lock"}}
				if resp := mc.PostForm(classPath(rm.cls)+"/live/action", lock); resp.StatusCode != http.StatusSeeOther {
					b.Errorf("lock: %d", resp.StatusCode)
					return
				}
				locked, _ := liveQuestion(b, h, rm.cls)
				at := locked.Events[len(locked.Events)-1].At
				var res []time.Duration
				for _, tb := range rm.tablets {
					res = append(res, waitPanel(b, "a tablet", tb.events, "locked").Sub(at))
				}
				mu.Lock()
				toQuestion, toResult = append(toQuestion, lat...), append(toResult, res...)
				lastTablet = append(lastTablet, fmt.Sprintf("class %d question %d: %v, %v", i+1, n,
					slices.Max(lat).Round(time.Millisecond), slices.Max(res).Round(time.Millisecond)))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	cpu, wall := cpuTime()-cpu0, time.Since(wall0)
	b.StopTimer()
	pct := func(ds []time.Duration, p float64) float64 {
		if len(ds) == 0 {
			return 0
		}
		s := slices.Clone(ds)
		slices.Sort(s)
		return float64(s[int(p*float64(len(s)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(toQuestion, 0.5), "question-p50-ms")
	b.ReportMetric(pct(toQuestion, 0.99), "question-p99-ms")
	b.ReportMetric(pct(toResult, 0.5), "result-p50-ms")
	b.ReportMetric(pct(toResult, 0.99), "fanout-p99-ms")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(classes*tablets*questions), "cpu-ms/tablet/question")
	b.Logf("the last tablet of each question, to the question and to the result:\n%s", strings.Join(lastTablet, "\n"))
	b.Logf("%d classes × %d tablets × %d questions on %d processes in %v on %d CPUs; CPU %v", classes, tablets, questions, len(hs),
		wall.Round(time.Millisecond), runtime.NumCPU(), cpu.Round(time.Millisecond))
}

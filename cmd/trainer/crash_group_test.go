package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

// TestCrashSafety_Group runs three trainer binaries on one PostgreSQL
// database while simulated trainees answer drills over HTTP, each trainee
// at one process and moving to another when its process is gone; it kills
// one process with SIGKILL mid-load, lets the other two carry on, starts it
// again, and at the end checks that every answer any process acknowledged
// is stored, once, with the amount sent, and that `trainer audit verify`
// passes on the trail all three appended to.
func TestCrashSafety_Group(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	key := pgtest.Key()
	trainees := 24
	if testing.Short() || raceEnabled {
		trainees = 9
	}
	ids := createGroupTrainees(t, url, key, trainees, "2468")

	bin := trainerBinary(t)
	env := []string{"TRAINER_AUDIT_KEY=" + hex.EncodeToString(key)}
	procs := make([]*kioskProcess, 3)
	for i := range procs {
		procs[i] = &kioskProcess{bin: bin, db: url, env: env}
		procs[i].start(t)
		t.Cleanup(procs[i].kill)
	}
	// at is the base URL of the process trainee i uses now: its own, or
	// the next one running.
	at := func(i int) func() string {
		return func() string {
			for j := range procs {
				if p := procs[(i+j)%len(procs)]; p.running() {
					return p.url()
				}
			}
			return procs[i%len(procs)].url()
		}
	}

	ctx, stop := context.WithCancel(t.Context())
	var (
		mu   sync.Mutex
		acks []ack
	)
	acked := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(acks)
	}
	transport := &http.Transport{MaxIdleConnsPerHost: trainees}
	defer transport.CloseIdleConnections()
	var wg sync.WaitGroup
	var failures atomic.Int64
	for i, id := range ids {
		tr := servertest.NewTrainee(id, "2468", at(i), transport)
		wg.Go(func() {
			signedIn := false
			for n := 1; ctx.Err() == nil; n++ {
				if !signedIn {
					if err := tr.SignIn(ctx); err != nil {
						pause(ctx)
						continue
					}
					signedIn = true
				}
				amount := games.Money(i*1_000_000+n) * games.Unit
				attempt, ok, err := tr.Answer(ctx, amount)
				if ok {
					mu.Lock()
					acks = append(acks, ack{userID: id, attemptID: attempt, amount: amount})
					mu.Unlock()
				}
				switch {
				case err == servertest.ErrSignedOut:
					signedIn = false
				case err != nil && ctx.Err() == nil && !servertest.IsNetError(err):
					if failures.Add(1) <= 3 {
						t.Errorf("trainee %d: %v", id, err)
					}
					pause(ctx)
				case err != nil:
					pause(ctx) // its process is gone: the next request goes to another
				}
			}
		})
	}

	start := time.Now()
	want := 3 * trainees
	waitFor(t, func() bool { return acked() >= want }, 30*time.Second, "%d answers before the kill", want)
	time.Sleep(150 * time.Millisecond)
	procs[1].kill()
	atKill := acked()
	t.Logf("killed one process after %v, %d answers acknowledged", time.Since(start).Round(time.Millisecond), atKill)
	want = atKill + 3*trainees
	waitFor(t, func() bool { return acked() >= want }, 30*time.Second, "%d answers on the two processes left", want)
	procs[1].start(t)
	want = acked() + 2*trainees
	waitFor(t, func() bool { return acked() >= want }, 30*time.Second, "%d answers once it is back", want)
	stop()
	wg.Wait()
	for _, p := range procs {
		p.stop()
	}

	db, err := postgres.Open(t.Context(), url, key)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mu.Lock()
	checkStoredIn(t, db, acks)
	t.Logf("%d answers acknowledged in %v", len(acks), time.Since(start).Round(time.Millisecond))
	mu.Unlock()

	var out bytes.Buffer
	getenv := keyEnv(key)
	if err := run(t.Context(), []string{"audit", "verify", "-db", url}, getenv, nil, &out, io.Discard); err != nil {
		t.Fatalf("audit verify after the kill: %v\n%s", err, out.String())
	}
	if !strings.HasPrefix(out.String(), "OK: ") {
		t.Errorf("audit verify said:\n%s", out.String())
	}
}

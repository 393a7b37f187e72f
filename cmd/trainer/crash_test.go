package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestCrashSafety runs the real trainer binary on a database file while
// simulated trainees answer drills over HTTP, kills it with SIGKILL at random
// moments, and restarts it on the same file. After every kill, on a copy of
// the files exactly as the dead process left them, and again at the end, it
// checks that every answer the kiosk acknowledged is stored, once, with the
// amount sent, that no scenario was acknowledged twice, and that SQLite's
// integrity check says ok.
func TestCrashSafety(t *testing.T) {
	t.Parallel()
	trainees, rounds := 30, 8
	if testing.Short() || raceEnabled {
		trainees, rounds = 12, 3
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d, %d trainees, %d kills", seed, trainees, rounds)
	rng := rand.New(rand.NewPCG(seed, 0))

	dir := t.TempDir()
	dbPath := filepath.Join(dir, "trainer.db")
	ids := createTrainees(t, dbPath, trainees, "2468")

	k := &kioskProcess{bin: trainerBinary(t), db: dbPath}
	k.start(t)
	t.Cleanup(k.kill)

	ctx, stop := context.WithCancel(t.Context())
	var (
		mu   sync.Mutex
		acks []ack
	)
	acked := func() []ack {
		mu.Lock()
		defer mu.Unlock()
		return append([]ack(nil), acks...)
	}
	transport := &http.Transport{MaxIdleConnsPerHost: trainees}
	var wg sync.WaitGroup
	var failures atomic.Int64
	for i, id := range ids {
		tr := servertest.NewTrainee(id, "2468", k.url, transport)
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
				// A different amount for every answer, so a stored
				// answer names the request it came from.
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
					// The kiosk answered, but not as it should: a bug, not
					// a crash. Keep going, but fail.
					if failures.Add(1) <= 3 {
						t.Errorf("trainee %d: %v", id, err)
					}
					pause(ctx)
				case err != nil:
					pause(ctx) // the kiosk is down: try again shortly
				}
			}
		})
	}

	for round := 1; round <= rounds; round++ {
		// Let answers flow, then kill at a random moment.
		want := len(acked()) + (1+rng.IntN(6))*trainees
		waitFor(t, func() bool { return len(acked()) >= want }, 60*time.Second, "answers before kill %d", round)
		time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
		k.kill()
		got := acked()
		t.Logf("kill %d: %d answers acknowledged so far", round, len(got))
		checkStored(t, snapshot(t, dbPath), got)
		if round < rounds {
			k.start(t)
		}
	}
	stop()
	wg.Wait()
	// The whole run, on the files the last kill left, as the next start
	// would find them.
	checkStored(t, dbPath, acked())
	t.Logf("%d answers acknowledged in all", len(acked()))
}

// ack is an answer the kiosk acknowledged.
type ack struct {
	userID, attemptID int64
	amount            games.Money
}

func pause(ctx context.Context) {
	select {
	case <-ctx.Done():
	case <-time.After(20 * time.Millisecond):
	}
}

// checkStored opens the database at path with the store, as the kiosk does
// on start, and checks every acknowledged answer against it.
func checkStored(t *testing.T, path string, acks []ack) {
	t.Helper()
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatalf("open %s after a kill: %v", path, err)
	}
	defer db.Close()
	if err := db.IntegrityCheck(t.Context()); err != nil {
		t.Fatalf("after a kill: %v", err)
	}
	checkStoredIn(t, db, acks)
}

// checkStoredIn checks every acknowledged answer against a store: stored,
// once, for the trainee who sent it, with the amount sent.
func checkStoredIn(t *testing.T, db interface {
	ListAttempts(context.Context, trainer.AttemptFilter) ([]*trainer.Attempt, error)
}, acks []ack) {
	t.Helper()
	stored := map[int64]*trainer.Attempt{}
	users := map[int64]bool{}
	for _, a := range acks {
		users[a.userID] = true
	}
	for u := range users {
		as, err := db.ListAttempts(t.Context(), trainer.AttemptFilter{UserID: u, Answered: true, Limit: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		amounts := map[games.Money]int64{}
		for _, a := range as {
			stored[a.ID] = a
			amount := storedAmount(t, a)
			if prev, dup := amounts[amount]; dup {
				t.Errorf("answer %s of trainee %d is stored twice: attempts %d and %d", amount, u, prev, a.ID)
			}
			amounts[amount] = a.ID
		}
	}
	seen := map[int64]bool{}
	for _, a := range acks {
		if seen[a.attemptID] {
			t.Errorf("attempt %d was acknowledged twice", a.attemptID)
		}
		seen[a.attemptID] = true
		s, ok := stored[a.attemptID]
		switch {
		case !ok:
			t.Errorf("acknowledged answer %s to attempt %d of trainee %d is not stored", a.amount, a.attemptID, a.userID)
		case s.UserID != a.userID:
			t.Errorf("attempt %d is stored for user %d; trainee %d answered it", a.attemptID, s.UserID, a.userID)
		case storedAmount(t, s) != a.amount:
			t.Errorf("attempt %d stores the answer %s; the kiosk acknowledged %s", a.attemptID, storedAmount(t, s), a.amount)
		}
	}
}

func storedAmount(t *testing.T, a *trainer.Attempt) games.Money {
	t.Helper()
	var ans eval.Answer
	if err := json.Unmarshal(a.Answer, &ans); err != nil || ans.Amount == nil {
		t.Fatalf("attempt %d: stored answer %s is not an amount (%v)", a.ID, a.Answer, err)
	}
	return *ans.Amount
}

// snapshot copies the database and its WAL, as a killed kiosk left them, to
// a new directory, so that checking them does not checkpoint the WAL that
// the restarted kiosk must recover from.
func snapshot(t *testing.T, path string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "trainer.db")
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(path + suffix)
		if os.IsNotExist(err) && suffix != "" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// createTrainees stores n trainees with the PIN on a new database file, as
// an administrator would before the first start, and returns their IDs.
func createTrainees(t *testing.T, path string, n int, pin string) []int64 {
	t.Helper()
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	hash, err := trainer.HashSecret(pin)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for i := range n {
		u := &trainer.User{Name: fmt.Sprintf("Trainee %02d", i+1), Role: trainer.RoleTrainee, SecretHash: hash}
		if err := db.CreateUser(t.Context(), u); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	return ids
}

// waitFor polls cond until it holds, failing the test after limit.
func waitFor(t *testing.T, cond func() bool, limit time.Duration, format string, args ...any) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for "+format, args...)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// kioskProcess is the trainer binary serving one database file.
type kioskProcess struct {
	bin, db string
	env     []string // added to the environment (the group's audit key)
	args    []string // added to serve's flags (-site NAME)
	mu      sync.Mutex
	cmd     *exec.Cmd
	base    string
	exited  chan struct{}
	log     strings.Builder // the last run's log, for failures
}

// start runs `trainer serve` on a free port and waits for "kiosk ready".
func (k *kioskProcess) start(t *testing.T) {
	t.Helper()
	cmd := exec.Command(k.bin, append([]string{"serve", "-addr", "127.0.0.1:0", "-db", k.db}, k.args...)...)
	cmd.Env = append(append(os.Environ(), "TRAINER_SESSION_KEY="), k.env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan string, 1)
	exited := make(chan struct{})
	k.mu.Lock()
	k.log.Reset()
	k.mu.Unlock()
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			k.mu.Lock()
			if k.log.Len() < 1<<16 {
				k.log.WriteString(line + "\n")
			}
			k.mu.Unlock()
			if _, rest, ok := strings.Cut(line, "url="); ok && strings.Contains(line, "kiosk ready") {
				u, _, _ := strings.Cut(rest, " ")
				ready <- u
			}
		}
		io.Copy(io.Discard, stderr)
		cmd.Wait()
		close(exited)
	}()
	select {
	case u := <-ready:
		k.mu.Lock()
		k.cmd, k.base, k.exited = cmd, u, exited
		k.mu.Unlock()
	case <-exited:
		t.Fatalf("trainer exited before it was ready:\n%s", k.logText())
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("trainer not ready after 30 s:\n%s", k.logText())
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (k *kioskProcess) kill() { k.signal(syscall.SIGKILL) }

// stop asks the kiosk to shut down (SIGTERM, as a service manager does) and
// waits for it to exit.
func (k *kioskProcess) stop() { k.signal(syscall.SIGTERM) }

func (k *kioskProcess) signal(sig os.Signal) {
	k.mu.Lock()
	cmd, exited := k.cmd, k.exited
	k.cmd = nil
	k.mu.Unlock()
	if cmd == nil {
		return
	}
	cmd.Process.Signal(sig)
	<-exited
}

// pid is the process's ID, or 0 when it is not running.
func (k *kioskProcess) pid() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.cmd == nil {
		return 0
	}
	return k.cmd.Process.Pid
}

// running reports whether the process was started and not yet stopped.
func (k *kioskProcess) running() bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.cmd != nil
}

func (k *kioskProcess) url() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.base
}

func (k *kioskProcess) logText() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.log.String()
}

package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

// TestBackupAndRestore takes a backup with `trainer backup` while the real
// kiosk runs and trainees answer, restores it the way docs/hardening.md says
// (stop the kiosk, put the backup in place of the database file, remove the
// -wal and -shm files, `trainer audit accept`, start), and reads it back
// through the kiosk and the store: every answer acknowledged before the
// backup began is in it.
func TestBackupAndRestore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "trainer.db")
	ids := createTrainees(t, dbPath, 4, "2468")
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
	transport := &http.Transport{}
	var wg sync.WaitGroup
	for i, id := range ids {
		tr := servertest.NewTrainee(id, "2468", k.url, transport)
		wg.Go(func() {
			if err := tr.SignIn(ctx); err != nil {
				// On a loaded machine the other trainees can reach every
				// count before this one has signed in; the stop then
				// cancels its sign-in, which is no failure.
				if ctx.Err() == nil {
					t.Error(err)
				}
				return
			}
			for n := 1; ctx.Err() == nil; n++ {
				amount := games.Money(i*1_000_000+n) * games.Unit
				attempt, ok, err := tr.Answer(ctx, amount)
				if ok {
					mu.Lock()
					acks = append(acks, ack{userID: id, attemptID: attempt, amount: amount})
					mu.Unlock()
				}
				if err != nil && ctx.Err() == nil {
					t.Errorf("trainee %d: %v", id, err)
					return
				}
			}
		})
	}

	waitFor(t, func() bool { return len(acked()) >= 40 }, time.Minute, "answers before the backup")
	before := acked()
	backup := filepath.Join(t.TempDir(), "kiosk-backup.db")
	var out bytes.Buffer
	if err := run(t.Context(), []string{"backup", "-db", dbPath, backup}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatalf("trainer backup while the kiosk runs: %v", err)
	}
	if !strings.Contains(out.String(), "backed up") {
		t.Errorf("trainer backup printed %q", out.String())
	}
	n := len(acked())
	waitFor(t, func() bool { return len(acked()) >= n+20 }, time.Minute, "answers after the backup")
	stop()
	wg.Wait()

	// A second backup to the same name is refused and leaves the first.
	err := run(t.Context(), []string{"backup", "-db", dbPath, backup}, noEnv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("backup over an existing file: %v; want a refusal", err)
	}

	// Restore, step by step as docs/hardening.md says.
	k.stop()
	if err := os.Rename(dbPath, dbPath+".damaged"); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(dbPath + suffix); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	copyFile(t, backup, dbPath)
	var accepted bytes.Buffer
	if err := run(t.Context(), []string{"audit", "accept", "-db", dbPath, "-reason", "restored the backup of the night"}, noEnv, nil, &accepted, io.Discard); err != nil {
		t.Fatalf("trainer audit accept: %v", err)
	}
	t.Logf("trainer audit accept: %s", strings.TrimSpace(accepted.String()))
	k.start(t)

	// The restored kiosk knows its trainees and takes answers again.
	tr := servertest.NewTrainee(ids[0], "2468", k.url, transport)
	if err := tr.SignIn(t.Context()); err != nil {
		t.Fatalf("sign-in on the restored kiosk: %v", err)
	}
	if _, ok, err := tr.Answer(t.Context(), 99_999_999*games.Unit); !ok || err != nil {
		t.Fatalf("answer on the restored kiosk: acknowledged %v, %v", ok, err)
	}
	k.stop()
	checkStored(t, dbPath, before)
	t.Logf("%d answers before the backup, %d in all", len(before), len(acked()))
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestBackup_BadArguments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		args   []string
		errHas string
	}{
		{[]string{"backup"}, "give the PATH"},
		{[]string{"backup", "a.db", "b.db"}, `unexpected argument "b.db"`},
		{[]string{"backup", "-db", filepath.Join(dir, "missing.db"), filepath.Join(dir, "b.db")}, "There is no database file at"},
	}
	for _, tt := range tests {
		err := run(t.Context(), tt.args, noEnv, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tt.errHas) || strings.Contains(err.Error(), "\n") {
			t.Errorf("run(%q) = %v; want one line containing %q", tt.args, err, tt.errHas)
		}
	}
}

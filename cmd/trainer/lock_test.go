package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServe_LinkedDatabaseRefused: a second kiosk that reaches a running
// kiosk's database through another name, a symbolic link or a hard link, is
// refused as if it named the file, with the first kiosk's process ID. Before
// the lock was the file's own, both served through a symbolic link, and
// through a hard link the second saw an empty database beside its own
// write-ahead log and wrote its own schema over the first's pages.
func TestServe_LinkedDatabaseRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "trainer.db")
	cmd := exec.Command(trainerBinary(t), "serve", "-addr", "127.0.0.1:0", "-db", path)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "kiosk ready") {
				ready <- true
				break
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case <-ready:
	case <-time.After(60 * time.Second):
		t.Fatal("the first kiosk did not say it was ready")
	}

	symlink := filepath.Join(t.TempDir(), "by-symlink.db")
	if err := os.Symlink(path, symlink); err != nil {
		t.Fatal(err)
	}
	hardlink := filepath.Join(dir, "by-hardlink.db")
	if err := os.Link(path, hardlink); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Another kiosk (process %d) is already running on the database ", cmd.Process.Pid)
	for _, other := range []string{symlink, hardlink} {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", other}, noEnv, nil, io.Discard, io.Discard)
		cancel()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("a second kiosk on %s, a link to the first's database: %v; want %q", other, err, want)
		}
	}
	if err := run(t.Context(), []string{"audit", "accept", "-db", hardlink, "-reason", "a test"}, noEnv, nil, io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), want) {
		t.Errorf("audit accept through a hard link beside the running kiosk: %v; want %q", err, want)
	}
}

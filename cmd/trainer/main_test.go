package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

func noEnv(string) string { return "" }

func TestRun_BadDatabasePath(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "missing-dir", "trainer.db")
	var stderr bytes.Buffer
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-db", path}, noEnv, nil, io.Discard, &stderr)
	if err == nil {
		t.Fatal("run with a database in a missing directory succeeded")
	}
	if msg := err.Error(); !strings.Contains(msg, path) || strings.Contains(msg, "\n") {
		t.Errorf("error = %q; want one line naming %s", msg, path)
	}
}

func TestRun_BadArguments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args   []string
		env    map[string]string
		errHas string
	}{
		{[]string{"fly"}, nil, `unknown command "fly"`},
		{[]string{"serve", "extra"}, nil, `unexpected argument "extra"`},
		{[]string{"-no-such-flag"}, nil, "flag provided but not defined"},
		{nil, map[string]string{"TRAINER_SESSION_KEY": "abcd"}, "TRAINER_SESSION_KEY must be 32 or 64 bytes"},
		{nil, map[string]string{"TRAINER_SESSION_KEY": strings.Repeat("zz", 32)}, "TRAINER_SESSION_KEY must be 32 or 64 bytes"},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.env[k] }
		err := run(t.Context(), tt.args, getenv, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tt.errHas) {
			t.Errorf("run(%q, env %v) = %v; want an error containing %q", tt.args, tt.env, err, tt.errHas)
		}
	}
}

func TestRun_Help(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := run(t.Context(), []string{"help"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "serve") {
		t.Errorf("help does not list serve:\n%s", out.String())
	}
}

// TestRun_ServeAndShutdown starts the kiosk on a free port, checks /healthz,
// then cancels the context as SIGTERM would and expects a clean return.
func TestRun_ServeAndShutdown(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	pr, pw := io.Pipe()
	dbPath := filepath.Join(t.TempDir(), "trainer.db")
	done := make(chan error, 1)
	go func() {
		err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", dbPath}, noEnv, nil, io.Discard, pw)
		pw.Close()
		done <- err
	}()

	// The log's "kiosk ready" line carries the URL to open.
	var url string
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		line := sc.Text()
		if _, rest, ok := strings.Cut(line, "url="); ok && strings.Contains(line, "kiosk ready") {
			url, _, _ = strings.Cut(rest, " ")
			break
		}
	}
	if url == "" {
		t.Fatalf("no \"kiosk ready\" line; run returned %v", <-done)
	}
	go io.Copy(io.Discard, pr) // keep draining the log

	resp, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	var health map[string]string
	err = json.NewDecoder(resp.Body).Decode(&health)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || health["schema"] == "" {
		t.Errorf("GET /healthz = %d %v (%v); want 200 with a schema version", resp.StatusCode, health, err)
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("run after shutdown = %v; want nil", err)
	}
}

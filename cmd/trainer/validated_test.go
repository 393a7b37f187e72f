package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	rules "github.com/dealerkiosk/trainer/content/rules"
)

// TestServe_ValidatedRulesRecorded: a start that validated the rules records
// it, for this program, these rules and this house only; the next start on
// them comes up (in the background) and serves pages as the first did.
func TestServe_ValidatedRulesRecorded(t *testing.T) {
	t.Parallel()
	if buildID() == "" {
		t.Fatal("no Go build ID in the test binary: every start would validate its rules")
	}
	stamp := validationStamp(rules.FS, "default")
	dir := t.TempDir()
	for i, path := range []string{filepath.Join(dir, "first.db"), filepath.Join(dir, "second.db")} {
		u := startKiosk(t, "-db", path)
		if !validatedBefore(stamp) {
			t.Fatalf("start %d: the built-in rules are not recorded as validated", i+1)
		}
		if code, body := getStatus(t, http.DefaultClient, u+"/setup"); code != 200 || !strings.Contains(body, `data-testid="setup-form"`) {
			t.Errorf("start %d: GET /setup = %d; want the setup form", i+1, code)
		}
	}
	broken, err := rulesFS(brokenRules(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, other := range []string{validationStamp(rules.FS, "other"), validationStamp(broken, "default")} {
		if other == stamp || other == "" {
			t.Errorf("the stamp of other rules or another house is %q; want one of its own", other)
		}
	}
}

// TestServe_BrokenRulesStopTheKioskEvenIfRecorded: broken rules stop the
// kiosk with the file and key named, whether or not a record says they were
// validated (a forged or stale one): with no record before it listens, with
// one as soon as the background load fails.
func TestServe_BrokenRulesStopTheKioskEvenIfRecorded(t *testing.T) {
	t.Parallel()
	dir := brokenRules(t)
	fsys, err := rulesFS(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, forged := range []bool{false, true} {
		if forged {
			if err := recordValidated(validationStamp(fsys, "default"), "forged", "default"); err != nil {
				t.Fatal(err)
			}
		}
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "trainer.db"), "-rules", dir},
			noEnv, nil, io.Discard, io.Discard)
		cancel()
		if err == nil || !strings.Contains(err.Error(), "games/uth.toml") || !strings.Contains(err.Error(), "paytables.main.standard.ante") {
			t.Errorf("serve on broken rules (recorded as validated: %v) = %v; want the file and key named", forged, err)
		}
	}
}

// brokenRules is a -rules directory whose Ante pays "1/1", not "1:1".
func brokenRules(t *testing.T) string {
	t.Helper()
	data, err := rules.FS.ReadFile("games/uth.toml")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), `ante = "1:1"`, `ante = "1/1"`, 1)
	if broken == string(data) {
		t.Fatal(`games/uth.toml has no ante = "1:1" to break`)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "games", "uth.toml"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

package server_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"modernc.org/sqlite"
)

// health asks /healthz with method and returns the status and the JSON.
func health(t *testing.T, h *servertest.Harness, method string) (int, map[string]string, string) {
	t.Helper()
	c := h.Client()
	resp := c.Do(c.NewRequest(method, "/healthz", nil))
	var body map[string]string
	if method == http.MethodGet {
		if err := json.Unmarshal([]byte(resp.Body), &body); err != nil {
			t.Fatalf("GET /healthz: %v\n%s", err, resp.Body)
		}
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("%s /healthz: Cache-Control %q", method, cc)
	}
	return resp.StatusCode, body, resp.Body
}

// limitPages makes the kiosk's writing connection to the database at path
// stop the file at its size when the connection opens plus spare pages
// (PRAGMA max_page_count on each new connection, through the driver's
// connection hook): the database then runs out of room as it would on a
// full disk, and a write that needs a new page fails with SQLITE_FULL. The
// readers and every other file are left alone.
func limitPages(t *testing.T, path string, spare int) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	var pages int64
	err = raw.QueryRow(`SELECT page_count FROM pragma_page_count()`).Scan(&pages)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, dsn string) error {
		if !strings.Contains(dsn, path+"?") || !strings.Contains(dsn, "_txlock=immediate") {
			return nil // another database, or a reader
		}
		_, err := conn.ExecContext(context.Background(), fmt.Sprintf(`PRAGMA max_page_count = %d`, pages+int64(spare)), []driver.NamedValue{})
		return err
	})
}

// TestHealth_FullDisk: /healthz says 200 while the kiosk can write its
// database, and 503 with the reason once a write probe or a write fails for
// want of room; HEAD answers the same without a body.
func TestHealth_FullDisk(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/trainer.db"
	first := servertest.Start(t, servertest.Options{Path: path})
	tia := first.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	first.Close()

	// Room for the probe's four pages and a few more, then none.
	limitPages(t, path, 6)
	h := servertest.Start(t, servertest.Options{Path: path})
	if status, body, _ := health(t, h, http.MethodGet); status != http.StatusOK || body["status"] != "ok" {
		t.Fatalf("GET /healthz on a database with room = %d %v", status, body)
	}
	if status, _, raw := health(t, h, http.MethodHead); status != http.StatusOK || raw != "" {
		t.Errorf("HEAD /healthz = %d %q; want 200 and no body", status, raw)
	}
	// The trainee practises until the database is full.
	var status int
	var body map[string]string
	for i := 0; i < 200; i++ {
		c := signInTrainee(t, h, tia)
		id := startSession(t, c, "uth", "payout", trainer.ModePractice, 1)
		a, d := pending(t, h, id)
		resp := c.PostForm(answerPath(a), answerForm(d.Key))
		h.Clock.Advance(5_000_000_000) // past the probe's cache
		if status, body, _ = health(t, h, http.MethodGet); status != http.StatusOK {
			t.Logf("full after %d sessions (the last answer: %d)", i+1, resp.StatusCode)
			break
		}
	}
	// The reason in words, naming nothing of the machine: anyone may ask.
	if status != http.StatusServiceUnavailable || body["status"] != "unavailable" ||
		body["reason"] != string(trainer.TroubleFull) || strings.Contains(body["reason"], path) {
		t.Fatalf("GET /healthz on a full database = %d %v; want 503 with the reason in words, no file", status, body)
	}
	if status, _, raw := health(t, h, http.MethodHead); status != http.StatusServiceUnavailable || raw != "" {
		t.Errorf("HEAD /healthz on a full database = %d %q; want 503 and no body", status, raw)
	}
	// The writes the kiosk tries (sessions, practice) fill what room
	// the pages had left, then fail: /healthz then names the last.
	failed := 0
	for i := 0; i < 200 && h.DB.LastWriteError() == nil; i++ {
		c := h.Client()
		resp := c.PostForm(pinPath(tia), map[string][]string{"pin": {traineePIN}})
		if resp.StatusCode == http.StatusSeeOther {
			resp = c.PostForm("/practice", map[string][]string{"game": {"uth"}, "kind": {"payout"}, "mode": {"practice"}, "level": {"1"}})
		}
		if resp.StatusCode >= 500 {
			failed++
		}
	}
	if failed == 0 {
		t.Error("no request failed on the full database")
	}
	if err := h.DB.LastWriteError(); err == nil || !strings.Contains(err.Error(), "the last write to the database failed") {
		t.Fatalf("LastWriteError after sign-ins on a full database = %v", err)
	}
	if status, body, _ := health(t, h, http.MethodGet); status != http.StatusServiceUnavailable || body["reason"] != string(trainer.TroubleFull) {
		t.Errorf("GET /healthz after a failed write = %d %v", status, body)
	}
	// The detail is in the log.
	if !strings.Contains(h.Logs(), "unhealthy") || !strings.Contains(h.Logs(), "database or disk is full") {
		t.Error("the 503 was not logged with its detail")
	}
}

// TestHealth_FullDiskPagesAndRecovery: on a full disk a page that fails to
// write says "The training database is unavailable" (503), as when a
// group's PostgreSQL stops, never "Internal error" (500); and once room is
// freed, the first write that succeeds makes /healthz say 200 at once, not
// after the probe's few seconds.
func TestHealth_FullDiskPagesAndRecovery(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/trainer.db"
	first := servertest.Start(t, servertest.Options{Path: path})
	tia := first.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	first.Close()
	// Ballast that the operator "deletes" later to free room on the disk.
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{`CREATE TABLE ballast (b BLOB)`, `INSERT INTO ballast VALUES (zeroblob(400000))`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	limitPages(t, path, 6)
	h := servertest.Start(t, servertest.Options{Path: path})

	statuses := map[int]int{}
	for i := 0; i < 300 && h.DB.LastWriteError() == nil; i++ {
		c := h.Client()
		resp := c.PostForm(pinPath(tia), map[string][]string{"pin": {traineePIN}})
		if resp.StatusCode == http.StatusSeeOther {
			resp = c.PostForm("/practice", map[string][]string{"game": {"uth"}, "kind": {"payout"}, "mode": {"practice"}, "level": {"1"}})
		}
		statuses[resp.StatusCode]++
		if resp.StatusCode >= 500 && (resp.StatusCode != http.StatusServiceUnavailable ||
			!strings.Contains(resp.Text("main"), "The training database is unavailable")) {
			t.Fatalf("a page on the full disk answered %d %q; want 503 and the database unavailable", resp.StatusCode, resp.Text("main"))
		}
	}
	if statuses[http.StatusServiceUnavailable] == 0 {
		t.Fatalf("no page failed on the full disk: %v", statuses)
	}
	if status, _, _ := health(t, h, http.MethodGet); status != http.StatusServiceUnavailable {
		t.Fatalf("GET /healthz on the full disk = %d", status)
	}

	// Room freed: the next sign-in writes, and /healthz says so at once,
	// with no time passing on the kiosk's clock.
	if _, err := raw.Exec(`DELETE FROM ballast`); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, "sign-in once room is freed", h.Client().PostForm(pinPath(tia), map[string][]string{"pin": {traineePIN}}), http.StatusSeeOther)
	if status, body, _ := health(t, h, http.MethodGet); status != http.StatusOK {
		t.Errorf("GET /healthz right after a write succeeded again = %d %v; want 200", status, body)
	}
}

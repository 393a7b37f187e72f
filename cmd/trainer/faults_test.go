package main

import (
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The group edition's faults (issue 17): a database URL that cannot serve
// stops the kiosk at start with one line; a database that goes away while
// the kiosk runs makes it say so, and it recovers by itself.

// keyEnv is a getenv that gives the audit key as TRAINER_AUDIT_KEY.
func keyEnv(key []byte) func(string) string {
	h := hex.EncodeToString(key)
	return func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return h
		}
		return ""
	}
}

// closedPort is a port of 127.0.0.1 nothing listens on.
func closedPort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestServe_PostgresStartErrors: a URL that cannot serve stops `trainer
// serve` before it listens, with one line that names the host and the
// reason, and never the password.
func TestServe_PostgresStartErrors(t *testing.T) {
	t.Parallel()
	const password = "Sup3rSecretPw"
	port := closedPort(t)
	tests := []struct {
		name string
		url  func(t *testing.T) string
		want []string // in the message
	}{
		{"closed port", func(*testing.T) string {
			return fmt.Sprintf("postgres://kiosk:%s@127.0.0.1:%d/trainer?sslmode=disable&connect_timeout=5", password, port)
		}, []string{fmt.Sprintf("127.0.0.1:%d", port), "refused"}},
		{"wrong database", func(t *testing.T) string {
			c := pgtest.NewCluster(t)
			return fmt.Sprintf("postgres://postgres:%s@127.0.0.1:%d/no_such_db?sslmode=disable", password, c.Port)
		}, []string{"127.0.0.1", "no_such_db", "does not exist"}},
		{"bad URL", func(*testing.T) string {
			return "postgres://kiosk:" + password + "@db.example:notaport/trainer"
		}, []string{"db.example", "port"}},
		{"unknown host", func(*testing.T) string {
			return "postgres://kiosk:" + password + "@no-such-host.invalid:5432/trainer?connect_timeout=5"
		}, []string{"no-such-host.invalid"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			url := tc.url(t)
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			start := time.Now()
			err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", url}, keyEnv(pgtest.Key()), nil, io.Discard, io.Discard)
			if err == nil {
				t.Fatal("the kiosk started")
			}
			msg := err.Error()
			t.Logf("%s (after %v)", msg, time.Since(start).Round(time.Millisecond))
			if strings.Contains(msg, password) {
				t.Errorf("the message shows the password: %s", msg)
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("the message is not one line: %q", msg)
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("the message does not say %q: %s", w, msg)
				}
			}
		})
	}
}

// createGroupTrainees stores n trainees with the PIN in the database at
// url and returns their IDs.
func createGroupTrainees(t *testing.T, url string, key []byte, n int, pin string) []int64 {
	t.Helper()
	db, err := postgres.Open(t.Context(), url, key)
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

// getStatus GETs url and returns its status and body ("" and 0 when the
// kiosk does not answer).
func getStatus(t *testing.T, c *http.Client, url string) (int, string) {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestServe_PostgresGoesAway runs a kiosk on a PostgreSQL server of the
// test's own while trainees answer, stops the server (pg_ctl stop -m fast)
// and starts it again: while it is down /healthz answers 503 with the reason
// and pages say, in words, that the training database is unavailable;
// once it is back the kiosk serves again without a restart, and every
// answer it acknowledged, before and after, is stored.
func TestServe_PostgresGoesAway(t *testing.T) {
	t.Parallel()
	cluster := pgtest.NewCluster(t)
	key := pgtest.Key()
	ids := createGroupTrainees(t, cluster.URL(), key, 4, "2468")
	base := startGroupKiosk(t, keyEnv(key), cluster.URL())
	hc := &http.Client{Timeout: 20 * time.Second}

	var (
		mu   sync.Mutex
		acks []ack
	)
	transport := &http.Transport{}
	defer transport.CloseIdleConnections()
	trainees := make([]*servertest.Trainee, len(ids))
	for i, id := range ids {
		trainees[i] = servertest.NewTrainee(id, "2468", func() string { return base }, transport)
		if err := trainees[i].SignIn(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	// answerAll has each trainee answer n scenarios and keeps the
	// acknowledged answers; errors are returned, not failed on.
	n := 0
	answerAll := func(rounds int) error {
		for range rounds {
			for i, tr := range trainees {
				n++
				amount := games.Money(i*1_000_000+n) * games.Unit
				attempt, ok, err := tr.Answer(t.Context(), amount)
				if ok {
					mu.Lock()
					acks = append(acks, ack{userID: tr.ID, attemptID: attempt, amount: amount})
					mu.Unlock()
				}
				if err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := answerAll(3); err != nil {
		t.Fatalf("answers before the database went away: %v", err)
	}
	if code, body := getStatus(t, hc, base+"/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz before = %d %s", code, body)
	}

	cluster.Stop()
	code, body := getStatus(t, hc, base+"/healthz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, `"reason"`) {
		t.Errorf("/healthz with the database stopped = %d %s; want 503 with the reason", code, body)
	}
	// Anyone may ask /healthz: it says why in words, and nothing of the
	// database's user, name, host, port or the driver's message.
	if !strings.Contains(body, "the training database does not answer") {
		t.Errorf("/healthz with the database stopped = %s; want the reason in words", body)
	}
	for _, leak := range []string{"postgres://", "postgres", "trainer_test", "127.0.0.1", "SQLSTATE", "dial tcp", "connection refused", "sslmode", "user="} {
		if strings.Contains(body, leak) {
			t.Errorf("/healthz shows %q: %s", leak, body)
		}
	}
	// A trainee's page, and a page a visitor signs in on.
	for _, path := range []string{fmt.Sprintf("/practice/%d", 1), "/", "/signin"} {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, base+path, nil)
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		page := string(b)
		if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(page, "The training database is unavailable") {
			t.Errorf("GET %s with the database stopped = %d; want 503 and the unavailable page:\n%.600s", path, resp.StatusCode, page)
		}
		for _, leak := range []string{"SQLSTATE", "dial tcp", "connection refused", "pgx", "127.0.0.1:", "failed to connect"} {
			if strings.Contains(page, leak) {
				t.Errorf("GET %s shows the driver's words %q", path, leak)
			}
		}
	}
	// An answer while the database is down is not acknowledged, and a
	// sign-in (a write) fails: the kiosk keeps that failure for /healthz
	// until a write succeeds again.
	if err := answerAll(1); err == nil {
		t.Errorf("answers were taken with the database stopped")
	}
	if err := trainees[0].SignIn(t.Context()); err == nil {
		t.Errorf("a sign-in was taken with the database stopped")
	}

	cluster.Start()
	waitFor(t, func() bool {
		code, _ := getStatus(t, hc, base+"/healthz")
		return code == http.StatusOK
	}, 30*time.Second, "/healthz to answer 200 once the database is back")
	for i, tr := range trainees {
		var err error
		for try := 0; try < 3; try++ {
			if err = tr.SignIn(t.Context()); err == nil {
				break
			}
		}
		if err != nil {
			t.Fatalf("trainee %d signs in again: %v", i, err)
		}
	}
	if err := answerAll(3); err != nil {
		t.Fatalf("answers once the database is back: %v", err)
	}

	db, err := postgres.Open(t.Context(), cluster.URL(), key)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkStoredIn(t, db, acks)
	if _, err := db.VerifyAudit(t.Context()); err != nil {
		t.Errorf("audit verify after the outage: %v", err)
	}
	t.Logf("%d answers acknowledged", len(acks))
}

package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestClientGone_NotAnError: a request whose tablet went away before the
// answer (its context cancelled, as the server cancels it when the
// connection closes) is logged as the client going away, not as an
// internal error with status 500: a minute's load once wrote a hundred such
// ERROR lines a process, enough to wake whoever watches the alerts.
func TestClientGone_NotAnError(t *testing.T) {
	t.Parallel()
	h := servertest.Start(t, servertest.Options{})
	tia := h.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	c := signInTrainee(t, h, tia)
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // gone before the kiosk answers
	for _, path := range []string{"/trainee", "/progress", "/history"} {
		req := httptest.NewRequestWithContext(ctx, http.MethodGet, path, nil)
		req.AddCookie(&http.Cookie{Name: "trainer_session", Value: c.Cookie("trainer_session")})
		rec := httptest.NewRecorder()
		h.Server.ServeHTTP(rec, req)
		if rec.Code == http.StatusInternalServerError {
			t.Errorf("GET %s after the client went away = 500", path)
		}
	}
	logs := h.Logs()
	if strings.Contains(logs, "internal error") || strings.Contains(logs, "level=ERROR") {
		t.Errorf("a client that went away was logged as an error:\n%s", logs)
	}
}

package server

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// probeEvery is how often /healthz asks the database for a write probe at
// most; between probes it answers with the last one. A supervisor polling
// every second costs one small rolled-back write every few seconds.
const probeEvery = 5 * time.Second

// Health answers /healthz for a kiosk's database. A Server has one; a
// process may answer with it before its Server is built (NewHealth,
// Config.Health): cmd/trainer does while it loads rules it has validated
// before in the background.
type Health struct {
	db  trainer.Store
	log *slog.Logger
	// probe keeps the last write probe.
	probe probeCache
}

// probeCache is the outcome of the last write probe and when it ran.
type probeCache struct {
	mu  sync.Mutex
	at  time.Time
	err error
}

// NewHealth returns the /healthz handler of db, logging refusals to log
// (nil: none).
func NewHealth(db trainer.Store, log *slog.Logger) *Health {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Health{db: db, log: log}
}

// ServeHTTP answers 200 with the schema version when the kiosk can read
// and write its database, and 503 with the reason otherwise, for a
// supervisor or a load balancer: when the database does not answer, when the
// last write the kiosk tried failed (a full disk, a read-only file, the audit
// head not written), or when a write probe fails. It answers HEAD too, with
// the same status and no body.
func (s *Health) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	v, err := s.db.SchemaVersion(r.Context())
	if err != nil {
		err = noAnswer{err}
	} else {
		if err = s.db.LastWriteError(); err != nil && s.probeWrite(r) == nil {
			// A store may forget a failure that a probe which wrote
			// shows is over (PostgreSQL's server back after a restart).
			err = s.db.LastWriteError()
		}
	}
	if err == nil {
		err = s.probeWrite(r)
	}
	if err != nil {
		// Anyone may ask /healthz: the answer says why in words and
		// names no file, host, user or driver message; the log has them.
		s.log.WarnContext(r.Context(), "unhealthy", "error", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		json.NewEncoder(w).Encode(map[string]string{"status": "unavailable", "reason": string(trainer.TroubleOf(err))})
		return
	}
	json.NewEncoder(w).Encode(map[string]string{"status": "ok", "schema": v})
}

// probeWrite runs the database's write probe, or returns the last one's
// success when it ran less than probeEvery ago (by the database's clock, so
// tests move it). A failure is not kept: while the database cannot be
// written every check probes again, so /healthz says so the moment it can
// (the probe costs about 50 µs), not up to probeEvery later.
func (s *Health) probeWrite(r *http.Request) error {
	s.probe.mu.Lock()
	defer s.probe.mu.Unlock()
	now := s.db.Clock()
	if d := now.Sub(s.probe.at); !s.probe.at.IsZero() && d >= 0 && d < probeEvery && s.probe.err == nil {
		return nil
	}
	s.probe.err = s.db.ProbeWrite(r.Context())
	s.probe.at = now
	return s.probe.err
}

// noAnswer is a database that could not even be read.
type noAnswer struct{ error }

func (e noAnswer) Unwrap() error          { return e.error }
func (noAnswer) Trouble() trainer.Trouble { return trainer.TroubleNoAnswer }

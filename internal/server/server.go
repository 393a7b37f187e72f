package server

import (
	"errors"
	"io/fs"
	"log/slog"
	"net/http"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/gorilla/sessions"
)

// Config is what the server needs from cmd/trainer.
type Config struct {
	// SessionKey signs the session cookie: 32 or 64 bytes, from
	// TRAINER_SESSION_KEY or generated and kept in the database.
	SessionKey []byte
	// Logger receives one line per request and every internal error.
	// Nil discards them.
	Logger *slog.Logger
	// House is the -house flag, kept for the rulebook (not used yet).
	House string
}

// Server is the kiosk's HTTP handler.
type Server struct {
	db      *sqlite.DB
	log     *slog.Logger
	cookies *sessions.CookieStore
	static  fs.FS
	etags   map[string]string
	handler http.Handler
}

// New builds the server on db, serving the static files of static (a tree
// with a static/ directory, as web.Static).
//
// RULEBOOK: the rulebook (internal/rulebook, another helper's package) will
// be a parameter here, New(cfg, db, book, static), once it lands.
func New(cfg Config, db *sqlite.DB, static fs.FS) (*Server, error) {
	if n := len(cfg.SessionKey); n != 32 && n != 64 {
		return nil, errors.New("server: the session key must be 32 or 64 bytes")
	}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	etags, err := staticETags(sub)
	if err != nil {
		return nil, err
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{
		db:      db,
		log:     log,
		cookies: sessions.NewCookieStore(cfg.SessionKey),
		static:  sub,
		etags:   etags,
	}
	s.handler = s.routes()
	return s, nil
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

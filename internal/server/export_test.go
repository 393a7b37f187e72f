package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/internal/lockout"
	"github.com/go-chi/chi/v5"
)

// Routes lists every route of s as "METHOD /pattern", for TestRoleMatrix.
// It lives in a _test file: the server exports nothing of its routing.
func Routes(s *Server) ([]string, error) {
	var out []string
	err := chi.Walk(s.handler.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		out = append(out, method+" "+route)
		return nil
	})
	return out, err
}

// HashPeak is the most PIN and password hashes the server has computed at
// once.
func HashPeak(s *Server) int64 { return s.hashes.Peak() }

// HashSlots is the most it may compute at once.
const HashSlots = lockout.Slots

// SecretChecks is how many PINs and passwords the server has checked
// against a hash (argon2id), a name that matched nobody included.
func SecretChecks(s *Server) int64 { return s.hashes.Checks() }

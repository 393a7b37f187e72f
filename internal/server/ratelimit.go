package server

import (
	"context"
	"net/http"
)

// clientAddress is the address a request came from, as the sign-in limits
// count devices: the TCP peer, or behind a trusted proxy the address it
// names (clientaddr.go).
func (s *Server) clientAddress(r *http.Request) string { return s.trusted.clientAddress(r) }

// hashSecret hashes a new PIN or password, through the hash gate
// (lockout.Gate).
func (s *Server) hashSecret(ctx context.Context, secret string) (string, error) {
	return s.hashes.Hash(ctx, secret)
}

package server

import "net/http"

// clientAddress is the address a request came from, as the sign-in limits
// count devices: the TCP peer, or behind a trusted proxy the address it
// names (clientaddr.go).
func (s *Server) clientAddress(r *http.Request) string { return s.trusted.clientAddress(r) }

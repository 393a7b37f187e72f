package server

import (
	"net/http"
	"strings"
)

// isHTTPS reports whether the browser reached the kiosk over HTTPS: the
// connection itself is TLS (-tls-cert), or it comes from a trusted reverse
// proxy (-trusted-proxy) whose X-Forwarded-Proto says "https". The header
// from anyone else is ignored: a browser could send it over plain HTTP and
// get a cookie it would then never send back.
func (s *Server) isHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !s.trusted.fromTrustedProxy(r) {
		return false
	}
	// A proxy in a chain may list several; the first is the browser's.
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

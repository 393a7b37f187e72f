package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"
)

// logoURL serves the house's logo (house.toml's `logo`): every page's header
// shows it, the sign-in screens included, so it needs no session.
const logoURL = "/house/logo"

// logoTag is a short hash of the logo: the pages ask for logoURL?v=<tag>,
// so a browser may keep the image and still sees a new logo at once.
func logoTag(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:6])
}

// handleLogo serves the logo. An SVG was checked when it was read (no
// script, no handler, no link outside), and the kiosk's Content Security
// Policy, which this response carries like every other, would run no
// inline script of it anyway.
func (s *Server) handleLogo(w http.ResponseWriter, r *http.Request) {
	l := s.house.Logo
	if l == nil {
		s.handleNotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", l.Type)
	h.Set("ETag", `"`+s.logoTag+`"`)
	h.Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(l.Data))
}

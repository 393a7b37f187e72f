package server

import "net/http"

// keepAliveURL is where a signed-in page tells the kiosk that someone is
// still at the tablet (web/static/idle.js).
const keepAliveURL = "/session/alive"

// handleKeepAlive answers 204 to a signed-in user: the session middleware
// has already counted the request as activity (the session's last request
// moves on), which is all it is for. The inactivity timeout counts requests,
// and a trainee typing on the amount keypad or tapping chips makes none;
// the page posts here on such taps (at most every few seconds) and when the
// trainee answers the warning before the sign-out with "I'm still here".
// A visitor whose session has ended is sent to sign-in like on any page.
func (s *Server) handleKeepAlive(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusNoContent)
}

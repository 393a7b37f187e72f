package server

import (
	"encoding/json"
	"net/http"
)

// handleHealth answers 200 with the schema version once the database is open
// and answering, and 503 otherwise, for a supervisor or a load balancer.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	v, err := s.db.SchemaVersion(r.Context())
	if err != nil {
		s.logError(r, err)
		w.WriteHeader(http.StatusServiceUnavailable)
		json.NewEncoder(w).Encode(map[string]string{"status": "unavailable"})
		return
	}
	json.NewEncoder(w).Encode(map[string]string{"status": "ok", "schema": v})
}

package server

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// A trainee's progress and history (issue 7): only their own attempts.
// Managers see everyone's on the dashboard (issue 8).

// historyPage is how many answers the history lists per page.
const historyPage = 30

// handleProgress shows, per game, accuracy, speed and mastery, the trend over
// the last sessions and the mastery of each skill (practice.Flow.Practice).
func (s *Server) handleProgress(w http.ResponseWriter, r *http.Request) {
	p, err := s.flow.Practice(r.Context(), visitOf(r.Context()).user.ID)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ProgressPage(view.Progress(r.Context(), s.page(r, say.Message{}, "progress"), p.Games)), nil)
}

// handleHistory lists the trainee's answers, newest first (?game= narrows,
// ?before= pages on).
func (s *Server) handleHistory(w http.ResponseWriter, r *http.Request) {
	u := visitOf(r.Context()).user
	q := r.URL.Query()
	game := q.Get("game")
	if game != "" && !s.plan.Offers(game, trainer.KindMixed) {
		game = ""
	}
	before, _ := strconv.ParseInt(q.Get("before"), 10, 64)
	as, err := s.db.ListAttempts(r.Context(), trainer.AttemptFilter{UserID: u.ID, Game: game, Answered: true,
		Before: max(before, 0), Limit: historyPage})
	if err != nil {
		s.error(w, r, err)
		return
	}
	more := ""
	if len(as) == historyPage {
		next := url.Values{"before": {strconv.FormatInt(as[len(as)-1].ID, 10)}}
		if game != "" {
			next.Set("game", game)
		}
		more = "/history?" + next.Encode()
	}
	v := view.History(r.Context(), s.page(r, say.Message{}, "history"), s.plan.Games(), game, as, more)
	s.render(w, r, http.StatusOK, templates.HistoryPage(v), nil)
}

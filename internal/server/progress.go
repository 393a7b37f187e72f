package server

import (
	"context"
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

const (
	// progressHistory bounds the answers the progress page sums per trainee.
	progressHistory = 5000
	// trendSessions is how many of the last sessions the trend chart shows.
	trendSessions = 10
	// historyPage is how many answers the history lists per page.
	historyPage = 30
)

// handleProgress shows, per game, accuracy, speed and mastery, the trend over
// the last sessions and the mastery of each skill.
func (s *Server) handleProgress(w http.ResponseWriter, r *http.Request) {
	u := visitOf(r.Context()).user
	as, err := s.db.ListAttempts(r.Context(), trainer.AttemptFilter{UserID: u.ID, Answered: true, Limit: progressHistory})
	if err != nil {
		s.error(w, r, err)
		return
	}
	games, err := s.progressGames(r.Context(), u.ID, as)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ProgressPage(view.Progress(r.Context(), s.page(r, say.Message{}, "progress"), games)), nil)
}

// progressGames groups a trainee's answers as (newest first) by game, in
// the kiosk's order, each with its last sessions: the progress page's, and
// the trainee's file's (issue 23).
func (s *Server) progressGames(ctx context.Context, userID int64, as []*trainer.Attempt) ([]view.GameProgress, error) {
	byGame := map[string][]*trainer.Attempt{}
	for _, a := range as {
		byGame[a.Game] = append(byGame[a.Game], a)
	}
	var games []view.GameProgress
	for _, g := range s.plan.Games() {
		if len(byGame[g]) == 0 {
			continue
		}
		sessions, err := s.db.ListPracticeSessions(ctx, trainer.SessionFilter{UserID: userID, Game: g, Limit: trendSessions})
		if err != nil {
			return nil, err
		}
		games = append(games, view.GameProgress{Game: g, Attempts: byGame[g], Sessions: sessions})
	}
	return games, nil
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

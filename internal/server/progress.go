package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
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
	byGame := map[string][]*trainer.Attempt{}
	for _, a := range as {
		byGame[a.Game] = append(byGame[a.Game], a)
	}
	v := templates.ProgressView{Page: s.page(r, t(r, "home.progress"), "progress"), Figures: progressFigures(loc(r))}
	for _, g := range s.plan.Games() {
		if len(byGame[g]) == 0 {
			continue
		}
		sessions, err := s.db.ListPracticeSessions(r.Context(), trainer.SessionFilter{UserID: u.ID, Game: g, Limit: trendSessions})
		if err != nil {
			s.error(w, r, err)
			return
		}
		v.Games = append(v.Games, s.gameProgress(loc(r), g, byGame[g], sessions))
	}
	s.render(w, r, http.StatusOK, templates.ProgressPage(v), nil)
}

// gameProgress sums one game's answers (newest first) and sessions (newest first).
func (s *Server) gameProgress(l *i18n.Localizer, game string, as []*trainer.Attempt, sessions []*trainer.PracticeSession) templates.GameProgress {
	gp := templates.GameProgress{Slug: game, Name: s.gameNameIn(l, game), StartURL: "/practice/new?game=" + url.QueryEscape(game)}
	var correct, onTime int
	var total time.Duration
	for _, a := range as {
		gp.Answered++
		total += a.Elapsed
		if a.Correct {
			correct++
		}
		if a.Speed == trainer.SpeedFast || a.Speed == trainer.SpeedOK {
			onTime++
		}
	}
	gp.Right, gp.OnTime = percent(correct, gp.Answered), percent(onTime, gp.Answered)
	gp.MeanTime = l.Seconds(total/time.Duration(max(gp.Answered, 1)), 1)
	skills := practice.Skills(as)
	mastered := 0
	for _, sk := range skills {
		if sk.Stage == eval.StageMastered {
			mastered++
		}
		gp.Rows = append(gp.Rows, templates.SkillRow{
			Skill: s.skillName(l, sk.Skill), Answered: sk.Attempts, Right: percent(sk.Correct, sk.Attempts), Recent: share(sk.Accuracy),
			MeanTime: l.Seconds(sk.MeanElapsed(), 1), OnTime: percent(sk.OnTime, sk.Attempts), Mastery: stageLabel(l, sk.Stage),
		})
	}
	gp.Mastery = l.T("progress.mastered", "Count", len(skills), "Mastered", mastered)
	gp.Trend = trendChart(l, game, sessions)
	gp.Skills = s.masteryChart(l, game, skills)
	return gp
}

// progressFigures define the progress page's figures, each once: the stats,
// the charts and the table use these names and nothing else. Recent
// accuracy and the stage are package eval's mastery model, which the
// manager's pages (the weakest skills) show too.
func progressFigures(l *i18n.Localizer) []templates.ProgressFigure {
	return []templates.ProgressFigure{
		{Name: l.T("progress.right"), Means: l.T("progress.right_means")},
		{Name: l.T("progress.recent"), Means: l.T("progress.recent_means")},
		{Name: l.T("progress.on_time"), Means: l.T("progress.on_time_means")},
		{Name: l.T("progress.stage"), Means: l.T("progress.stage_means", "Min", eval.MinAttempts,
			"Practised", share(eval.PractisedAccuracy), "Mastered", eval.MasteredAttempts,
			"Accuracy", share(eval.MasteredAccuracy), "Speed", share(eval.MasteredSpeed))},
	}
}

// stageLabel names eval's stage of a skill for people.
func stageLabel(l *i18n.Localizer, s eval.Stage) string {
	switch s {
	case eval.StageNew, eval.StageLearning, eval.StagePractised, eval.StageMastered:
		return l.T("progress.stage_" + string(s))
	}
	return string(s)
}

// share writes 0 … 1 as a whole percentage.
func share(f float64) string { return strconv.Itoa(int(f*100+0.5)) + " %" }

// trendChart plots the share of answers right (templates.ProgressFigures) in
// each of the last sessions, oldest on the left.
func trendChart(l *i18n.Localizer, game string, sessions []*trainer.PracticeSession) templates.Chart {
	c := templates.Chart{ID: "trend-" + game, Title: l.T("progress.trend_title"), Width: 340, Height: 170}
	if len(sessions) == 0 {
		c.Empty = l.T("progress.trend_empty")
		return c
	}
	const left, right, top, bottom = 44.0, 12.0, 12.0, 16.0
	w, h := float64(c.Width)-left-right, float64(c.Height)-top-bottom
	for _, p := range []int{0, 50, 100} {
		y := top + h*(1-float64(p)/100)
		c.Grid = append(c.Grid, templates.ChartTick{X1: left, Y1: y, X2: left + w, Y2: y, TX: left - 6, TY: y + 5, Label: strconv.Itoa(p) + "%"})
	}
	n := len(sessions)
	var path, desc []string
	for i := range n {
		sess := sessions[n-1-i] // oldest first
		acc := float64(sess.Correct) / float64(max(sess.Answered, 1))
		x := left + w/2
		if n > 1 {
			x = left + w*float64(i)/float64(n-1)
		}
		y := top + h*(1-acc)
		label := l.T("progress.trend_point", "N", i+1, "Date", dayMonth(l, sess.StartedAt),
			"Share", percent(sess.Correct, sess.Answered), "Right", sess.Correct, "Answered", sess.Answered)
		c.Points = append(c.Points, templates.ChartPoint{X: x, Y: y, Label: label})
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		path = append(path, fmt.Sprintf("%s%.1f %.1f", cmd, x, y))
		desc = append(desc, percent(sess.Correct, sess.Answered))
	}
	c.Line = strings.Join(path, " ")
	c.Desc = l.T("progress.trend_desc", "Count", n, "Shares", strings.Join(desc, ", "))
	return c
}

// chartLabelRunes is how many letters of a bar's label the mastery chart's
// 340 units hold at its 12 px bold: an SVG text does not wrap, and a longer
// one (a Russian skill's name) ran off the page. Cyrillic letters are wider.
func chartLabelRunes(l *i18n.Localizer) int {
	if l.Lang() == "ru" {
		return 44
	}
	return 52
}

// fitLabel shortens s to n letters at most, ending it with "…", and returns
// the whole of s as full when it did ("" when s fits).
func fitLabel(s string, n int) (label, full string) {
	r := []rune(s)
	if len(r) <= n {
		return s, ""
	}
	return strings.TrimRight(string(r[:n-1]), " ·") + "…", s
}

// masteryChart draws a bar per skill: its recent accuracy (eval's weighted
// score, the figure the table's "Recent accuracy" column and the manager's
// pages show), with its stage.
func (s *Server) masteryChart(l *i18n.Localizer, game string, skills []practice.SkillStat) templates.Chart {
	c := templates.Chart{ID: "mastery-" + game, Title: l.T("progress.mastery_title"), Width: 340}
	if len(skills) == 0 {
		c.Empty = l.T("progress.mastery_empty")
		return c
	}
	const label, bar, gap = 16.0, 14.0, 10.0
	var desc []string
	y := 0.0
	for _, sk := range skills {
		name, full := fitLabel(s.skillName(l, sk.Skill)+" · "+stageLabel(l, sk.Stage), chartLabelRunes(l))
		b := templates.ChartBar{
			Label: name, Full: full, Value: share(sk.Accuracy),
			LabelY: y + label - 3, Y: y + label, BarHeight: bar, Width: max(sk.Accuracy*float64(c.Width-60), 2),
		}
		switch sk.Stage {
		case eval.StageNew:
			b.Level = "new" // too few answers to judge: grey, not red
		case eval.StageLearning:
			b.Level = "low"
		case eval.StagePractised:
			b.Level = "mid"
		default:
			b.Level = "high"
		}
		c.Bars = append(c.Bars, b)
		desc = append(desc, b.Label+" "+b.Value)
		y += label + bar + gap
	}
	c.Height = int(y)
	c.Desc = l.T("progress.mastery_desc", "Bars", strings.Join(desc, "; "))
	return c
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
	v := templates.HistoryView{Page: s.page(r, t(r, "home.answers"), "history")}
	v.Games = append(v.Games, templates.ChoiceOption{Value: "/history", Label: t(r, "history.all_games"), Selected: game == ""})
	for _, g := range s.plan.Games() {
		v.Games = append(v.Games, templates.ChoiceOption{Value: "/history?game=" + url.QueryEscape(g), Label: s.gameNameIn(loc(r), g), Selected: g == game})
	}
	for _, a := range as {
		v.Rows = append(v.Rows, s.historyRow(loc(r), a, false))
	}
	if len(as) == historyPage {
		more := url.Values{"before": {strconv.FormatInt(as[len(as)-1].ID, 10)}}
		if game != "" {
			more.Set("game", game)
		}
		v.MoreURL = "/history?" + more.Encode()
	}
	s.render(w, r, http.StatusOK, templates.HistoryPage(v), nil)
}

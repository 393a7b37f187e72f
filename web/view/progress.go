package view

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// A trainee's progress and history (issue 7): only their own attempts.

// GameProgress is one game's answers (newest first) and last sessions
// (newest first), as the progress page sums them (practice.Flow.Practice).
type GameProgress = practice.GameProgress

// Progress shows, per game, accuracy, speed and mastery, the trend over
// the last sessions and the mastery of each skill.
func Progress(ctx context.Context, page templates.Page, games []GameProgress) templates.ProgressView {
	page.Title = say.Msg("home.progress")
	v := templates.ProgressView{Page: page, Figures: progressFigures(ctx)}
	for _, g := range games {
		v.Games = append(v.Games, gameProgress(ctx, g.Game, g.Attempts, g.Sessions))
	}
	return v
}

// gameProgress sums one game's answers and sessions.
func gameProgress(ctx context.Context, game string, as []*trainer.Attempt, sessions []*trainer.PracticeSession) templates.GameProgress {
	gp := templates.GameProgress{Slug: game, Name: say.Game(ctx, game), StartURL: templates.StartURL(game)}
	// An exam's answers are reported apart and count in no practice
	// figure, mastery included (practice.Practised; docs/classes.md).
	if exams := practice.Exams(as); len(exams) > 0 {
		right := 0
		for _, a := range exams {
			if a.Correct {
				right++
			}
		}
		gp.Exams = say.T(ctx, "glance.progress_exams", "Count", len(exams), "Share", say.Percent(right, len(exams)))
		as = practice.Practised(as)
	}
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
	gp.Right, gp.OnTime = say.Percent(correct, gp.Answered), say.Percent(onTime, gp.Answered)
	gp.MeanTime = say.Seconds(ctx, total/time.Duration(max(gp.Answered, 1)), 1)
	skills := practice.Skills(as)
	mastered := 0
	for _, sk := range skills {
		if sk.Stage == eval.StageMastered {
			mastered++
		}
		gp.Rows = append(gp.Rows, templates.SkillRow{
			Skill: say.Skill(ctx, sk.Skill), Answered: sk.Attempts, Right: say.Percent(sk.Correct, sk.Attempts), Recent: say.Share(sk.Accuracy),
			MeanTime: say.Seconds(ctx, sk.MeanElapsed(), 1), OnTime: say.Percent(sk.OnTime, sk.Attempts), Mastery: say.Stage(ctx, sk.Stage),
		})
	}
	gp.Mastery = say.T(ctx, "progress.mastered", "Count", len(skills), "Mastered", mastered)
	var practised []*trainer.PracticeSession
	for _, sess := range sessions {
		if sess.Mode != trainer.ModeExam {
			practised = append(practised, sess)
		}
	}
	gp.Trend = trendChart(ctx, game, practised)
	gp.Skills = masteryChart(ctx, game, skills)
	return gp
}

// progressFigures define the progress page's figures, each once: the stats,
// the charts and the table use these names and nothing else. Recent
// accuracy and the stage are package eval's mastery model, which the
// manager's pages (the weakest skills) show too.
func progressFigures(ctx context.Context) []templates.ProgressFigure {
	return []templates.ProgressFigure{
		{Name: say.T(ctx, "progress.right"), Means: say.T(ctx, "progress.right_means")},
		{Name: say.T(ctx, "progress.recent"), Means: say.T(ctx, "progress.recent_means")},
		{Name: say.T(ctx, "progress.on_time"), Means: say.T(ctx, "progress.on_time_means")},
		{Name: say.T(ctx, "progress.stage"), Means: say.T(ctx, "progress.stage_means", "Min", eval.MinAttempts,
			"Practised", say.Share(eval.PractisedAccuracy), "Mastered", eval.MasteredAttempts,
			"Accuracy", say.Share(eval.MasteredAccuracy), "Speed", say.Share(eval.MasteredSpeed))},
	}
}

// trendChart plots the share of answers right (templates.ProgressFigures) in
// each of the last sessions, oldest on the left.
func trendChart(ctx context.Context, game string, sessions []*trainer.PracticeSession) templates.Chart {
	c := templates.Chart{ID: "trend-" + game, Title: say.T(ctx, "progress.trend_title"), Width: 340, Height: 170}
	if len(sessions) == 0 {
		c.Empty = say.T(ctx, "progress.trend_empty")
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
		label := say.T(ctx, "progress.trend_point", "N", i+1, "Date", say.DayMonth(ctx, sess.StartedAt),
			"Share", say.Percent(sess.Correct, sess.Answered), "Right", sess.Correct, "Answered", sess.Answered)
		c.Points = append(c.Points, templates.ChartPoint{X: x, Y: y, Label: label})
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		path = append(path, fmt.Sprintf("%s%.1f %.1f", cmd, x, y))
		desc = append(desc, say.Percent(sess.Correct, sess.Answered))
	}
	c.Line = strings.Join(path, " ")
	c.Desc = say.T(ctx, "progress.trend_desc", "Count", n, "Shares", strings.Join(desc, ", "))
	return c
}

// chartLabelRunes is how many letters of a bar's label the mastery chart's
// 340 units hold at its 12 px bold: an SVG text does not wrap, and a longer
// one (a Russian skill's name) ran off the page. Cyrillic letters are wider.
func chartLabelRunes(ctx context.Context) int {
	if i18n.FromContext(ctx).Lang() == "ru" {
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
func masteryChart(ctx context.Context, game string, skills []practice.SkillStat) templates.Chart {
	c := templates.Chart{ID: "mastery-" + game, Title: say.T(ctx, "progress.mastery_title"), Width: 340}
	if len(skills) == 0 {
		c.Empty = say.T(ctx, "progress.mastery_empty")
		return c
	}
	const label, bar, gap = 16.0, 14.0, 10.0
	var desc []string
	y := 0.0
	for _, sk := range skills {
		name, full := fitLabel(say.Skill(ctx, sk.Skill)+" · "+say.Stage(ctx, sk.Stage), chartLabelRunes(ctx))
		b := templates.ChartBar{
			Label: name, Full: full, Value: say.Share(sk.Accuracy),
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
	c.Desc = say.T(ctx, "progress.mastery_desc", "Bars", strings.Join(desc, "; "))
	return c
}

// History is the trainee's list of answers, newest first, of game ("" for
// every game) among games; more is the next page's address, or "".
func History(ctx context.Context, page templates.Page, games []string, game string, as []*trainer.Attempt, more string) templates.HistoryView {
	page.Title = say.Msg("home.answers")
	v := templates.HistoryView{Page: page, MoreURL: more}
	v.Games = append(v.Games, templates.ChoiceOption{Value: "/history", Label: say.T(ctx, "history.all_games"), Selected: game == ""})
	for _, g := range games {
		v.Games = append(v.Games, templates.ChoiceOption{Value: "/history?game=" + url.QueryEscape(g), Label: say.Game(ctx, g), Selected: g == game})
	}
	for _, a := range as {
		v.Rows = append(v.Rows, HistoryRow(ctx, a, false))
	}
	return v
}

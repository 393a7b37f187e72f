package view

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// CertGame is one game's certification as the trainee's home page shows
// it: its standard's policy and eval's status now.
type CertGame struct {
	Game   string
	Policy rulebook.Policy
	Status eval.CertStatus
}

// CertHome is the certification part of a trainee's home page: each game's
// state, and the exam or the refresher to take. approved says whether the
// rules in use are approved, without which no exam starts.
func CertHome(ctx context.Context, gs []CertGame, approved bool) templates.CertHomeView {
	var v templates.CertHomeView
	if !approved {
		v.RulesNote = say.T(ctx, "cert.rules_not_approved")
	}
	for _, g := range gs {
		st, policy := g.Status, g.Policy
		t := templates.CertTile{Game: g.Game, GameName: say.Game(ctx, g.Game), State: say.CertState(ctx, st.State),
			StateClass: string(st.State), Since: say.CertSince(ctx, st), Detail: say.CertBlocked(ctx, st, policy)}
		if st.State.MayDeal() {
			t.Detail = say.T(ctx, "cert.valid_until", "Date", say.Date(ctx, st.Expires))
			switch {
			case st.PendingExam != nil:
				t.Detail += " " + say.T(ctx, "cert.recert_passed")
			case st.CanStartExam:
				t.Detail += " " + say.T(ctx, "cert.recert_open")
			case st.State == eval.StateCertified:
				t.Detail += " " + say.T(ctx, "cert.recert_opens", "Date", say.Date(ctx, eval.DueFrom(st.Expires, policy)))
			}
		}
		if st.CanStartExam && approved {
			t.ExamURL = "/exams/new?game=" + url.QueryEscape(g.Game)
		}
		if st.RefresherRequired {
			t.ReviewURL = templates.StartURL(g.Game) + "&mode=review"
		}
		v.Tiles = append(v.Tiles, t)
	}
	return v
}

// StandardRows describe a game's standard per kind: items, levels, the
// accuracy required and the time allowed.
func StandardRows(ctx context.Context, st *rulebook.Standard) []templates.StandardRow {
	var out []templates.StandardRow
	for _, k := range st.Kinds() {
		row := templates.StandardRow{Kind: say.Kind(ctx, k), Required: strconv.Itoa(st.Thresholds[k].Accuracy) + " %",
			Seconds: say.Seconds(ctx, time.Duration(st.Thresholds[k].Seconds)*time.Second, 0)}
		var levels []string
		for _, b := range st.Blueprint {
			if b.Kind == k {
				row.Items += b.Count
				levels = append(levels, strconv.Itoa(b.Level))
			}
		}
		row.Levels = say.T(ctx, "standard.levels", "Count", len(levels), "Levels", strings.Join(levels, ", "))
		out = append(out, row)
	}
	return out
}

package server

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// Certification shared by the trainee's and the managers' pages: the state
// of one trainee's certification in one game is eval's, from the events the
// store keeps and the house's policy; nothing here decides it.

// statusOf is eval's state of the certification rec describes, now.
func (s *Server) statusOf(rec trainer.CertRecord, game string) eval.CertStatus {
	return eval.Certification(eval.CertHistory{Events: rec.Events, RefresherAt: rec.RefresherAt},
		s.house.Certification[game].Policy, s.db.Clock())
}

// certStatus reads and judges the certification of trainee userID in game.
// An expiry seen for the first time is put on record.
func (s *Server) certStatus(ctx context.Context, userID int64, game string) (eval.CertStatus, error) {
	rec, err := s.db.FindCertRecord(ctx, userID, game)
	if err != nil {
		return eval.CertStatus{}, err
	}
	st := s.statusOf(rec, game)
	if st.ExpiryUnrecorded {
		if st, err = s.noticeExpiry(ctx, rec, st); err != nil {
			return st, err
		}
	}
	return st, nil
}

// noticeExpiry records that the certificate of st has expired, with the
// refresher it assigns, the first time the kiosk sees it (whichever page
// that is). Two requests noticing it at once record it once.
func (s *Server) noticeExpiry(ctx context.Context, rec trainer.CertRecord, st eval.CertStatus) (eval.CertStatus, error) {
	e := &trainer.CertEvent{UserID: rec.UserID, Game: rec.Game, Kind: trainer.EventExpired, At: st.Expires, RefID: st.Grant.ID}
	err := s.db.RecordCertEvent(ctx, e, func(now trainer.CertRecord) error {
		if !s.statusOf(now, rec.Game).ExpiryUnrecorded {
			return trainer.Errorf(trainer.KindConflict, "The expiry is on record already.")
		}
		return nil
	})
	if err != nil && trainer.KindOf(err) != trainer.KindConflict {
		return st, err
	}
	st.ExpiryUnrecorded = false
	return st, nil
}

// rulesApproved reports whether a manager has approved the rules version the
// kiosk runs with.
func (s *Server) rulesApproved(ctx context.Context) (bool, error) {
	v, err := s.db.FindRulesVersion(ctx, s.plan.Version())
	if err != nil {
		return false, err
	}
	return v.Approved(), nil
}

// certHome is the certification part of a trainee's home page: each game's
// state, and the exam or the refresher to take.
func (s *Server) certHome(ctx context.Context, u *trainer.User) (templates.CertHomeView, error) {
	var v templates.CertHomeView
	l := i18n.FromContext(ctx)
	approved, err := s.rulesApproved(ctx)
	if err != nil {
		return v, err
	}
	if !approved {
		v.RulesNote = l.T("cert.rules_not_approved")
	}
	for _, game := range s.certGames() {
		st, err := s.certStatus(ctx, u.ID, game)
		if err != nil {
			return v, err
		}
		policy := s.house.Certification[game].Policy
		t := templates.CertTile{Game: game, GameName: s.gameName(game), State: certStateLabel(l, st.State), StateClass: string(st.State),
			Since: certSince(l, st), Detail: certBlocked(l, st, policy)}
		if st.State.MayDeal() {
			t.Detail = l.T("cert.valid_until", "Date", l.Date(st.Expires.Local()))
			switch {
			case st.PendingExam != nil:
				t.Detail += " " + l.T("cert.recert_passed")
			case st.CanStartExam:
				t.Detail += " " + l.T("cert.recert_open")
			case st.State == eval.StateCertified:
				t.Detail += " " + l.T("cert.recert_opens", "Date", l.Date(eval.DueFrom(st.Expires, policy).Local()))
			}
		}
		if st.CanStartExam && approved {
			t.ExamURL = "/exams/new?game=" + url.QueryEscape(game)
		}
		if st.RefresherRequired {
			t.ReviewURL = "/practice/new?game=" + url.QueryEscape(game) + "&mode=review"
		}
		v.Tiles = append(v.Tiles, t)
	}
	return v, nil
}

// certGames lists the games with a certification standard, in the kiosk's order.
func (s *Server) certGames() []string {
	var out []string
	for _, g := range rulebook.GameSlugs {
		if _, ok := s.house.Certification[g]; ok && slices.Contains(s.plan.Games(), g) {
			out = append(out, g)
		}
	}
	return out
}

// certStateLabel is eval's certification state in l's language
// (eval.CertState.Label's English).
func certStateLabel(l *i18n.Localizer, s eval.CertState) string {
	if key := "cert.state_" + string(s); l.T(key) != key {
		return l.T(key)
	}
	return s.Label()
}

// certSince is the date a state began, in l's language (sinceText's English).
func certSince(l *i18n.Localizer, st eval.CertStatus) string {
	if st.Since.IsZero() {
		return ""
	}
	return l.T("cert.since", "Date", l.Date(st.Since.Local()))
}

// certBlocked says why the exam of st cannot start now, in l's language:
// eval.Certification's st.Blocked, case for case (its switch's order), from
// the status's own fields; "" when the exam may start.
func certBlocked(l *i18n.Localizer, st eval.CertStatus, p rulebook.Policy) string {
	switch {
	case st.Blocked == "":
		return ""
	case st.State == eval.StateCertified:
		return l.T("cert.blocked_certified", "Until", l.Date(st.Expires.Local()), "Opens", l.Date(eval.DueFrom(st.Expires, p).Local()))
	case st.PendingExam != nil:
		return l.T("cert.blocked_passed")
	case st.NeedsAllowance:
		return l.T("cert.blocked_sittings", "Count", 1+p.Retakes)
	case !st.NextExamAt.IsZero():
		return l.T("cert.blocked_wait", "At", l.DateTime(st.NextExamAt.Local()), "Count", p.RetakeWaitHours)
	case st.RefresherRequired && st.State == eval.StateRevoked:
		return l.T("cert.blocked_refresher_revoked")
	case st.RefresherRequired:
		return l.T("cert.blocked_refresher_expired")
	}
	return st.Blocked
}

// sinceText is the date a state began, as the dashboard shows it.
func sinceText(st eval.CertStatus) string {
	if st.Since.IsZero() {
		return ""
	}
	return "since " + dateText(st.Since)
}

// dateText writes a date as the kiosk prints it.
func dateText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format("2 Jan 2006")
}

// dateTimeText writes a moment as the kiosk prints it.
func dateTimeText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format("2 Jan 2006 15:04")
}

// standardRowsIn describes a game's standard per kind in l's language:
// items, levels, the accuracy required and the time allowed.
func standardRowsIn(l *i18n.Localizer, st *rulebook.Standard) []templates.StandardRow {
	var out []templates.StandardRow
	for _, k := range st.Kinds() {
		row := templates.StandardRow{Kind: kindName(l, k), Required: strconv.Itoa(st.Thresholds[k].Accuracy) + " %",
			Seconds: l.Seconds(time.Duration(st.Thresholds[k].Seconds)*time.Second, 0)}
		var levels []string
		for _, b := range st.Blueprint {
			if b.Kind == k {
				row.Items += b.Count
				levels = append(levels, strconv.Itoa(b.Level))
			}
		}
		row.Levels = l.T("standard.levels", "Count", len(levels), "Levels", strings.Join(levels, ", "))
		out = append(out, row)
	}
	return out
}

// accuracyText writes right/items as a percentage, with one decimal when it
// is not whole: "87.5 %".
func accuracyText(right, items int) string {
	switch {
	case items == 0:
		return "–"
	case right*100%items == 0:
		return strconv.Itoa(right*100/items) + " %"
	}
	return fmt.Sprintf("%.1f %%", float64(right)*100/float64(items))
}

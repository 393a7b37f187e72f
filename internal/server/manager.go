package server

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The managers' dashboard (issue 8): who may deal which game, who is due,
// where the class is weak. States are eval's; the store gives the events.

const (
	// weakestSkills is how many skills a trainee's line names.
	weakestSkills = 3
	// weakHistory bounds the answers read per trainee for the weakest skills.
	weakHistory = 2000
	// missedRows is how many questions and rulings the class lists show.
	missedRows = 8
)

func traineeFileURL(id int64) string { return fmt.Sprintf("/manager/trainees/%d", id) }

// certFilter is the dashboard's filter, from the query (?game=&state=): an
// unknown value is no filter. The state is eval's Step: what the
// certification waits for ("exam_failed", "table_test", "due" …).
type certFilter struct {
	game string
	step eval.Step
}

func (s *Server) readCertFilter(q url.Values) certFilter {
	var f certFilter
	if g := q.Get("game"); slices.Contains(s.certGames(), g) {
		f.game = g
	}
	st := eval.Step(q.Get("state"))
	if st == eval.Step(eval.StateExamPassed) {
		st = eval.StepTableTest // the state's old name, in links kept from before
	}
	if slices.Contains(eval.Steps, st) {
		f.step = st
	}
	return f
}

// matches reports whether a certification in step st is shown under f.
func (f certFilter) matches(st eval.Step) bool { return f.step == "" || f.step == st }

func (f certFilter) query() string {
	v := url.Values{}
	if f.game != "" {
		v.Set("game", f.game)
	}
	if f.step != "" {
		v.Set("state", string(f.step))
	}
	if len(v) == 0 {
		return ""
	}
	return "?" + v.Encode()
}

// certRow is one trainee's certification in one game, judged now.
type certRow struct {
	user   *trainer.User
	game   string
	status eval.CertStatus
}

// certRows judges every active trainee's certification in every game (or
// f's game), noting expiries seen for the first time. Rows come by trainee
// name, then in the kiosk's order of games.
func (s *Server) certRows(ctx context.Context, f certFilter) ([]certRow, error) {
	users, err := s.db.ListUsers(ctx, trainer.UserFilter{Role: trainer.RoleTrainee, ActiveOnly: true, SiteID: s.scopeSite(ctx)})
	if err != nil {
		return nil, err
	}
	byKey, err := s.certRecordsByKey(ctx, f.game)
	if err != nil {
		return nil, err
	}
	var out []certRow
	for _, u := range users {
		for _, g := range s.certGames() {
			if f.game != "" && g != f.game {
				continue
			}
			rec, ok := byKey[certKey{u.ID, g}]
			if !ok {
				rec = trainer.CertRecord{UserID: u.ID, Game: g}
			}
			st := s.statusOf(rec, g)
			if st.ExpiryUnrecorded {
				if st, err = s.noticeExpiry(ctx, rec, st); err != nil {
					return nil, err
				}
			}
			out = append(out, certRow{user: u, game: g, status: st})
		}
	}
	return out, nil
}

// handleManagerHome is the dashboard: ?game= and ?state= narrow it.
func (s *Server) handleManagerHome(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	f := s.readCertFilter(r.URL.Query())
	rows, err := s.certRows(ctx, f)
	if err != nil {
		s.error(w, r, err)
		return
	}
	l := loc(r)
	v := templates.DashboardView{Page: s.page(r, t(r, "nav.dashboard"), "dashboard"), CSVURL: "/manager/certifications.csv" + f.query()}
	v.Filter = s.dashboardFilter(l, f)
	for _, g := range s.certGames() {
		if f.game == "" || g == f.game {
			v.Games = append(v.Games, s.gameNameIn(l, g))
		}
	}
	now := s.db.Clock()
	var line *templates.DashboardRow
	var lineUser int64
	var matched bool
	var rowUsers []int64 // the trainee of each of v.Rows
	trainees := 0
	var due, expired []certRow
	flush := func() {
		if line != nil {
			trainees++
		}
		if line != nil && (f.step == "" || matched) {
			v.Rows = append(v.Rows, *line)
			rowUsers = append(rowUsers, lineUser)
		}
	}
	for _, cr := range rows {
		if line == nil || lineUser != cr.user.ID {
			flush()
			line = &templates.DashboardRow{Trainee: cr.user.Name, Badge: cr.user.Badge, URL: traineeFileURL(cr.user.ID)}
			lineUser, matched = cr.user.ID, false
		}
		cell := templates.CertCell{GameName: s.gameNameIn(l, cr.game)}
		if f.matches(cr.status.Step()) {
			cell = s.certCell(l, cr.game, cr.status, now)
			matched = true
		}
		line.Cells = append(line.Cells, cell)
		switch cr.status.State {
		case eval.StateDue:
			due = append(due, cr)
		case eval.StateExpired:
			expired = append(expired, cr)
		}
	}
	flush()
	v.Count = traineeCount(l, len(v.Rows), trainees, f.step != "")
	// Soonest to expire first; longest expired first.
	byExpiry := func(a, b certRow) int { return a.status.Expires.Compare(b.status.Expires) }
	slices.SortStableFunc(due, byExpiry)
	slices.SortStableFunc(expired, byExpiry)
	for _, cr := range due {
		v.Due = append(v.Due, s.certListRow(l, cr, now))
	}
	for _, cr := range expired {
		v.Expired = append(v.Expired, s.certListRow(l, cr, now))
	}
	for i := range v.Rows {
		if v.Rows[i].Weakest, err = s.weakest(ctx, l, rowUsers[i], f.game); err != nil {
			s.error(w, r, err)
			return
		}
	}
	if v.Questions, err = s.missed(ctx, l, trainer.MissFilter{Game: f.game, ExcludeKind: "ruling", Limit: missedRows}); err != nil {
		s.error(w, r, err)
		return
	}
	if v.Rulings, err = s.missed(ctx, l, trainer.MissFilter{Game: f.game, Kind: "ruling", Limit: missedRows}); err != nil {
		s.error(w, r, err)
		return
	}
	if f.step == "" && s.scopeSite(ctx) == 0 {
		if v.Sites, err = s.compareSites(ctx, rows); err != nil {
			s.error(w, r, err)
			return
		}
	}
	if v.Visiting, err = s.visitingDealers(ctx); err != nil {
		s.error(w, r, err)
		return
	}
	approved, err := s.rulesApproved(ctx)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if !approved {
		v.RulesNote = l.T("dash.rules_note", "Version", s.plan.Version())
		v.RulesURL = rulesURL(s.plan.Version())
	}
	rep, err := s.db.VerifyAudit(ctx)
	if err != nil {
		v.AuditHead = l.T("dash.audit_broken", "Error", err.Error())
	} else {
		v.AuditHead = l.T("dash.audit_head", "Entries", rep.Entries, "Head", rep.Head)
	}
	s.render(w, r, http.StatusOK, templates.ManagerHomePage(v), nil)
}

// dashboardFilter is the filter form's choices, f's selected.
func (s *Server) dashboardFilter(l *i18n.Localizer, f certFilter) templates.DashboardFilter {
	df := templates.DashboardFilter{Any: f.game != "" || f.step != ""}
	df.Games = append(df.Games, templates.ChoiceOption{Value: "", Label: l.T("dash.all_games"), Selected: f.game == ""})
	for _, g := range s.certGames() {
		df.Games = append(df.Games, templates.ChoiceOption{Value: g, Label: s.gameNameIn(l, g), Selected: g == f.game})
	}
	df.States = append(df.States, templates.ChoiceOption{Value: "", Label: l.T("dash.every_state"), Selected: f.step == ""})
	for _, st := range eval.Steps {
		df.States = append(df.States, templates.ChoiceOption{Value: string(st), Label: stepLabel(l, st), Selected: st == f.step})
	}
	return df
}

// traineeCount says how many trainees the dashboard shows.
func traineeCount(l *i18n.Localizer, shown, all int, filtered bool) string {
	if filtered && shown != all {
		return l.T("dash.count_of", "Count", shown, "All", all)
	}
	return l.T("dash.count", "Count", all)
}

// certCell is one certification on the dashboard: what it waits for (eval's
// Step) with its date, and a note on what comes next. It reads as one
// sentence: "Exam failed — next sitting on 3 Dec 2026 14:00".
func (s *Server) certCell(l *i18n.Localizer, game string, st eval.CertStatus, now time.Time) templates.CertCell {
	step := st.Step()
	c := templates.CertCell{GameName: s.gameNameIn(l, game), State: stepLabel(l, step), StateClass: string(step), Step: string(step)}
	date := func(t time.Time) string { return dateIn(l, t) }
	moment := func(t time.Time) string { return dateTimeIn(l, t) }
	at := st.StepDate()
	switch step {
	case eval.StepTableTest:
		c.Date = l.T("dash.exam_passed_on", "Date", date(at))
		switch {
		case st.LastTableTest != nil && st.LastTableTest.Kind != trainer.EventTablePass:
			c.Note = l.T("dash.event_on", "Event", strings.ToLower(certEventLabel(l, st.LastTableTest.Kind)), "Date", date(st.LastTableTest.At))
		case st.State.MayDeal():
			c.Note = l.T("dash.recert_certified_until", "Date", date(st.Expires))
		}
	case eval.StepExamFailed:
		switch {
		case st.NeedsAllowance:
			c.Date = l.T("dash.no_sittings_left_on", "Date", date(at))
			c.Note = l.T("dash.must_allow")
		case now.Before(at):
			c.Date = l.T("dash.next_sitting", "At", moment(at))
		default:
			c.Date = l.T("dash.may_sit_since", "Date", date(at))
		}
		switch st.State {
		case eval.StateExpired:
			c.Note = joinNote(c.Note, l.T("dash.cert_expired_on", "Date", date(st.Expires)))
		case eval.StateRevoked:
			c.Note = joinNote(c.Note, l.T("dash.cert_revoked_on", "Date", date(st.Revocation.At)))
		}
	case eval.StepDue:
		c.Date = l.T("dash.expires_on", "Date", date(at))
		switch {
		case st.LastFailed != nil && now.Before(st.RetakeFrom) && !st.NeedsAllowance:
			c.Note = l.T("dash.recert_failed_next", "At", moment(st.RetakeFrom))
		case st.NeedsAllowance:
			c.Note = l.T("dash.recert_failed_none")
		case st.CanStartExam:
			c.Note = l.T("dash.recert_open")
		}
	case eval.StepCertified:
		c.Date = l.T("dash.until", "Date", date(at))
	case eval.StepExpired:
		c.Date = l.T("dash.on", "Date", date(at))
		if st.RefresherRequired {
			c.Note = l.T("dash.refresher_required")
		} else {
			c.Note = l.T("dash.refresher_done")
		}
	case eval.StepRevoked:
		c.Date = l.T("dash.on", "Date", date(at))
		if st.RefresherRequired {
			c.Note = l.T("dash.refresher_required")
		}
	default:
		if at.IsZero() {
			c.Date = l.T("dash.no_exam_yet")
		} else {
			c.Date = l.T("dash.since", "Date", date(at))
		}
	}
	return c
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// certListRow is a line of the due or the expired list.
func (s *Server) certListRow(l *i18n.Localizer, cr certRow, now time.Time) templates.CertListRow {
	left := cr.status.Expires.Sub(now)
	var when string
	switch {
	case left > 24*time.Hour:
		when = l.T("dash.in_days", "Count", int(math.Ceil(left.Hours()/24))) // any part of a day left counts
	case left > 0:
		when = l.T("dash.within_a_day")
	default:
		when = l.T("dash.days_ago", "Count", int(-left.Hours()/24))
	}
	return templates.CertListRow{Trainee: cr.user.Name, URL: traineeFileURL(cr.user.ID), GameName: s.gameNameIn(l, cr.game),
		Date: dateIn(l, cr.status.Expires), When: when}
}

// weakest names the trainee's weakest skills (in game, or every game): the
// lowest recent accuracy among skills answered at least eval.MinAttempts
// times and not wholly right, by package eval's mastery.
func (s *Server) weakest(ctx context.Context, l *i18n.Localizer, userID int64, game string) ([]string, error) {
	as, err := s.db.ListAttempts(ctx, trainer.AttemptFilter{UserID: userID, Game: game, Answered: true, Limit: weakHistory})
	if err != nil {
		return nil, err
	}
	var weak []practice.SkillStat
	for _, sk := range practice.Skills(as) {
		if sk.Attempts >= eval.MinAttempts && sk.Accuracy < 1 {
			weak = append(weak, sk)
		}
	}
	slices.SortStableFunc(weak, func(a, b practice.SkillStat) int { return cmp.Compare(a.Accuracy, b.Accuracy) })
	var out []string
	for _, sk := range weak[:min(len(weak), weakestSkills)] {
		out = append(out, fmt.Sprintf("%s (%s) %s", s.questionWordsIn(l, sk.Skill), s.gameNameIn(l, practice.SkillGame(sk.Skill)), share(sk.Accuracy)))
	}
	return out, nil
}

// missed lists what the class misses most.
func (s *Server) missed(ctx context.Context, l *i18n.Localizer, f trainer.MissFilter) ([]templates.MissRow, error) {
	ms, err := s.db.MissedSkills(ctx, f)
	if err != nil {
		return nil, err
	}
	var out []templates.MissRow
	for _, m := range ms {
		row := templates.MissRow{GameName: s.gameNameIn(l, m.Game), Skill: s.questionWordsIn(l, m.Skill), Wrong: m.Wrong,
			Answered: m.Answered, Share: percent(m.Wrong, m.Answered), Mistake: s.mistakeWordsIn(l, m.Mistake)}
		out = append(out, row)
	}
	return out, nil
}

// certKey finds a trainee's certification record in one game.
type certKey struct {
	user int64
	game string
}

// certRecordsByKey is every certification record of game ("" for all
// games), by trainee and game.
func (s *Server) certRecordsByKey(ctx context.Context, game string) (map[certKey]trainer.CertRecord, error) {
	recs, err := s.db.ListCertRecords(ctx, game)
	if err != nil {
		return nil, err
	}
	byKey := make(map[certKey]trainer.CertRecord, len(recs))
	for _, r := range recs {
		byKey[certKey{r.UserID, r.Game}] = r
	}
	return byKey, nil
}

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
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/sqlite"
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
// unknown value is no filter.
type certFilter struct {
	game  string
	state eval.CertState
}

func (s *Server) readCertFilter(q url.Values) certFilter {
	var f certFilter
	if g := q.Get("game"); slices.Contains(s.certGames(), g) {
		f.game = g
	}
	if st := eval.CertState(q.Get("state")); slices.Contains(eval.CertStates, st) {
		f.state = st
	}
	return f
}

func (f certFilter) query() string {
	v := url.Values{}
	if f.game != "" {
		v.Set("game", f.game)
	}
	if f.state != "" {
		v.Set("state", string(f.state))
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
	users, err := s.db.ListUsers(ctx, sqlite.UserFilter{Role: trainer.RoleTrainee, ActiveOnly: true})
	if err != nil {
		return nil, err
	}
	recs, err := s.db.ListCertRecords(ctx, f.game)
	if err != nil {
		return nil, err
	}
	type key struct {
		user int64
		game string
	}
	byKey := map[key]sqlite.CertRecord{}
	for _, r := range recs {
		byKey[key{r.UserID, r.Game}] = r
	}
	var out []certRow
	for _, u := range users {
		for _, g := range s.certGames() {
			if f.game != "" && g != f.game {
				continue
			}
			rec, ok := byKey[key{u.ID, g}]
			if !ok {
				rec = sqlite.CertRecord{UserID: u.ID, Game: g}
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
	v := templates.DashboardView{Page: s.page(r, "Dashboard", "dashboard"), CSVURL: "/manager/certifications.csv" + f.query()}
	v.Filter = s.dashboardFilter(f)
	for _, g := range s.certGames() {
		if f.game == "" || g == f.game {
			v.Games = append(v.Games, s.gameName(g))
		}
	}
	now := s.db.Now()
	var line *templates.DashboardRow
	var lineUser int64
	var matched bool
	var rowUsers []int64 // the trainee of each of v.Rows
	flush := func() {
		if line != nil && (f.state == "" || matched) {
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
		cell := templates.CertCell{}
		if f.state == "" || cr.status.State == f.state {
			cell = certCell(cr.status)
			matched = true
		}
		line.Cells = append(line.Cells, cell)
		switch cr.status.State {
		case eval.StateDue:
			v.Due = append(v.Due, s.certListRow(cr, now))
		case eval.StateExpired:
			v.Expired = append(v.Expired, s.certListRow(cr, now))
		}
	}
	flush()
	// Soonest to expire first; longest expired first.
	slices.SortStableFunc(v.Due, func(a, b templates.CertListRow) int { return cmp.Compare(a.Date, b.Date) })
	slices.SortStableFunc(v.Expired, func(a, b templates.CertListRow) int { return cmp.Compare(a.Date, b.Date) })
	for i := range v.Rows {
		if v.Rows[i].Weakest, err = s.weakest(ctx, rowUsers[i], f.game); err != nil {
			s.error(w, r, err)
			return
		}
	}
	if v.Questions, err = s.missed(ctx, sqlite.MissFilter{Game: f.game, ExcludeKind: "ruling", Limit: missedRows}); err != nil {
		s.error(w, r, err)
		return
	}
	if v.Rulings, err = s.missed(ctx, sqlite.MissFilter{Game: f.game, Kind: "ruling", Limit: missedRows}); err != nil {
		s.error(w, r, err)
		return
	}
	approved, err := s.rulesApproved(ctx)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if !approved {
		v.RulesNote = "The house rules in use (version " + s.plan.Version() + ") wait for approval: no exam can start until a manager approves them."
		v.RulesURL = rulesURL(s.plan.Version())
	}
	rep, err := s.db.VerifyAudit(ctx)
	if err != nil {
		v.AuditHead = "The audit log is broken: " + err.Error() + " Run trainer audit verify."
	} else {
		v.AuditHead = fmt.Sprintf("Audit log: %d entries, head %s", rep.Entries, rep.Head)
	}
	s.render(w, r, http.StatusOK, templates.ManagerHomePage(v), nil)
}

// dashboardFilter is the filter form's choices, f's selected.
func (s *Server) dashboardFilter(f certFilter) templates.DashboardFilter {
	df := templates.DashboardFilter{Any: f.game != "" || f.state != ""}
	df.Games = append(df.Games, templates.ChoiceOption{Value: "", Label: "All games", Selected: f.game == ""})
	for _, g := range s.certGames() {
		df.Games = append(df.Games, templates.ChoiceOption{Value: g, Label: s.gameName(g), Selected: g == f.game})
	}
	df.States = append(df.States, templates.ChoiceOption{Value: "", Label: "Every state", Selected: f.state == ""})
	for _, st := range eval.CertStates {
		df.States = append(df.States, templates.ChoiceOption{Value: string(st), Label: st.Label(), Selected: st == f.state})
	}
	return df
}

// certCell is one certification on the dashboard: its state, the date it
// began (the expiry for a certificate in force), and what it waits for.
func certCell(st eval.CertStatus) templates.CertCell {
	c := templates.CertCell{State: st.State.Label(), StateClass: string(st.State), Date: dateText(st.Since)}
	switch {
	case st.State.MayDeal():
		c.Date = "until " + dateText(st.Expires)
		if st.PendingExam != nil {
			c.Note = "recertification exam passed: table test next"
		}
	case st.State == eval.StateExamPassed:
		c.Note = "table test next"
		if st.LastTableTest != nil && st.LastTableTest.Kind != trainer.EventTablePass {
			c.Note = strings.ToLower(st.LastTableTest.Kind.Label()) + " " + dateText(st.LastTableTest.At)
		}
	case st.NeedsAllowance:
		c.Note = "no sittings left"
	case st.RefresherRequired:
		c.Note = "refresher required"
	}
	return c
}

// certListRow is a line of the due or the expired list.
func (s *Server) certListRow(cr certRow, now time.Time) templates.CertListRow {
	left := cr.status.Expires.Sub(now)
	var when string
	switch {
	case left > 24*time.Hour:
		when = fmt.Sprintf("in %d days", int(math.Ceil(left.Hours()/24))) // any part of a day left counts
	case left > 0:
		when = "within a day"
	default:
		when = fmt.Sprintf("%d days ago", int(-left.Hours()/24))
	}
	return templates.CertListRow{Trainee: cr.user.Name, URL: traineeFileURL(cr.user.ID), GameName: s.gameName(cr.game),
		Date: cr.status.Expires.Format("2006-01-02"), When: when}
}

// weakest names the trainee's weakest skills (in game, or every game): the
// lowest recent accuracy among skills answered at least eval.MinAttempts
// times and not wholly right, by package eval's mastery.
func (s *Server) weakest(ctx context.Context, userID int64, game string) ([]string, error) {
	as, err := s.db.ListAttempts(ctx, sqlite.AttemptFilter{UserID: userID, Game: game, Answered: true, Limit: weakHistory})
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
		out = append(out, fmt.Sprintf("%s (%s) %s", s.skillLabel(sk.Skill), s.gameName(practice.SkillGame(sk.Skill)), share(sk.Accuracy)))
	}
	return out, nil
}

// missed lists what the class misses most.
func (s *Server) missed(ctx context.Context, f sqlite.MissFilter) ([]templates.MissRow, error) {
	ms, err := s.db.MissedSkills(ctx, f)
	if err != nil {
		return nil, err
	}
	var out []templates.MissRow
	for _, m := range ms {
		row := templates.MissRow{GameName: s.gameName(m.Game), Skill: s.skillTitle(m.Skill), Wrong: m.Wrong,
			Answered: m.Answered, Share: percent(m.Wrong, m.Answered), Mistake: s.mistakeWords(m.Mistake)}
		out = append(out, row)
	}
	return out, nil
}

// mistakeWords names an anticipated mistake by its id in words: a ruling
// or a sequence by its title, any other by the words of its id after the
// game ("slip.kicker_misread" is "kicker misread").
func (s *Server) mistakeWords(id string) string {
	if id == "" {
		return ""
	}
	if st := s.house.Procedures.Situation(id); st != nil {
		return st.Title
	}
	if q := s.house.Procedures.Sequence(id); q != nil {
		return q.Title
	}
	_, rest, ok := strings.Cut(id, ".")
	if !ok {
		rest = id
	}
	return strings.NewReplacer("_", " ", ".", " ").Replace(rest)
}

// skillTitle names a skill for the class lists, as the practice pages do.
func (s *Server) skillTitle(skill string) string { return s.skillLabel(skill) }

package view

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The managers' dashboard (issue 8): who may deal which game, who is due,
// where the class is weak. States are eval's; the handler reads the store.

// CertFilter is the dashboard's filter (?game=&state=). The state is eval's
// Step: what the certification waits for ("exam_failed", "table_test" …).
type CertFilter struct {
	Game string
	Step eval.Step
}

// ReadCertFilter reads the dashboard's filter from q (?game=&state=): a
// game not among games, or a state that is not a step, is no filter.
func ReadCertFilter(q url.Values, games []string) CertFilter {
	var f CertFilter
	if g := q.Get("game"); slices.Contains(games, g) {
		f.Game = g
	}
	st := eval.Step(q.Get("state"))
	if st == eval.Step(eval.StateExamPassed) {
		st = eval.StepTableTest // the state's old name, in links kept from before
	}
	if slices.Contains(eval.Steps, st) || st == StepReady {
		f.Step = st
	}
	return f
}

// Matches reports whether a certification in step st is shown under f.
func (f CertFilter) Matches(st eval.Step) bool { return f.Step == "" || f.Step == st }

// Query is f as the dashboard's query, "" for no filter.
func (f CertFilter) Query() string {
	v := url.Values{}
	if f.Game != "" {
		v.Set("game", f.Game)
	}
	if f.Step != "" {
		v.Set("state", string(f.Step))
	}
	if len(v) == 0 {
		return ""
	}
	return "?" + v.Encode()
}

// CertRow is one trainee's certification in one game, judged now.
type CertRow = certs.Row

// DashboardFacts are what the dashboard shows, as the handler read them.
type DashboardFacts struct {
	Filter CertFilter
	Games  []string  // the games with a certification standard, in the kiosk's order
	Rows   []CertRow // every active trainee's in the glance's games (or the filter's game), by trainee, then game
	// Glance is the practice the class at a glance sums.
	Glance GlanceFacts
	Now    time.Time
	// Questions and Rulings are what the class misses most.
	Questions, Rulings []trainer.SkillMiss
	// Sites is the director's comparison of the sites, nil elsewhere.
	Sites []SiteTally
	// Visiting are the other sites' dealers who need a table test here.
	Visiting []templates.VisitingRow
	// Version is the rules version in use, Approved whether a manager
	// approved it.
	// Since is the day the version was first used.
	Version  string
	Approved bool
	Since    time.Time
	// Audit is the audit log's report, or AuditErr why it could not be
	// checked.
	Audit    trainer.AuditReport
	AuditErr error
}

// Dashboard is the dashboard of f: the class at a glance (glance), the
// due and expired lists, what the class misses most, the sites, the
// visiting dealers, the rules' approval and the audit log's head.
func Dashboard(ctx context.Context, page templates.Page, f DashboardFacts) templates.DashboardView {
	page.Title = say.Msg("nav.dashboard")
	v := templates.DashboardView{Page: page, CSVURL: certificationsCSVURL(f.Filter, f.Glance.Query)}
	v.Filter = dashboardFilter(ctx, f.Games, f.Filter)
	if h := say.House(ctx); h != nil && h.Records != nil {
		f.Glance.FreshnessYears = h.Records.FreshnessYears
	}
	v.Glance = glance(ctx, f.Rows, f.Filter, f.Glance, f.Now)
	var due, expired []CertRow
	for _, cr := range f.Rows {
		switch cr.Status.State {
		case eval.StateDue:
			due = append(due, cr)
		case eval.StateExpired:
			expired = append(expired, cr)
		}
	}
	// Soonest to expire first; longest expired first.
	byExpiry := func(a, b CertRow) int { return a.Status.Expires.Compare(b.Status.Expires) }
	slices.SortStableFunc(due, byExpiry)
	slices.SortStableFunc(expired, byExpiry)
	for _, cr := range due {
		v.Due = append(v.Due, certListRow(ctx, cr, f.Now))
	}
	for _, cr := range expired {
		v.Expired = append(v.Expired, certListRow(ctx, cr, f.Now))
	}
	v.Questions, v.Rulings = missRows(ctx, f.Questions), missRows(ctx, f.Rulings)
	v.Sites = siteRows(ctx, f.Sites)
	v.Visiting = f.Visiting
	if !f.Approved {
		v.RulesNote = say.T(ctx, "dash.rules_note", "Date", say.Date(ctx, f.Since))
		v.RulesURL = templates.RulesURL(f.Version)
	}
	if f.AuditErr != nil {
		v.AuditHead = say.T(ctx, "dash.audit_broken", "Error", f.AuditErr.Error())
	} else {
		v.AuditHead = say.T(ctx, "dash.audit_head", "Entries", f.Audit.Entries, "Code", say.VerificationCode(f.Audit.Head))
	}
	return v
}

// certificationsCSVURL is the certifications CSV of what the class at a
// glance lists: its class, game, state and search (not its order).
func certificationsCSVURL(filter CertFilter, q GlanceQuery) string {
	v := url.Values{}
	for _, p := range glanceHidden(filter, q) {
		if p.Name != "sort" && p.Name != "dir" {
			v.Set(p.Name, p.Value)
		}
	}
	if q.Search != "" {
		v.Set("q", q.Search)
	}
	if len(v) == 0 {
		return "/manager/certifications.csv"
	}
	return "/manager/certifications.csv?" + v.Encode()
}

// dashboardFilter is the filter form's choices, f's selected.
func dashboardFilter(ctx context.Context, games []string, f CertFilter) templates.DashboardFilter {
	df := templates.DashboardFilter{Any: f.Game != "" || f.Step != ""}
	df.Games = append(df.Games, templates.ChoiceOption{Value: "", Label: say.T(ctx, "dash.all_games"), Selected: f.Game == ""})
	for _, g := range games {
		df.Games = append(df.Games, templates.ChoiceOption{Value: g, Label: say.Game(ctx, g), Selected: g == f.Game})
	}
	df.States = append(df.States, templates.ChoiceOption{Value: "", Label: say.T(ctx, "dash.every_state"), Selected: f.Step == ""})
	df.States = append(df.States, templates.ChoiceOption{Value: string(StepReady), Label: say.T(ctx, "glance.state_ready"), Selected: f.Step == StepReady})
	for _, st := range eval.Steps {
		df.States = append(df.States, templates.ChoiceOption{Value: string(st), Label: say.Step(ctx, st), Selected: st == f.Step})
	}
	return df
}

// traineeCount says how many trainees the dashboard shows.
func traineeCount(ctx context.Context, shown, all int, filtered bool) string {
	if filtered && shown != all {
		return say.T(ctx, "dash.count_of", "Count", shown, "All", all)
	}
	return say.T(ctx, "dash.count", "Count", all)
}

// certCell is one certification on the dashboard: what it waits for (eval's
// Step) with its date, and a note on what comes next. It reads as one
// sentence: "Exam failed — next sitting on 3 Dec 2026 14:00".
func certCell(ctx context.Context, game string, st eval.CertStatus, now time.Time) templates.CertCell {
	step := st.Step()
	c := templates.CertCell{GameName: say.Game(ctx, game), State: say.Step(ctx, step), StateClass: string(step), Step: string(step)}
	date := func(t time.Time) string { return say.Date(ctx, t) }
	moment := func(t time.Time) string { return say.DateTime(ctx, t) }
	at := st.StepDate()
	switch step {
	case eval.StepTableTest:
		c.Date = say.T(ctx, "dash.exam_passed_on", "Date", date(at))
		switch {
		case st.LastTableTest != nil && st.LastTableTest.Kind != trainer.EventTablePass:
			c.Note = say.T(ctx, "dash.event_on", "Event", strings.ToLower(say.CertEvent(ctx, st.LastTableTest.Kind)), "Date", date(st.LastTableTest.At))
		case st.State.MayDeal():
			c.Note = say.T(ctx, "dash.recert_certified_until", "Date", date(st.Expires))
		}
	case eval.StepExamFailed:
		switch {
		case st.NeedsAllowance:
			c.Date = say.T(ctx, "dash.no_sittings_left_on", "Date", date(at))
			c.Note = say.T(ctx, "dash.must_allow")
		case now.Before(at):
			c.Date = say.T(ctx, "dash.next_sitting", "At", moment(at))
		default:
			c.Date = say.T(ctx, "dash.may_sit_since", "Date", date(at))
		}
		switch st.State {
		case eval.StateExpired:
			c.Note = joinNote(c.Note, say.T(ctx, "dash.cert_expired_on", "Date", date(st.Expires)))
		case eval.StateRevoked:
			c.Note = joinNote(c.Note, say.T(ctx, "dash.cert_revoked_on", "Date", date(st.Revocation.At)))
		}
	case eval.StepDue:
		c.Date = say.T(ctx, "dash.expires_on", "Date", date(at))
		switch {
		case st.LastFailed != nil && now.Before(st.RetakeFrom) && !st.NeedsAllowance:
			c.Note = say.T(ctx, "dash.recert_failed_next", "At", moment(st.RetakeFrom))
		case st.NeedsAllowance:
			c.Note = say.T(ctx, "dash.recert_failed_none")
		case st.CanStartExam:
			c.Note = say.T(ctx, "dash.recert_open")
		}
	case eval.StepCertified:
		c.Date = say.T(ctx, "dash.until", "Date", date(at))
	case eval.StepExpired:
		c.Date = say.T(ctx, "dash.on", "Date", date(at))
		if st.RefresherRequired {
			c.Note = say.T(ctx, "dash.refresher_required")
		} else {
			c.Note = say.T(ctx, "dash.refresher_done")
		}
	case eval.StepRevoked:
		c.Date = say.T(ctx, "dash.on", "Date", date(at))
		if st.RefresherRequired {
			c.Note = say.T(ctx, "dash.refresher_required")
		}
	default:
		if at.IsZero() {
			c.Date = say.T(ctx, "dash.no_exam_yet")
		} else {
			c.Date = say.T(ctx, "dash.since", "Date", date(at))
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
func certListRow(ctx context.Context, cr CertRow, now time.Time) templates.CertListRow {
	left := cr.Status.Expires.Sub(now)
	var when string
	switch {
	case left > 24*time.Hour:
		when = say.T(ctx, "dash.in_days", "Count", int(math.Ceil(left.Hours()/24))) // any part of a day left counts
	case left > 0:
		when = say.T(ctx, "dash.within_a_day")
	default:
		when = say.T(ctx, "dash.days_ago", "Count", int(-left.Hours()/24))
	}
	return templates.CertListRow{Trainee: cr.User.Name, URL: templates.TraineeFileURL(cr.User.ID), GameName: say.Game(ctx, cr.Game),
		Date: say.Date(ctx, cr.Status.Expires), When: when}
}

// WeakestSkills is how many skills a trainee's line names.
const WeakestSkills = 3

// Weakest names a trainee's weakest skills among stats: the lowest recent
// accuracy among skills answered at least eval.MinAttempts times and not
// wholly right, by package eval's mastery.
func Weakest(ctx context.Context, stats []practice.SkillStat) []string {
	var weak []practice.SkillStat
	for _, sk := range stats {
		if sk.Attempts >= eval.MinAttempts && sk.Accuracy < 1 {
			weak = append(weak, sk)
		}
	}
	slices.SortStableFunc(weak, func(a, b practice.SkillStat) int { return cmp.Compare(a.Accuracy, b.Accuracy) })
	var out []string
	for _, sk := range weak[:min(len(weak), WeakestSkills)] {
		out = append(out, fmt.Sprintf("%s (%s) %s", say.Question(ctx, sk.Skill), say.Game(ctx, practice.SkillGame(sk.Skill)), say.Share(sk.Accuracy)))
	}
	return out
}

// missRows list what the class misses most.
func missRows(ctx context.Context, ms []trainer.SkillMiss) []templates.MissRow {
	var out []templates.MissRow
	for _, m := range ms {
		out = append(out, templates.MissRow{GameName: say.Game(ctx, m.Game), Skill: say.Question(ctx, m.Skill), Wrong: m.Wrong,
			Answered: m.Answered, Share: say.Percent(m.Wrong, m.Answered), Mistake: say.Mistake(ctx, m.Mistake)})
	}
	return out
}

// SiteTally is one site and game of the director's comparison
// (certs.Certs.CompareSites).
type SiteTally = certs.SiteTally

func siteRows(ctx context.Context, ts []SiteTally) []templates.SiteCompareRow {
	var out []templates.SiteCompareRow
	for _, c := range ts {
		row := templates.SiteCompareRow{Site: c.Site, Game: say.Game(ctx, c.Game), Trainees: c.Trainees,
			Certified: c.Certified, Due: c.Due, Expired: c.Expired, Accuracy: say.T(ctx, "dash.no_answers")}
		if c.Answered > 0 {
			row.Accuracy = say.T(ctx, "dash.share_of_answers", "Percent", c.Correct*100/c.Answered, "Count", c.Answered)
		}
		out = append(out, row)
	}
	return out
}

// Visiting is a dealer of another site whose certification in game asks
// for a table test at site here.
func Visiting(ctx context.Context, u *trainer.User, site, game string, st eval.CertStatus, hereID int64, here string) templates.VisitingRow {
	return templates.VisitingRow{Dealer: u.Name, Site: site, GameName: say.Game(ctx, game), Until: say.Date(ctx, st.Expires),
		URL: templates.FileGameURL(u.ID, game) + "/site-table-test", SiteID: fmt.Sprint(hereID), Here: here}
}

package view

import (
	"context"
	"encoding/base64"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The staff's class pages (issue 23, docs/classes.md): the list of
// classes, a new class's form, a class's page, the prepared lists, the
// roster import's preview and result, and a live drill's report. The
// handler reads the class, the users and the runs; these lay them out and
// say them. The page's title and layout (templates.Page) stay the
// handler's, which knows who is signed in.

// GameWords are games as the templates name them.
func GameWords(slugs []string) []templates.GameWord {
	out := make([]templates.GameWord, len(slugs))
	for i, g := range slugs {
		out[i] = templates.GameWord{Slug: g}
	}
	return out
}

// ClassRows are the classes of the list, each with its instructors (their
// names by ID in names), roster and games, as u sees them.
func ClassRows(recs []*trainer.Class, names map[int64]string, u *trainer.User) []templates.ClassRow {
	var out []templates.ClassRow
	for _, rec := range recs {
		c := (*class.Class)(rec)
		row := templates.ClassRow{URL: templates.ClassURL(c.ID), Name: c.Name, Members: len(c.Members), Games: GameWords(c.Games),
			Starts: c.Starts, Ends: c.Ends, Live: c.RunID != 0, Drives: c.Drives(u), LiveURL: templates.ClassLiveURL(c.ID)}
		for _, id := range c.Instructors {
			row.Instructors = append(row.Instructors, names[id])
		}
		out = append(out, row)
	}
	return out
}

// ClassForm is the new class's form filled with c: the staff (the
// managers and administrators of the staff member's site) to choose
// instructors from, the kiosk's games, and errs on their fields.
func (k *Kiosk) ClassForm(ctx context.Context, c *class.Class, staff []*trainer.User, errs templates.Errors) templates.ClassForm {
	f := templates.ClassForm{Action: "/classes", Name: c.Name, Errors: errs}
	if f.Errors == nil {
		f.Errors = templates.Errors{}
	}
	if !c.Starts.IsZero() {
		f.Starts = c.Starts.Format(time.DateOnly)
	}
	if !c.Ends.IsZero() {
		f.Ends = c.Ends.Format(time.DateOnly)
	}
	for _, u := range staff {
		if class.CheckInstructor(u) != nil {
			continue
		}
		f.Instructors = append(f.Instructors, templates.ClassPick{Value: strconv.FormatInt(u.ID, 10), Name: u.Name,
			Checked: slices.Contains(c.Instructors, u.ID)})
	}
	for _, g := range k.Plan.Games() {
		f.Games = append(f.Games, templates.ClassPick{Value: g, Name: say.Game(ctx, g), Checked: slices.Contains(c.Games, g)})
	}
	return f
}

// ClassErrors are the new class form's errors: bad, the message id of each
// field that could not be read at all, else err, a refusal of the class,
// on the field it belongs to.
func ClassErrors(ctx context.Context, bad map[string]string, err error) templates.Errors {
	errs := templates.Errors{}
	for field, id := range bad {
		errs[field] = say.T(ctx, id)
	}
	if len(errs) == 0 && err != nil {
		errs[classField(err)] = say.Error(ctx, err)
	}
	return errs
}

// classField is the form field a refusal of a class belongs to, by its
// message: "" for the form as a whole.
func classField(err error) string {
	var e *trainer.Error
	if !errors.As(err, &e) {
		return ""
	}
	switch {
	case strings.HasPrefix(e.ID, "class.err.name"), e.ID == "err.class_name_taken", strings.HasPrefix(e.ID, "err.name"),
		e.ID == "err.enter_name":
		return "name"
	case strings.HasPrefix(e.ID, "class.err.instructor"), e.ID == "err.class_other_site":
		return "instructor"
	case strings.HasPrefix(e.ID, "class.err.game"):
		return "game"
	case e.ID == "class.err.dates":
		return "ends"
	}
	return ""
}

// ClassShow is a class's page as u sees it, but for its layout: its roster
// with the practice tables (users are every user of the kiosk), its games
// and instructors, its live drills (runs) with their reports, and, for
// those who drive it, the roster import and the way to the live drill.
func ClassShow(c *class.Class, u *trainer.User, users []*trainer.User, runs []*trainer.ClassRun) templates.ClassShowView {
	v := templates.ClassShowView{Name: c.Name, Games: GameWords(c.Games),
		Starts: c.Starts, Ends: c.Ends, Drives: c.Drives(u), Live: c.RunID != 0, LiveURL: templates.ClassLiveURL(c.ID),
		ImportAction: templates.ClassURL(c.ID) + "/roster/preview", TablesAction: templates.ClassURL(c.ID) + "/tables",
		MaxRosterKB: class.MaxRosterBytes / 1024}
	byID := make(map[int64]*trainer.User, len(users))
	for _, x := range users {
		byID[x.ID] = x
	}
	for _, id := range c.Instructors {
		if x := byID[id]; x != nil {
			v.Instructors = append(v.Instructors, x.Name)
		}
	}
	for _, id := range c.Members {
		x := byID[id]
		if x == nil {
			continue
		}
		v.Roster = append(v.Roster, templates.RosterRow{ID: strconv.FormatInt(id, 10), Name: x.Name, Badge: x.Badge,
			Table: c.Tables[id], Active: x.Active})
	}
	slices.SortFunc(v.Roster, func(a, b templates.RosterRow) int {
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	for _, run := range runs {
		rv := templates.RunRow{Started: run.StartedAt, Ended: run.EndedAt, List: run.ListName,
			ReportURL: templates.ClassReportURL(c.ID, run.ID), CSVURL: templates.ClassReportURL(c.ID, run.ID) + "/report.csv"}
		if x := byID[run.StartedBy]; x != nil {
			rv.By = x.Name
		}
		v.Runs = append(v.Runs, rv)
	}
	return v
}

// ListRows is how many questions the list form offers (a list holds up
// to class.MaxListItems; a longer one is saved in two).
const ListRows = 12

// ReadClass reads the new class's form; bad holds the message id of each
// field that could not be read at all (a date that is not one).
func ReadClass(form url.Values) (c *class.Class, bad map[string]string) {
	c = &class.Class{Name: form.Get("name"), Games: form["game"], Standing: class.StandingNone}
	bad = map[string]string{}
	for _, v := range form["instructor"] {
		if id, err := strconv.ParseInt(v, 10, 64); err == nil {
			c.Instructors = append(c.Instructors, id)
		}
	}
	for _, d := range []struct {
		field string
		to    *time.Time
	}{{"starts", &c.Starts}, {"ends", &c.Ends}} {
		v := strings.TrimSpace(form.Get(d.field))
		if v == "" {
			continue
		}
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			bad[d.field] = "classes.new.bad_date"
			continue
		}
		*d.to = t
	}
	return c, bad
}

// ReadTables reads the practice table each member of c sits at from the
// class page's form: table_<id>, empty for none.
func ReadTables(c *class.Class, form url.Values) {
	c.Tables = map[int64]string{}
	for _, id := range c.Members {
		if v := strings.TrimSpace(form.Get("table_" + strconv.FormatInt(id, 10))); v != "" {
			c.Tables[id] = v
		}
	}
}

// ReadList reads the list form: each row with a game is a question, and
// rows says which row of the form each question came from.
func ReadList(form url.Values) (*class.List, []int) {
	l := &class.List{Name: form.Get("name")}
	var rows []int
	for i := 1; i <= ListRows; i++ {
		n := strconv.Itoa(i)
		game := strings.TrimSpace(form.Get("game_" + n))
		if game == "" {
			continue
		}
		level, _ := strconv.Atoi(form.Get("level_" + n))
		l.Items = append(l.Items, class.Item{Game: game, Kind: form.Get("kind_" + n), Level: level})
		rows = append(rows, i)
	}
	return l, rows
}

// ClassLists is the prepared lists' page as u sees it, but for its layout:
// every list (its owner's name by ID in names), u's own with the way to
// delete it, and the form that makes one, filled with form (nil for an
// empty one) and errs.
func (k *Kiosk) ClassLists(ctx context.Context, lists []*trainer.ClassList, names map[int64]string, u *trainer.User,
	form url.Values, errs templates.Errors) (templates.ClassListsView, error) {
	var v templates.ClassListsView
	for _, l := range lists {
		items, err := class.ListItems(l)
		if err != nil {
			return v, err
		}
		row := templates.ListRow{Name: l.Name, Owner: names[l.OwnerID]}
		for _, it := range items {
			row.Items = append(row.Items, k.ListItem(it))
		}
		if l.OwnerID == u.ID {
			row.DeleteAction = "/classes/lists/" + strconv.FormatInt(l.ID, 10) + "/delete"
		}
		v.Lists = append(v.Lists, row)
	}
	f := templates.ListForm{Action: "/classes/lists", Name: form.Get("name"), Errors: errs}
	for _, g := range k.Plan.Games() {
		f.Games = append(f.Games, templates.ClassPick{Value: g, Name: say.Game(ctx, g)})
	}
	for _, kind := range drills.Kinds {
		f.Kinds = append(f.Kinds, templates.ClassPick{Value: kind, Name: kind})
	}
	for _, lv := range k.Plan.Levels() {
		f.Levels = append(f.Levels, templates.LevelPick{Level: lv.Level, Title: lv.Title})
	}
	for i := 1; i <= ListRows; i++ {
		n := strconv.Itoa(i)
		row := templates.ListFormRow{N: i, Game: form.Get("game_" + n), Kind: form.Get("kind_" + n), Level: form.Get("level_" + n),
			Error: errs["q"+n]}
		if row.Level == "" {
			row.Level = "1"
		}
		f.Rows = append(f.Rows, row)
	}
	v.Form = f
	return v, nil
}

// ListErrors are the list form's errors for err, a refusal of the list:
// beside the row of the form it concerns (rows says which row each
// question came from), on the name, or on the form as a whole.
func ListErrors(ctx context.Context, err error, rows []int) templates.Errors {
	errs := templates.Errors{}
	var ie *class.ItemError
	switch {
	case errors.As(err, &ie) && ie.Item-1 < len(rows):
		errs["q"+strconv.Itoa(rows[ie.Item-1])] = say.Error(ctx, ie.Err)
	case strings.HasPrefix(errID(err), "class.list.name"), errors.Is(err, trainer.ErrClassListNameTaken):
		errs["name"] = say.Error(ctx, err)
	default:
		errs[""] = say.Error(ctx, err)
	}
	return errs
}

// errID is the catalogue id of err's message, "" for none.
func errID(err error) string {
	var e *trainer.Error
	if errors.As(err, &e) {
		return e.ID
	}
	return ""
}

// ListItem is a prepared list's question: its game, kind and level.
func (k *Kiosk) ListItem(it class.Item) templates.ListItemView {
	v := templates.ListItemView{Game: templates.GameWord{Slug: it.Game}, Kind: it.Kind, Level: it.Level}
	for _, lv := range k.Plan.Levels() {
		if lv.Level == it.Level {
			v.Title = lv.Title
		}
	}
	return v
}

// RosterPreview is the roster import's preview but for its layout: every
// row of plan p with its fate, and the form that commits the rows accepted
// (the file, data, carried in it), with notice, a message id, or "".
func RosterPreview(ctx context.Context, c *class.Class, p *class.Plan, data []byte, notice string) templates.RosterPreviewView {
	v := templates.RosterPreviewView{
		ClassName: c.Name, ClassURL: templates.ClassURL(c.ID), Action: templates.ClassURL(c.ID) + "/roster/import",
		Roster: base64.StdEncoding.EncodeToString(data), Digest: p.Digest(c.ID), Notice: notice,
		Added: p.Count(class.FateAdd), Joining: p.Count(class.FateJoin), Members: p.Count(class.FateMember),
		Refused: p.Count(class.FateRefused),
	}
	for _, e := range p.Entries {
		v.Rows = append(v.Rows, rosterRow(ctx, e))
	}
	return v
}

// rosterRow is one row of the preview: its values, its fate and, for a
// refused row, why, in the reader's language.
func rosterRow(ctx context.Context, e class.Entry) templates.RosterPreviewRow {
	row := templates.RosterPreviewRow{Line: e.Line, Name: e.Name, Badge: e.Badge, Fate: e.Fate.String()}
	switch {
	case e.Refusal != nil:
		row.Reason = say.Error(ctx, e.Refusal)
	case e.PINMade:
		row.PIN = "made"
	case e.PINUnused:
		row.PIN = "unused"
	case e.Fate == class.FateAdd:
		row.PIN = "given"
	}
	return row
}

// RosterResult is the import's result but for its layout: the counts, and
// the slips of the PINs the kiosk made, shown this once.
func (k *Kiosk) RosterResult(c *class.Class, p *class.Plan) templates.RosterResultView {
	v := templates.RosterResultView{ClassName: c.Name, ClassURL: templates.ClassURL(c.ID),
		Added: p.Count(class.FateAdd), Joined: p.Count(class.FateJoin), Members: p.Count(class.FateMember),
		Refused: p.Count(class.FateRefused), House: k.House.Title,
	}
	for _, e := range p.Slips() {
		v.Slips = append(v.Slips, templates.Slip{Name: e.Name, Badge: e.Badge, PIN: e.IssuedPIN})
	}
	return v
}

// ClassReport is a live drill's report (class.Report) but for its layout:
// per trainee and per question, right or wrong and the time.
func (k *Kiosk) ClassReport(c *class.Class, rec *trainer.ClassRunRecord, rep *class.Report) templates.ReportView {
	v := templates.ReportView{ClassName: c.Name, ClassURL: templates.ClassURL(c.ID), House: k.House.Title,
		Started: rec.Run.StartedAt, Ended: rec.Run.EndedAt, List: rec.Run.ListName,
		CSVURL: templates.ClassReportURL(c.ID, rec.Run.ID) + "/report.csv"}
	for _, q := range rep.Questions {
		v.Questions = append(v.Questions, templates.ReportQuestion{Number: q.Number,
			Game: templates.GameWord{Slug: q.Game}, Kind: q.Kind, Level: q.Level, Skipped: q.Skipped})
	}
	for i, t := range rep.Totals {
		v.Totals = append(v.Totals, templates.ReportTotal{Answered: t.Answered, Right: t.Right, Median: t.Median,
			Skipped: rep.Questions[i].Skipped})
	}
	for _, row := range rep.Rows {
		rv := templates.ReportRowView{Name: row.Name, Badge: row.Badge, Answered: row.Answered, Right: row.Right, Median: row.Median}
		for j, cell := range row.Cells {
			rv.Cells = append(rv.Cells, templates.ReportCell{Answered: cell.Answered, Correct: cell.Correct, Elapsed: cell.Elapsed,
				Skipped: rep.Questions[j].Skipped})
		}
		v.Rows = append(v.Rows, rv)
	}
	return v
}

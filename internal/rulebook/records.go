package rulebook

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
)

// The records a gaming regulator inspects (issue 24, docs/records.md): each
// house's settings for them (records.toml) and the training programme of
// each game (programmes/<game>.toml). Both are data, validated here at
// start-up like the rest; package records turns them into decisions.

// RecordsFile holds the houses' settings for the records, at the root of
// content/rules; a house overrides its keys in houses/<house>/records.toml.
const RecordsFile = "records.toml"

// ProgrammesDir holds one programme file per game (<game>.toml); a house's
// own programme of a game, houses/<house>/programmes/<game>.toml, replaces
// the shipped one whole: a programme is one document, approved as such.
const ProgrammesDir = "programmes"

// Records are one house's settings for the records.
type Records struct {
	// FreshnessYears: a dealer's programme completion older than this is
	// shown as stale on their file and in the class view.
	FreshnessYears int `toml:"freshness_years"`
	// RetentionYears: how long a record other than a completion is kept
	// before it may be deleted. Completions are kept for ever.
	RetentionYears int `toml:"retention_years"`
	// Signers is how the house calls the staff who may sign a table test
	// ("pit manager or higher"); empty for the kiosk's own words
	// (records.signers in content/i18n/records).
	Signers Words `toml:"signers"`
	// Topics are the topics outside the games (problem-gambling
	// recognition, CPR, anti-money laundering…) whose completions an
	// instructor records.
	Topics []Topic `toml:"topics"`
}

// Topic is one topic outside the games.
type Topic struct {
	ID string `toml:"id" json:"id"`
	// Title is the topic's name in each language the house writes it in;
	// empty for a topic the kiosk's catalogue names (records.topic.<id>).
	Title Words `toml:"title" json:"title,omitempty"`
	// ValidityMonths is how long a completion counts; 0 for ever.
	ValidityMonths int `toml:"validity_months" json:"validity_months"`
	// Cites are the regulations the topic answers, for the regulator's copy
	// of the programme only: never shown to dealers.
	Cites []string `toml:"cites" json:"cites,omitempty"`
}

// Programme is the training programme of one game at one house: the topics
// and their hours, the kinds of drill the kiosk trains, the hours a dealer
// logs before completing it, and the checklist of its table test. The
// exam's standard is the game's certification standard (Standard).
type Programme struct {
	Game string `toml:"game"`
	// MinimumHours is the house's minimum of training hours in the game
	// (measured by the kiosk and entered by instructors) before the
	// programme may be completed.
	MinimumHours int `toml:"minimum_hours"`
	// MinimumBeforeExam: the minimum must be reached before the exam opens.
	MinimumBeforeExam bool             `toml:"minimum_before_exam"`
	DrillKinds        []string         `toml:"drill_kinds"`
	Topics            []ProgrammeTopic `toml:"topics"`
	Checklist         []ChecklistItem  `toml:"checklist"`
	// File is the file the programme was read from, for what names it.
	File string `toml:"-"`
}

// ProgrammeTopic is one topic of a game's programme and its planned hours.
type ProgrammeTopic struct {
	ID    string   `toml:"id"`
	Title Words    `toml:"title"` // empty: records.programme_topic.<id>
	Hours int      `toml:"hours"`
	Cites []string `toml:"cites"`
}

// ChecklistItem is one item the table test judges: pass or fail.
type ChecklistItem struct {
	ID    string `toml:"id"`
	Title Words  `toml:"title"` // empty: records.checklist.<id>
}

// Words is a text in several languages, by language tag. English is the
// one every text has; a language missing reads in English.
type Words map[string]string

// Catalogue ids of the words the shipped files leave to content/i18n/records.
const (
	SignersMessage        = "records.signers"
	TopicMessage          = "records.topic."
	ProgrammeTopicMessage = "records.programme_topic."
	ChecklistMessage      = "records.checklist."
)

// Bounds of the settings.
const (
	maxFreshnessYears = 50
	maxRetentionYears = 100
	maxMinimumHours   = 2000
	maxTopicHours     = 500
	maxTopicMonths    = 120
	maxTitleLen       = 120
)

// recordID is a topic's or an item's id: stored with each completion and
// each table test, so it stays stable once used.
var recordID = regexp.MustCompile(`^[a-z][a-z0-9_]{0,39}$`)

// loadRecords reads the records settings of house: the root file, then the
// house's own file's keys over it.
func loadRecords(fsys fs.FS, house string) (*Records, error) {
	data, err := fs.ReadFile(fsys, RecordsFile)
	if err != nil {
		return nil, errf(RecordsFile, "", "cannot read: "+err.Error())
	}
	var r Records
	if err := decodeStrict(RecordsFile, data, &r); err != nil {
		return nil, err
	}
	have, err := keysOf(data)
	if err != nil {
		return nil, errf(RecordsFile, "", err.Error())
	}
	for _, k := range []string{"freshness_years", "retention_years", "topics"} {
		if !have[k] {
			return nil, errf(RecordsFile, k, "missing: "+RecordsFile+" sets every key but signers")
		}
	}
	houseFile := path.Join("houses", house, RecordsFile)
	fileOf := func(string) string { return RecordsFile }
	if data, err := fs.ReadFile(fsys, houseFile); err == nil {
		var own Records
		if err := decodeStrict(houseFile, data, &own); err != nil {
			return nil, err
		}
		set, err := keysOf(data)
		if err != nil {
			return nil, errf(houseFile, "", err.Error())
		}
		if set["freshness_years"] {
			r.FreshnessYears = own.FreshnessYears
		}
		if set["retention_years"] {
			r.RetentionYears = own.RetentionYears
		}
		if set["signers"] {
			r.Signers = own.Signers
		}
		if set["topics"] {
			r.Topics = own.Topics
		}
		fileOf = func(key string) string {
			if set[strings.FieldsFunc(key, func(r rune) bool { return r == '.' || r == '[' })[0]] {
				return houseFile
			}
			return RecordsFile
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, errf(houseFile, "", "cannot read: "+err.Error())
	}
	if err := r.validate(fileOf); err != nil {
		return nil, err
	}
	return &r, nil
}

func (r *Records) validate(fileOf func(key string) string) error {
	bad := func(key, msg string) error { return errf(fileOf(key), key, msg) }
	switch {
	case r.FreshnessYears < 1 || r.FreshnessYears > maxFreshnessYears:
		return bad("freshness_years", fmt.Sprintf("%d: want 1 to %d years", r.FreshnessYears, maxFreshnessYears))
	case r.RetentionYears < 1 || r.RetentionYears > maxRetentionYears:
		return bad("retention_years", fmt.Sprintf("%d: want 1 to %d years", r.RetentionYears, maxRetentionYears))
	}
	if len(r.Signers) > 0 {
		if err := checkWords(r.Signers, ""); err != nil {
			return bad("signers", err.Error())
		}
	}
	seen := map[string]bool{}
	for i, t := range r.Topics {
		key := fmt.Sprintf("topics[%d]", i)
		switch {
		case !recordID.MatchString(t.ID):
			return bad(key+".id", fmt.Sprintf("%q: want a lowercase id of letters, digits and _, starting with a letter (at most 40)", t.ID))
		case seen[t.ID]:
			return bad(key+".id", fmt.Sprintf("%q is listed twice", t.ID))
		case t.ValidityMonths < 0 || t.ValidityMonths > maxTopicMonths:
			return bad(key+".validity_months", fmt.Sprintf("%d: want 0 (never expires) to %d months", t.ValidityMonths, maxTopicMonths))
		}
		seen[t.ID] = true
		if err := checkWords(t.Title, TopicMessage+t.ID); err != nil {
			return bad(key+".title", err.Error())
		}
		if err := checkCites(t.Cites); err != nil {
			return bad(key+".cites", err.Error())
		}
	}
	return nil
}

// loadProgrammes reads the programme of every game for house: its own file
// where it has one, else the shipped one. A programme's drill kinds must be
// kinds the game's certification standard judges (std).
func loadProgrammes(fsys fs.FS, house string, std map[string]*Standard) (map[string]*Programme, error) {
	out := map[string]*Programme{}
	for _, slug := range GameSlugs {
		file := path.Join("houses", house, ProgrammesDir, slug+".toml")
		data, err := fs.ReadFile(fsys, file)
		if errors.Is(err, fs.ErrNotExist) {
			file = path.Join(ProgrammesDir, slug+".toml")
			data, err = fs.ReadFile(fsys, file)
			if errors.Is(err, fs.ErrNotExist) {
				return nil, errf(ProgrammesDir, slug+".toml", "missing: every game needs a programme")
			}
		}
		if err != nil {
			return nil, errf(file, "", "cannot read: "+err.Error())
		}
		p := &Programme{File: file}
		if err := decodeStrict(file, data, p); err != nil {
			return nil, err
		}
		have, err := keysOf(data)
		if err != nil {
			return nil, errf(file, "", err.Error())
		}
		for _, k := range []string{"game", "minimum_hours", "minimum_before_exam", "drill_kinds", "topics", "checklist"} {
			if !have[k] {
				return nil, errf(file, k, "missing: a programme sets every key")
			}
		}
		if p.Game != slug {
			return nil, errf(file, "game", fmt.Sprintf("is %q, want %q", p.Game, slug))
		}
		if err := p.validate(std[slug]); err != nil {
			return nil, err
		}
		out[slug] = p
	}
	return out, nil
}

func (p *Programme) validate(std *Standard) error {
	bad := func(key, msg string) error { return errf(p.File, key, msg) }
	if p.MinimumHours < 0 || p.MinimumHours > maxMinimumHours {
		return bad("minimum_hours", fmt.Sprintf("%d: want 0 to %d hours", p.MinimumHours, maxMinimumHours))
	}
	if len(p.DrillKinds) == 0 {
		return bad("drill_kinds", "empty: a programme trains at least one kind of drill")
	}
	for i, k := range p.DrillKinds {
		key := fmt.Sprintf("drill_kinds[%d]", i)
		if _, ok := std.Thresholds[k]; !ok {
			return bad(key, fmt.Sprintf("%q: the game's certification standard judges no such kind (%s)", k, strings.Join(sortedKeys(std.Thresholds), ", ")))
		}
		if slices.Index(p.DrillKinds, k) != i {
			return bad(key, fmt.Sprintf("%q is listed twice", k))
		}
	}
	if len(p.Topics) == 0 {
		return bad("topics", "empty: a programme has at least one topic")
	}
	seen := map[string]bool{}
	for i, t := range p.Topics {
		key := fmt.Sprintf("topics[%d]", i)
		switch {
		case !recordID.MatchString(t.ID):
			return bad(key+".id", fmt.Sprintf("%q: want a lowercase id of letters, digits and _, starting with a letter (at most 40)", t.ID))
		case seen[t.ID]:
			return bad(key+".id", fmt.Sprintf("%q is listed twice", t.ID))
		case t.Hours < 1 || t.Hours > maxTopicHours:
			return bad(key+".hours", fmt.Sprintf("%d: want 1 to %d hours", t.Hours, maxTopicHours))
		}
		seen[t.ID] = true
		if err := checkWords(t.Title, ProgrammeTopicMessage+t.ID); err != nil {
			return bad(key+".title", err.Error())
		}
		if err := checkCites(t.Cites); err != nil {
			return bad(key+".cites", err.Error())
		}
	}
	if len(p.Checklist) == 0 {
		return bad("checklist", "empty: a table test judges at least one item")
	}
	seen = map[string]bool{}
	for i, c := range p.Checklist {
		key := fmt.Sprintf("checklist[%d]", i)
		switch {
		case !recordID.MatchString(c.ID):
			return bad(key+".id", fmt.Sprintf("%q: want a lowercase id of letters, digits and _, starting with a letter (at most 40)", c.ID))
		case seen[c.ID]:
			return bad(key+".id", fmt.Sprintf("%q is listed twice", c.ID))
		}
		seen[c.ID] = true
		if err := checkWords(c.Title, ChecklistMessage+c.ID); err != nil {
			return bad(key+".title", err.Error())
		}
	}
	return nil
}

// checkWords checks a text written in the rules: English at least, offered
// languages only, each short and on one line. Empty words are the
// catalogue's message (id), which must then exist; "" allows none.
func checkWords(w Words, id string) error {
	if len(w) == 0 {
		if id != "" && i18n.Default().Text(i18n.Source, id) != nil {
			return nil
		}
		return errors.New(`missing: write the title in English at least (title.en = "…"), or use an id the kiosk's catalogue names`)
	}
	if strings.TrimSpace(w[i18n.Source]) == "" {
		return errors.New(`the English title (en) is missing: every title has one`)
	}
	for _, tag := range sortedKeys(w) {
		s := w[tag]
		switch {
		case !i18n.IsOffered(tag):
			return fmt.Errorf("%s: %q is not a language the kiosk offers (%s)", tag, tag, offeredTags())
		case strings.TrimSpace(s) == "":
			return fmt.Errorf("%s: empty", tag)
		case strings.ContainsAny(s, "\n\r"):
			return fmt.Errorf("%s: a title is one line", tag)
		case len([]rune(s)) > maxTitleLen:
			return fmt.Errorf("%s: longer than %d characters", tag, maxTitleLen)
		}
	}
	return nil
}

func checkCites(cites []string) error {
	for i, c := range cites {
		if strings.TrimSpace(c) == "" || strings.ContainsAny(c, "\n\r") || len([]rune(c)) > maxTitleLen {
			return fmt.Errorf("[%d]: a citation is one line of at most %d characters", i, maxTitleLen)
		}
	}
	return nil
}

// Topic returns the topic of id among the house's topics outside the games,
// or nil.
func (r *Records) Topic(id string) *Topic {
	for i := range r.Topics {
		if r.Topics[i].ID == id {
			return &r.Topics[i]
		}
	}
	return nil
}

package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The view models of the content page. The samples show the drill as the
// practice pages show it to a trainee (roundView, askChips) and its key as
// the feedback writes it (answerLines); the rulings are the house's
// procedures as the rulebook loaded them.

// contentView is the content page for cq.
func (s *Server) contentView(r *http.Request, cq contentQuery) templates.ContentView {
	l := loc(r)
	v := templates.ContentView{Page: s.page(r, t(r, "content.title"), "content"), House: s.house.Title,
		GameName: s.gameNameIn(l, cq.game), Level: cq.level}
	for _, g := range drills.GameSlugs() {
		other := cq
		other.game = g
		v.Games = append(v.Games, templates.GameTab{Slug: g, Name: s.gameNameIn(l, g), URL: other.url(), Current: g == cq.game})
	}
	for _, lv := range s.gen.Config().Levels {
		other := cq
		other.level = lv.Level
		v.Levels = append(v.Levels, templates.GameTab{Slug: strconv.Itoa(lv.Level), Name: l.T("start.level_n", "N", lv.Level),
			URL: other.url() + "#samples", Current: lv.Level == cq.level})
	}
	for _, k := range drills.Kinds {
		v.Samples = append(v.Samples, s.sample(l, cq, k))
	}
	s.procedureViews(l, &v, cq.game)
	return v
}

// sample is the drill of kind at cq's level and seed for that kind, with
// its key.
func (s *Server) sample(l *i18n.Localizer, cq contentQuery, kind string) templates.SampleView {
	spec := drills.Spec{Game: cq.game, Kind: kind, Level: cq.level, Seed: cq.seeds[kind]}
	next := newSeed(spec.Seed)
	sv := templates.SampleView{
		ID: templates.SampleID(kind), Kind: kind, KindLabel: kindName(l, kind), Level: spec.Level, Seed: spec.Seed,
		Command:    s.drillCommand(spec),
		AnotherURL: cq.with(kind, next).url() + "#" + templates.SampleID(kind),
		AnotherHX: templates.ContentSampleURL + "?" + url.Values{"game": {cq.game}, "kind": {kind},
			"level": {strconv.Itoa(cq.level)}, "seed": {strconv.FormatUint(next, 10)}}.Encode(),
	}
	d, err := s.gen.Generate(s.house.Name, spec)
	if err != nil {
		sv.Problem = l.T("content.no_drill", "Error", err.Error())
		return sv
	}
	sv.Skill, sv.Prompt, sv.Explanation = s.questionWordsIn(l, d.Skill), d.Prompt, d.Explanation
	if d.TargetSeconds > 0 {
		sv.Target = strconv.Itoa(d.TargetSeconds) + " s"
	}
	if d.Round != nil {
		t := roundView(l, d.Round, d.Ask)
		t.Label = l.T("content.table_label", "Kind", sv.KindLabel) // one landmark per sample
		sv.Table = &t
	}
	var q templates.QuestionView
	s.askChips(&q, d)
	sv.Ask, sv.AskLabel, sv.AskAmount = q.Ask, q.AskLabel, q.AskAmount
	choice := practice.ShapeOf(d) == practice.ShapeChoice
	for i, c := range d.Choices {
		sc := templates.SampleChoice{N: i + 1, Text: c, Key: d.Key.Choice == i+1}
		for _, m := range d.Mistakes {
			if m.Choice == i+1 {
				sc.Why, sc.Rule = m.Explanation, s.citeOrRaw(d.Game, m.Rule)
			}
		}
		sv.Choices = append(sv.Choices, sc)
	}
	for _, l := range answerLines(l, d, d.Key) {
		sv.Key = append(sv.Key, l.Text)
	}
	sv.KeyJSON = keyJSON(d.Key)
	if !choice {
		for _, m := range d.Mistakes {
			var ans []string
			for _, l := range answerLines(l, d, m.Key) {
				ans = append(ans, l.Text)
			}
			sv.Mistakes = append(sv.Mistakes, templates.MistakeView{Answer: strings.Join(ans, "; "), ID: m.ID, Rule: s.citeOrRaw(d.Game, m.Rule), Explanation: m.Explanation})
		}
	}
	return sv
}

// keyJSON writes a key as `trainer drill` does (on one line).
func keyJSON(k drills.Key) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(k); err != nil {
		return ""
	}
	return strings.TrimSpace(b.String())
}

// procedureViews adds the house's situations and sequences of game, the
// common situations and what the house left unresolved.
func (s *Server) procedureViews(l *i18n.Localizer, v *templates.ContentView, game string) {
	p := s.house.Procedures
	if p == nil {
		return
	}
	def, _ := s.book.House(rulebook.DefaultHouse)
	shipped := func(id string) bool {
		if def == nil || def.Procedures == nil {
			return false
		}
		if st := def.Procedures.Situation(id); st != nil {
			return st.House == ""
		}
		q := def.Procedures.Sequence(id)
		return q != nil && q.House == ""
	}
	for _, st := range p.Situations {
		if st.Game != game && st.Game != rulebook.CommonSlug {
			continue
		}
		sv := templates.SituationView{ID: st.ID, Title: st.Title, Prompt: promptParts(st.Prompt), Ruling: promptParts(st.Ruling),
			Ref: s.citeOrRaw(game, st.Ref), Setting: settingWords(l, st.Setting), HouseNote: houseNote(l, st.House, shipped(st.ID))}
		for _, name := range slices.Sorted(maps.Keys(st.Vars)) {
			sv.Vars = append(sv.Vars, templates.VarView{Name: name, Values: st.Vars[name]})
		}
		if usesBox(st) {
			sv.Vars = append(sv.Vars, templates.VarView{Name: "box",
				Values: []string{fmt.Sprintf("a box of the table, 1 to %d; other_box is another one", p.Boxes[st.Game])}})
		}
		for i, c := range st.Choices {
			sv.Choices = append(sv.Choices, templates.SituationChoice{N: i + 1, Text: promptParts(c.Text), Right: i == st.Answer, Why: promptParts(c.Why)})
		}
		if st.Game == rulebook.CommonSlug {
			v.Common = append(v.Common, sv)
		} else {
			v.Situations = append(v.Situations, sv)
		}
	}
	for _, q := range p.Sequences {
		if q.Game == game {
			sv := templates.SequenceView{ID: q.ID, Title: q.Title, Steps: q.Steps, Ref: s.citeOrRaw(game, q.Ref),
				HouseNote: houseNote(l, q.House, shipped(q.ID))}
			for _, st := range q.Settings {
				sv.Settings = append(sv.Settings, settingWords(l, st))
			}
			v.Sequences = append(v.Sequences, sv)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(p.Unresolved)) {
		if g, _, _ := strings.Cut(id, "."); g == game || g == rulebook.CommonSlug {
			uv := templates.UnresolvedView{ID: id, Title: id, Setting: settingWords(l, p.Unresolved[id])}
			if def != nil && def.Procedures != nil {
				if st := def.Procedures.Situation(id); st != nil {
					uv.Title = st.Title
				} else if q := def.Procedures.Sequence(id); q != nil {
					uv.Title = q.Title
				}
			}
			v.Unresolved = append(v.Unresolved, uv)
		}
	}
}

// usesBox reports whether a situation's texts draw a box number ({box},
// {other_box}), which the drill picks from the table's size.
func usesBox(st *rulebook.Situation) bool {
	texts := []string{st.Prompt, st.Ruling}
	for _, c := range st.Choices {
		texts = append(texts, c.Text, c.Why)
	}
	for _, vs := range st.Vars {
		texts = append(texts, vs...)
	}
	for _, t := range texts {
		names, _ := rulebook.Placeholders(t)
		if slices.Contains(names, "box") || slices.Contains(names, "other_box") {
			return true
		}
	}
	return false
}

// houseNote says who wrote a ruling that is not the kiosk's shipped one:
// house is the house whose procedures.toml set it ("" as shipped).
func houseNote(l *i18n.Localizer, house string, shipped bool) string {
	switch {
	case house == "":
		return ""
	case shipped:
		return l.T("content.house_overrides", "House", house)
	}
	return l.T("content.house_written", "House", house)
}

// promptParts splits a text at its {placeholders}. A stray brace (which the
// rulebook refuses at load) is kept as text.
func promptParts(text string) []templates.PromptPart {
	var out []templates.PromptPart
	for text != "" {
		i := strings.IndexByte(text, '{')
		j := strings.IndexByte(text[max(i, 0):], '}')
		if i < 0 || j < 0 {
			out = append(out, templates.PromptPart{Text: text})
			break
		}
		j += i
		if i > 0 {
			out = append(out, templates.PromptPart{Text: text[:i]})
		}
		out = append(out, templates.PromptPart{Text: text[i+1 : j], Var: true})
		text = text[j+1:]
	}
	return out
}

// citeOrRaw is a citation as a link into the book, or, for the instructors,
// the raw reference marked as missing from the book.
func (s *Server) citeOrRaw(game, id string) templates.Citation {
	if id == "" {
		return templates.Citation{}
	}
	if cs := s.cite(i18n.Source, game, id); len(cs) > 0 {
		return cs[0]
	}
	return templates.Citation{Label: id, Missing: true}
}

// settingWords names a setting ("uth.fold_forfeits_trips") in words in
// l's language: "Fold forfeits Trips". The catalogue holds it as
// setting.<game>.<key, dots made underscores>, or, for the settings only
// the rules approval shows, approval.setting.<game>.<key>; a setting a
// house adds and the catalogue lacks reads as rulebook.SettingLabel's
// English, never as its key.
func settingWords(l *i18n.Localizer, setting string) string {
	if setting == "" {
		return ""
	}
	game, key, ok := strings.Cut(setting, ".")
	if !ok {
		return rulebook.SettingLabel(setting)
	}
	k := game + "." + strings.ReplaceAll(key, ".", "_")
	return lookup(l, "setting."+k, lookup(l, "approval.setting."+k, rulebook.SettingLabel(key)))
}

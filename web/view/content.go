package view

import (
	"context"
	"maps"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The instructors' content page (issue 6): every ruling situation and
// sequence of play of the house with its ruling and citation, and a sample
// drill of each kind per game with its key. The samples show the drill as
// the practice pages show it to a trainee (Round, askChips) and its key as
// the feedback writes it (AnswerLines); the rulings are the house's
// procedures as the rulebook loaded them.

// ContentQuery is what the content page's address names.
type ContentQuery struct {
	Game  string
	Level int
	Seeds map[string]uint64 // by kind
}

// DefaultSeed deals each kind's first sample.
const DefaultSeed = 1

// URL is the page's address for cq, with each seed that is not the default.
func (cq ContentQuery) URL() string {
	q := url.Values{"game": {cq.Game}, "level": {strconv.Itoa(cq.Level)}}
	for _, k := range drills.Kinds {
		if cq.Seeds[k] != DefaultSeed {
			q.Set("seed_"+k, strconv.FormatUint(cq.Seeds[k], 10))
		}
	}
	return templates.ContentURL + "?" + q.Encode()
}

// with returns cq with kind dealt from seed.
func (cq ContentQuery) with(kind string, seed uint64) ContentQuery {
	out := cq
	out.Seeds = maps.Clone(cq.Seeds)
	if out.Seeds == nil {
		out.Seeds = map[string]uint64{}
	}
	out.Seeds[kind] = seed
	return out
}

// newSeed is a seed for "another sample": small enough to read out and type
// into `trainer drill`, and never the one on screen.
func newSeed(old uint64) uint64 {
	for {
		if n := rand.Uint64N(1_000_000); n != old {
			return n
		}
	}
}

// Content is the content page for cq.
func (k *Kiosk) Content(ctx context.Context, page templates.Page, cq ContentQuery) templates.ContentView {
	page.Title = say.Msg("content.title")
	v := templates.ContentView{Page: page, House: k.House.Title, GameName: say.Game(ctx, cq.Game), Level: cq.Level}
	for _, g := range drills.GameSlugs() {
		other := cq
		other.Game = g
		v.Games = append(v.Games, templates.GameTab{Slug: g, Name: say.Game(ctx, g), URL: other.URL(), Current: g == cq.Game})
	}
	for _, lv := range k.Gen.Config().Levels {
		other := cq
		other.Level = lv.Level
		v.Levels = append(v.Levels, templates.GameTab{Slug: strconv.Itoa(lv.Level), Name: say.T(ctx, "start.level_n", "N", lv.Level),
			URL: other.URL() + "#samples", Current: lv.Level == cq.Level})
	}
	for _, kind := range drills.Kinds {
		v.Samples = append(v.Samples, k.Sample(ctx, cq, kind))
	}
	k.procedureViews(ctx, &v, cq.Game)
	return v
}

// Sample is the drill of kind at cq's level and seed for that kind, with
// its key.
func (k *Kiosk) Sample(ctx context.Context, cq ContentQuery, kind string) templates.SampleView {
	spec := drills.Spec{Game: cq.Game, Kind: kind, Level: cq.Level, Seed: cq.Seeds[kind]}
	next := newSeed(spec.Seed)
	sv := templates.SampleView{
		ID: templates.SampleID(kind), Kind: kind, KindLabel: say.Kind(ctx, kind), Level: spec.Level, Seed: spec.Seed,
		AnotherURL: cq.with(kind, next).URL() + "#" + templates.SampleID(kind),
		AnotherHX: templates.ContentSampleURL + "?" + url.Values{"game": {cq.Game}, "kind": {kind},
			"level": {strconv.Itoa(cq.Level)}, "seed": {strconv.FormatUint(next, 10)}}.Encode(),
	}
	sv.SampleName = say.T(ctx, "content.another")
	if spec.Seed == DefaultSeed {
		sv.SampleName = say.T(ctx, "content.sample_n", "N", 1)
	}
	d, err := k.Gen.Generate(k.House.Name, spec)
	if err != nil {
		sv.Problem = say.T(ctx, "content.no_drill", "Error", err.Error())
		return sv
	}
	sv.Skill, sv.Prompt, sv.Explanation = say.Question(ctx, d.Skill), d.Prompt, d.Explanation
	if d.TargetSeconds > 0 {
		sv.Target = strconv.Itoa(d.TargetSeconds) + " s"
	}
	if d.Round != nil {
		t := Round(ctx, k.House, d.Round, d.Ask)
		t.Label = say.T(ctx, "content.table_label", "Kind", sv.KindLabel) // one landmark per sample
		sv.Table = &t
	}
	sv.Ask, sv.AskLabel, sv.AskAmount = k.askChips(ctx, d)
	choice := practice.ShapeOf(d) == practice.ShapeChoice
	for i, c := range d.Choices {
		sc := templates.SampleChoice{N: i + 1, Text: c, Key: d.Key.Choice == i+1}
		for _, m := range d.Mistakes {
			if m.Choice == i+1 {
				sc.Why, sc.Rule = m.Explanation, k.citeOrRaw(d.Game, m.Rule)
			}
		}
		sv.Choices = append(sv.Choices, sc)
	}
	for _, l := range AnswerLines(ctx, d, d.Key) {
		sv.Key = append(sv.Key, l.Text)
	}
	if !choice {
		for _, m := range d.Mistakes {
			sv.Mistakes = append(sv.Mistakes, templates.MistakeView{Answer: joinLines(AnswerLines(ctx, d, m.Key)), ID: m.ID,
				Rule: k.citeOrRaw(d.Game, m.Rule), Explanation: m.Explanation})
		}
	}
	return sv
}

// procedureViews adds the house's situations and sequences of game, the
// common situations and what the house left unresolved.
func (k *Kiosk) procedureViews(ctx context.Context, v *templates.ContentView, game string) {
	p := k.House.Procedures
	if p == nil {
		return
	}
	def, _ := k.Book.House(rulebook.DefaultHouse)
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
			Ref: k.citeOrRaw(game, st.Ref), Setting: say.Setting(ctx, st.Setting), HouseNote: houseNote(ctx, st.House, shipped(st.ID))}
		for _, name := range slices.Sorted(maps.Keys(st.Vars)) {
			sv.Vars = append(sv.Vars, templates.VarView{Name: name, Values: st.Vars[name]})
		}
		if usesBox(st) {
			sv.Vars = append(sv.Vars, templates.VarView{Name: "box",
				Values: []string{say.T(ctx, "content.box_var", "Boxes", p.Boxes[st.Game])}})
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
			sv := templates.SequenceView{ID: q.ID, Title: q.Title, Steps: q.Steps, Ref: k.citeOrRaw(game, q.Ref),
				HouseNote: houseNote(ctx, q.House, shipped(q.ID))}
			for _, st := range q.Settings {
				sv.Settings = append(sv.Settings, say.Setting(ctx, st))
			}
			v.Sequences = append(v.Sequences, sv)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(p.Unresolved)) {
		if g, _, _ := strings.Cut(id, "."); g == game || g == rulebook.CommonSlug {
			uv := templates.UnresolvedView{ID: id, Title: id, Setting: say.Setting(ctx, p.Unresolved[id])}
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
func houseNote(ctx context.Context, house string, shipped bool) string {
	switch {
	case house == "":
		return ""
	case shipped:
		return say.T(ctx, "content.house_overrides", "House", house)
	}
	return say.T(ctx, "content.house_written", "House", house)
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

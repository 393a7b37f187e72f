package rulebook

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
)

// CommonSlug prefixes the situations of procedures/common.toml, which apply
// to every game.
const CommonSlug = "common"

// Procedures are one house's ruling situations and sequences of play: the
// shipped procedures/*.toml with houses/default/procedures.toml and then the
// house's own procedures.toml over them.
type Procedures struct {
	Situations []*Situation // games in GameSlugs order, then common, then the house's own
	Sequences  []*Sequence

	// Boxes is each game's table size, from which {box} and {other_box} are
	// drawn: the file's `boxes`, or the house's setting named by
	// `boxes_setting` once the game's settings have it.
	Boxes map[string]int

	// Unresolved holds what this house cannot use as shipped (id → the
	// setting, e.g. "uth.fold_forfeits_trips"): the house sets a setting that
	// decides the ruling differently from the default house, and its
	// procedures.toml does not rewrite that id. They are left out of
	// Situations and Sequences so that no trainee learns another house's
	// ruling; an instructor page can list them as work to do.
	Unresolved map[string]string

	// withheld holds, for each situation or sequence whose premise
	// (`requires`) fails at one of its games at this house, the game and the
	// condition that fails: id → game → condition. Such an id stays in
	// Situations or Sequences (the rule book still states its ruling where
	// the premise holds, and says so where it does not) but Asks refuses it
	// for that game.
	withheld map[string]map[string]string

	situations map[string]*Situation
	sequences  map[string]*Sequence

	// texts are the translations (translations.go); house is the house's
	// name and language its language, the first fallback of a text missing
	// in a translation.
	texts    *texts
	house    string
	language string
}

// Situation is one ruling situation as a dealer meets it.
type Situation struct {
	ID     string // "oracle.R7": kept stable, attempts store it
	Game   string // a game slug, or CommonSlug
	Title  string
	Prompt string // with {placeholders}
	// Vars are the values each placeholder of the texts draws from. {box} and
	// {other_box} are built in (from Procedures.Boxes) and may also appear
	// inside a var's values. A variant never changes the ruling.
	Vars    map[string][]string
	Choices []Choice
	Answer  int // index into Choices, from 0 (the files count from 1)
	Ruling  string
	// Ref is the section id of the house's rule book the ruling rests on
	// ("uth.misdeal", "common.rounding"): the kiosk shows that section beside
	// the question (docs/book.md).
	Ref     string
	Setting string // "uth.exposed_card_during_deal" when a house setting decides the ruling
	// Settings are further house settings the texts quote (a fee of 1×
	// Ante, an exchange of 2 to 5 cards): a house that changes one of them
	// must rewrite the ruling too. The explanation names only Setting.
	Settings []string
	// Requires is the situation's premise: conditions on the house's
	// settings that must all hold for the question to make sense at a game
	// (see Condition). "Pay the posted maximum" is no question at a table
	// with no maximum payout.
	Requires []string
	House    string // the house whose procedures.toml last set it; "" as shipped

	// wordsBy is the house whose file wrote the words people read (its
	// own situation, or a rewrite of the ruling or the choices), "" for
	// the shipped words: the shipped translations say only those
	// (translations.go).
	wordsBy string
}

// Decisive returns Setting and then Settings: every house setting that, set
// away from the default house's value, holds the shipped ruling back.
func (s *Situation) Decisive() []string {
	if s.Setting == "" {
		return s.Settings
	}
	return append([]string{s.Setting}, s.Settings...)
}

// Choice is one ruling offered to the trainee. Why says which rule a wrong
// choice breaks; the right choice has none (its explanation is the Ruling).
type Choice struct {
	Text string `toml:"text"`
	Why  string `toml:"why"`
}

// Sequence is one sequence of play, its steps in order.
type Sequence struct {
	ID       string
	Game     string
	Title    string
	Steps    []string
	Ref      string   // the section id of the rule book that gives the steps
	Settings []string // house settings that change the steps
	Requires []string // the premise, as Situation.Requires
	House    string
	wordsBy  string // as Situation's
}

// Situation returns the situation id, or nil.
func (p *Procedures) Situation(id string) *Situation { return p.situations[id] }

// Sequence returns the sequence id, or nil.
func (p *Procedures) Sequence(id string) *Sequence { return p.sequences[id] }

// procFile is procedures/<slug>.toml (or common.toml).
type procFile struct {
	Game         string         `toml:"game"`
	Boxes        int            `toml:"boxes"`
	BoxesSetting string         `toml:"boxes_setting"`
	Situations   []situationDef `toml:"situation"`
	Sequences    []sequenceDef  `toml:"sequence"`
}

// houseProcFile is houses/<house>/procedures.toml: rewrites of shipped ids
// and situations or sequences of the house's own. Keeping the two apart lets
// a misspelt id fail instead of quietly adding a situation.
type houseProcFile struct {
	Overrides  []overrideDef  `toml:"override"`
	Situations []situationDef `toml:"situation"`
	Sequences  []sequenceDef  `toml:"sequence"`
}

type situationDef struct {
	ID      string              `toml:"id"`
	Title   string              `toml:"title"`
	Prompt  string              `toml:"prompt"`
	Vars    map[string][]string `toml:"vars"`
	Choices []Choice            `toml:"choices"`
	Answer  int                 `toml:"answer"` // from 1
	Ruling  string              `toml:"ruling"`
	Ref     string              `toml:"ref"`
	Setting string              `toml:"setting"`
	// Settings are further settings the texts depend on (Situation.Settings).
	Settings []string `toml:"settings"`
	Requires []string `toml:"requires"`
}

type sequenceDef struct {
	ID       string   `toml:"id"`
	Title    string   `toml:"title"`
	Steps    []string `toml:"steps"`
	Ref      string   `toml:"ref"`
	Settings []string `toml:"settings"`
	Requires []string `toml:"requires"`
}

// overrideDef rewrites a shipped situation (answer, ruling, choices, ref) or
// sequence (steps, ref). Unset fields keep the shipped value.
type overrideDef struct {
	ID      string   `toml:"id"`
	Answer  int      `toml:"answer"`
	Ruling  string   `toml:"ruling"`
	Choices []Choice `toml:"choices"`
	Ref     string   `toml:"ref"`
	Steps   []string `toml:"steps"`
}

// procBase is the shipped content before any house file.
type procBase struct {
	situations   []*Situation
	sequences    []*Sequence
	boxes        map[string]int
	boxesSetting map[string]string
}

var (
	idPattern   = regexp.MustCompile(`^[a-z]+\.[A-Za-z0-9_]+$`)
	namePattern = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	// builtinVars are filled by package procedures: {box} and {other_box}
	// from the table size, {game} with the name of the game the question is
	// asked at (a common situation is asked at every game). A situation may
	// still give vars.game of its own, which is drawn instead: rules
	// versions recorded before {game} was built in did so, and must load.
	builtinVars = []string{"box", "other_box", "game"}
	// settingTypes are the structs whose TOML keys a `setting` may name.
	settingTypes = map[string]reflect.Type{
		uth.Slug: reflect.TypeFor[uth.Settings](), oracle.Slug: reflect.TypeFor[oracle.Settings](),
		thrill.Slug: reflect.TypeFor[thrill.Settings](), lunar.Slug: reflect.TypeFor[lunar.Settings](),
		"house": reflect.TypeFor[houseFile](),
	}
)

// loadProcedures reads procedures/ and every house's procedures.toml and sets
// each House's Procedures. It runs after the houses are loaded, because a
// house's settings decide which shipped rulings it can use.
func loadProcedures(fsys fs.FS, b *Book) error {
	base, err := loadProcBase(fsys)
	if err != nil {
		return err
	}
	tx := &texts{sit: map[textKey]situationText{}, seq: map[textKey]sequenceText{}}
	if err := loadShippedTexts(fsys, base, tx); err != nil {
		return err
	}
	defFile := "houses/" + DefaultHouse + "/procedures.toml"
	def, err := readHouseProc(fsys, defFile)
	if err != nil {
		return err
	}
	for _, name := range b.HouseNames() {
		h := b.Houses[name]
		p := &Procedures{
			Situations: slices.Clone(base.situations), Sequences: slices.Clone(base.sequences),
			Boxes: map[string]int{}, Unresolved: map[string]string{},
		}
		for game, n := range base.boxes {
			p.Boxes[game] = n
			if v, ok := settingValue(h, game+"."+base.boxesSetting[game]); ok && v.CanInt() {
				p.Boxes[game] = max(2, int(v.Int()))
			}
		}
		if def != nil {
			if err := applyHouseProc(p, defFile, DefaultHouse, def); err != nil {
				return err
			}
		}
		if name != DefaultHouse {
			file := "houses/" + name + "/procedures.toml"
			hf, err := readHouseProc(fsys, file)
			if err != nil {
				return err
			}
			if hf != nil {
				if err := applyHouseProc(p, file, name, hf); err != nil {
					return err
				}
			}
			unresolved(p, h, b.Houses[DefaultHouse])
		}
		p.withheld = withheld(p, h)
		p.index()
		p.texts, p.house, p.language = tx, name, h.Language
		if err := loadHouseTexts(fsys, name, p, tx); err != nil {
			return err
		}
		h.Procedures = p
	}
	return nil
}

func loadProcBase(fsys fs.FS) (*procBase, error) {
	entries, err := fs.ReadDir(fsys, "procedures")
	if err != nil {
		return nil, errf("procedures", "", "cannot list the procedures: "+err.Error())
	}
	want := append(slices.Clone(GameSlugs), CommonSlug)
	for _, e := range entries {
		if e.IsDir() && slices.Contains(translatedLangs(), e.Name()) {
			continue // a translation (translations.go)
		}
		slug, ok := strings.CutSuffix(e.Name(), ".toml")
		if e.IsDir() || !ok || !slices.Contains(want, slug) {
			return nil, errf("procedures/"+e.Name(), "", "unknown file: procedures/ holds <game>.toml, common.toml and a folder per translated language")
		}
	}
	base := &procBase{boxes: map[string]int{}, boxesSetting: map[string]string{}}
	ids := map[string]bool{}
	for _, slug := range want {
		file := "procedures/" + slug + ".toml"
		data, err := fs.ReadFile(fsys, file)
		if slug == CommonSlug && errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, errf(file, "", "cannot read: "+err.Error())
		}
		var pf procFile
		if err := decodeStrict(file, data, &pf); err != nil {
			return nil, err
		}
		if pf.Game != slug {
			return nil, errf(file, "game", fmt.Sprintf("is %q, want %q", pf.Game, slug))
		}
		boxes := pf.Boxes
		switch {
		case slug == CommonSlug && (pf.Boxes != 0 || pf.BoxesSetting != ""):
			return nil, errf(file, "boxes", "common situations have no table: name boxes with vars")
		case slug != CommonSlug && (pf.Boxes < 2 || pf.Boxes > 7):
			return nil, errf(file, "boxes", fmt.Sprintf("%d: a table has 2 to 7 boxes", pf.Boxes))
		case pf.BoxesSetting != "":
			if err := checkSetting(file, "boxes_setting", slug, slug+"."+pf.BoxesSetting); err != nil {
				return nil, err
			}
		}
		if slug != CommonSlug {
			base.boxes[slug], base.boxesSetting[slug] = boxes, pf.BoxesSetting
		}
		for i, d := range pf.Situations {
			s, err := newSituation(file, i, d, slug, boxes, ids)
			if err != nil {
				return nil, err
			}
			base.situations = append(base.situations, s)
		}
		for i, d := range pf.Sequences {
			q, err := newSequence(file, i, d, slug, ids)
			if err != nil {
				return nil, err
			}
			base.sequences = append(base.sequences, q)
		}
	}
	return base, nil
}

func readHouseProc(fsys fs.FS, file string) (*houseProcFile, error) {
	data, err := fs.ReadFile(fsys, file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, errf(file, "", "cannot read: "+err.Error())
	}
	var hf houseProcFile
	if err := decodeStrict(file, data, &hf); err != nil {
		return nil, err
	}
	return &hf, nil
}

// applyHouseProc applies one house file to p: the overrides first, then the
// house's own situations and sequences.
func applyHouseProc(p *Procedures, file, house string, hf *houseProcFile) error {
	ids := map[string]bool{}
	for _, s := range p.Situations {
		ids[s.ID] = true
	}
	for _, q := range p.Sequences {
		ids[q.ID] = true
	}
	done := map[string]bool{}
	for i, o := range hf.Overrides {
		key := fmt.Sprintf("override[%s]", o.ID)
		if o.ID == "" {
			return errf(file, fmt.Sprintf("override[#%d].id", i+1), "is empty")
		}
		if done[o.ID] {
			return errf(file, key, "overridden twice in this file")
		}
		done[o.ID] = true
		if j := slices.IndexFunc(p.Situations, func(s *Situation) bool { return s.ID == o.ID }); j >= 0 {
			s, err := overrideSituation(file, key, p.Situations[j], o, house, p.Boxes[p.Situations[j].Game])
			if err != nil {
				return err
			}
			p.Situations[j] = s
			continue
		}
		if j := slices.IndexFunc(p.Sequences, func(q *Sequence) bool { return q.ID == o.ID }); j >= 0 {
			q, err := overrideSequence(file, key, p.Sequences[j], o, house)
			if err != nil {
				return err
			}
			p.Sequences[j] = q
			continue
		}
		return errf(file, key+".id", "unknown id: an override rewrites a shipped situation or sequence (a new one is a [[situation]] or [[sequence]])")
	}
	for i, d := range hf.Situations {
		game, _, _ := strings.Cut(d.ID, ".")
		s, err := newSituation(file, i, d, game, p.Boxes[game], ids)
		if err != nil {
			return err
		}
		s.House, s.wordsBy = house, house
		p.Situations = append(p.Situations, s)
	}
	for i, d := range hf.Sequences {
		game, _, _ := strings.Cut(d.ID, ".")
		q, err := newSequence(file, i, d, game, ids)
		if err != nil {
			return err
		}
		q.House, q.wordsBy = house, house
		p.Sequences = append(p.Sequences, q)
	}
	return nil
}

func overrideSituation(file, key string, old *Situation, o overrideDef, house string, boxes int) (*Situation, error) {
	if o.Steps != nil {
		return nil, errf(file, key+".steps", "is for sequences; "+o.ID+" is a situation")
	}
	if o.Answer == 0 && o.Ruling == "" && o.Choices == nil && o.Ref == "" {
		return nil, errf(file, key, "changes nothing: set answer, ruling, choices or ref")
	}
	if o.Ref == "" {
		return nil, errf(file, key+".ref", "missing: a house that changes a ruling cites its own procedure")
	}
	n := len(old.Choices)
	if o.Choices != nil {
		n = len(o.Choices)
	}
	if o.Answer != 0 && (o.Answer < 1 || o.Answer > n) {
		return nil, errf(file, key+".answer", fmt.Sprintf("answer %d is out of range: there are %d choices, counted from 1", o.Answer, n))
	}
	if o.Answer != 0 && o.Choices == nil && o.Answer-1 != old.Answer {
		return nil, errf(file, key+".choices", "missing: a house that changes the answer rewrites the choices (their whys argue for the shipped answer)")
	}
	s := *old
	s.House, s.Ref = house, o.Ref
	if o.Ruling != "" || o.Choices != nil {
		s.wordsBy = house
	}
	if o.Ruling != "" {
		s.Ruling = o.Ruling
	}
	if o.Choices != nil {
		s.Choices = o.Choices
	}
	if o.Answer != 0 {
		s.Answer = o.Answer - 1
	}
	if err := checkSituation(file, key, &s, o.Answer != 0 || o.Choices != nil, boxes); err != nil {
		return nil, err
	}
	return &s, nil
}

func overrideSequence(file, key string, old *Sequence, o overrideDef, house string) (*Sequence, error) {
	switch {
	case o.Answer != 0:
		return nil, errf(file, key+".answer", "is for situations; "+o.ID+" is a sequence")
	case o.Ruling != "":
		return nil, errf(file, key+".ruling", "is for situations; "+o.ID+" is a sequence")
	case o.Choices != nil:
		return nil, errf(file, key+".choices", "is for situations; "+o.ID+" is a sequence")
	case o.Ref == "":
		return nil, errf(file, key+".ref", "missing: a house that changes a sequence cites its own procedure")
	}
	q := *old
	q.House, q.Ref = house, o.Ref
	if o.Steps != nil {
		q.wordsBy = house
	}
	if o.Steps != nil {
		q.Steps = o.Steps
	}
	if err := checkSequence(file, key, &q); err != nil {
		return nil, err
	}
	return &q, nil
}

// checkID checks a new id: its form, its game and that it is not taken.
func checkID(file, key, id, game string, ids map[string]bool) error {
	if !idPattern.MatchString(id) {
		return errf(file, key+".id", fmt.Sprintf("%q: want <game>.<name>, e.g. \"oracle.R7\"", id))
	}
	if !slices.Contains(GameSlugs, game) && game != CommonSlug {
		return errf(file, key+".id", fmt.Sprintf("%q: %q is not a game (known: %s, %s)", id, game, strings.Join(GameSlugs, ", "), CommonSlug))
	}
	if prefix, _, _ := strings.Cut(id, "."); prefix != game {
		return errf(file, key+".id", fmt.Sprintf("%q: ids in this file begin with %q", id, game+"."))
	}
	if ids[id] {
		return errf(file, key+".id", fmt.Sprintf("duplicate id %q", id))
	}
	ids[id] = true
	return nil
}

func newSituation(file string, i int, d situationDef, game string, boxes int, ids map[string]bool) (*Situation, error) {
	key := fmt.Sprintf("situation[%s]", d.ID)
	if d.ID == "" {
		key = fmt.Sprintf("situation[#%d]", i+1)
	}
	if err := checkID(file, key, d.ID, game, ids); err != nil {
		return nil, err
	}
	s := &Situation{
		ID: d.ID, Game: game, Title: d.Title, Prompt: d.Prompt, Vars: d.Vars, Choices: d.Choices,
		Answer: d.Answer - 1, Ruling: d.Ruling, Ref: d.Ref, Setting: d.Setting, Settings: d.Settings,
		Requires: d.Requires,
	}
	if err := checkSituation(file, key, s, true, boxes); err != nil {
		return nil, err
	}
	if s.Setting != "" {
		if err := checkSetting(file, key+".setting", game, s.Setting); err != nil {
			return nil, err
		}
	}
	for j, st := range s.Settings {
		k := fmt.Sprintf("%s.settings[%d]", key, j+1)
		if err := checkSetting(file, k, game, st); err != nil {
			return nil, err
		}
		if st == s.Setting || slices.Index(s.Settings, st) < j {
			return nil, errf(file, k, fmt.Sprintf("%q is named twice", st))
		}
	}
	if err := checkRequires(file, key, game, s.Requires); err != nil {
		return nil, err
	}
	return s, nil
}

// checkSituation validates a complete situation. answerSet says whether the
// answer was written in this file (so that an out-of-range one is reported
// at the key the author wrote).
func checkSituation(file, key string, s *Situation, answerSet bool, boxes int) error {
	for _, f := range []struct{ name, text string }{
		{"title", s.Title}, {"prompt", s.Prompt}, {"ruling", s.Ruling}, {"ref", s.Ref},
	} {
		if strings.TrimSpace(f.text) == "" {
			return errf(file, key+"."+f.name, "is empty")
		}
	}
	if strings.ContainsAny(s.Title, "{}") {
		return errf(file, key+".title", "a title has no placeholders")
	}
	if n := len(s.Choices); n < 3 || n > 5 {
		return errf(file, key+".choices", fmt.Sprintf("has %d choices; want 3 to 5", n))
	}
	if s.Answer < 0 || s.Answer >= len(s.Choices) {
		k := key + ".answer"
		if !answerSet {
			k = key + ".choices"
		}
		return errf(file, k, fmt.Sprintf("answer %d is out of range: there are %d choices, counted from 1", s.Answer+1, len(s.Choices)))
	}
	seen := map[string]bool{}
	for i, c := range s.Choices {
		ck := fmt.Sprintf("%s.choices[%d]", key, i+1)
		switch {
		case strings.TrimSpace(c.Text) == "":
			return errf(file, ck+".text", "is empty")
		case seen[c.Text]:
			return errf(file, ck+".text", "repeats another choice")
		case i == s.Answer && c.Why != "":
			return errf(file, ck+".why", "the right choice has no why: the ruling explains it (a house that changes the answer rewrites the choices)")
		case i != s.Answer && strings.TrimSpace(c.Why) == "":
			return errf(file, ck+".why", "missing: a wrong choice says which rule it breaks")
		}
		seen[c.Text] = true
	}
	return checkVars(file, key, s, boxes)
}

// checkVars checks that every placeholder of the texts has values to draw
// from, and that every var is used.
func checkVars(file, key string, s *Situation, boxes int) error {
	texts := []struct{ key, text string }{{"prompt", s.Prompt}, {"ruling", s.Ruling}}
	for i, c := range s.Choices {
		texts = append(texts,
			struct{ key, text string }{fmt.Sprintf("choices[%d].text", i+1), c.Text},
			struct{ key, text string }{fmt.Sprintf("choices[%d].why", i+1), c.Why})
	}
	used := map[string]bool{}
	builtin := func(k, name string) error {
		need := map[string]int{"box": 1, "other_box": 2}[name]
		if boxes < need {
			return errf(file, k, fmt.Sprintf("{%s} needs a table of at least %d boxes; here there is none: use vars", name, need))
		}
		return nil
	}
	for _, t := range texts {
		names, err := Placeholders(t.text)
		if err != nil {
			return errf(file, key+"."+t.key, err.Error())
		}
		for _, n := range names {
			used[n] = true
			if slices.Contains(builtinVars, n) {
				if err := builtin(key+"."+t.key, n); err != nil {
					return err
				}
				continue
			}
			if _, ok := s.Vars[n]; !ok {
				return errf(file, key+"."+t.key, fmt.Sprintf("placeholder {%s} has no vars.%s", n, n))
			}
		}
	}
	for _, n := range slices.Sorted(maps.Keys(s.Vars)) {
		vk := key + ".vars." + n
		switch {
		case !namePattern.MatchString(n):
			return errf(file, vk, "a var name is lower case letters, digits and _")
		case n == "box" || n == "other_box":
			return errf(file, vk, "{"+n+"} is built in (drawn from the table size)")
		case !used[n]:
			return errf(file, vk, "is not used in the prompt, ruling or choices")
		case len(s.Vars[n]) == 0:
			return errf(file, vk, "has no values")
		}
		for j, v := range s.Vars[n] {
			if strings.TrimSpace(v) == "" {
				return errf(file, fmt.Sprintf("%s[%d]", vk, j+1), "is empty")
			}
			inner, err := Placeholders(v)
			if err != nil {
				return errf(file, fmt.Sprintf("%s[%d]", vk, j+1), err.Error())
			}
			for _, in := range inner {
				if !slices.Contains(builtinVars, in) {
					return errf(file, fmt.Sprintf("%s[%d]", vk, j+1), "{"+in+"}: a var's values may hold only {box} and {other_box}")
				}
				if err := builtin(fmt.Sprintf("%s[%d]", vk, j+1), in); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func newSequence(file string, i int, d sequenceDef, game string, ids map[string]bool) (*Sequence, error) {
	key := fmt.Sprintf("sequence[%s]", d.ID)
	if d.ID == "" {
		key = fmt.Sprintf("sequence[#%d]", i+1)
	}
	if err := checkID(file, key, d.ID, game, ids); err != nil {
		return nil, err
	}
	q := &Sequence{ID: d.ID, Game: game, Title: d.Title, Steps: d.Steps, Ref: d.Ref, Settings: d.Settings, Requires: d.Requires}
	if err := checkSequence(file, key, q); err != nil {
		return nil, err
	}
	for j, st := range q.Settings {
		if err := checkSetting(file, fmt.Sprintf("%s.settings[%d]", key, j+1), game, st); err != nil {
			return nil, err
		}
	}
	if err := checkRequires(file, key, game, q.Requires); err != nil {
		return nil, err
	}
	return q, nil
}

// checkSequence needs at least four steps: an order question shows four.
func checkSequence(file, key string, q *Sequence) error {
	switch {
	case strings.TrimSpace(q.Title) == "":
		return errf(file, key+".title", "is empty")
	case strings.TrimSpace(q.Ref) == "":
		return errf(file, key+".ref", "is empty")
	case len(q.Steps) < 4:
		return errf(file, key+".steps", fmt.Sprintf("has %d steps; want at least 4", len(q.Steps)))
	}
	seen := map[string]bool{}
	for i, st := range q.Steps {
		k := fmt.Sprintf("%s.steps[%d]", key, i+1)
		switch {
		case strings.TrimSpace(st) == "":
			return errf(file, k, "is empty")
		case seen[st]:
			return errf(file, k, "repeats another step")
		case strings.ContainsAny(st, "{}"):
			return errf(file, k, "a step has no placeholders")
		}
		seen[st] = true
	}
	return nil
}

// checkSetting checks a `setting` reference, "<game>.<key>". The key is
// checked against the game's Settings once the game has any (a game whose
// settings are still to come accepts any key, so content can be written
// first); a common situation may name any game's setting or a house.toml key.
func checkSetting(file, key, game, setting string) error {
	g, k, ok := strings.Cut(setting, ".")
	if !ok || k == "" {
		return errf(file, key, fmt.Sprintf("%q: want <game>.<key>, e.g. \"uth.fold_forfeits_trips\"", setting))
	}
	if g != game && game != CommonSlug {
		return errf(file, key, fmt.Sprintf("%q: a %s situation may name only %s settings", setting, game, game))
	}
	t, known := settingTypes[g]
	if !known {
		return errf(file, key, fmt.Sprintf("%q: %q is not a game or \"house\"", setting, g))
	}
	if keys := settingKeys(t, ""); len(keys) > 0 && !slices.Contains(keys, k) {
		return errf(file, key, fmt.Sprintf("%q: houses/<house>/%s.toml has no key %q", setting, g, k))
	}
	return nil
}

// settingValue is the value of a game setting ("uth.max_boxes") at house h.
func settingValue(h *House, setting string) (reflect.Value, bool) {
	g, k, _ := strings.Cut(setting, ".")
	var v reflect.Value
	switch g {
	case uth.Slug:
		v = reflect.ValueOf(h.UTH)
	case oracle.Slug:
		v = reflect.ValueOf(h.Oracle)
	case thrill.Slug:
		v = reflect.ValueOf(h.Thrill)
	case lunar.Slug:
		v = reflect.ValueOf(h.Lunar)
	case "house":
		// house.toml keys the House keeps, in the form it keeps them.
		switch k {
		case "rounding":
			return reflect.ValueOf(h.Rounding.Mode), true
		case "smallest_chip":
			return reflect.ValueOf(h.Rounding.Chip), true
		case "currency":
			return reflect.ValueOf(h.Currency), true
		}
		return reflect.Value{}, false
	default:
		return reflect.Value{}, false
	}
	if !v.IsValid() || v.IsNil() {
		return reflect.Value{}, false
	}
	v = v.Elem()
	for part := range strings.SplitSeq(k, ".") {
		if v.Kind() != reflect.Struct {
			return reflect.Value{}, false
		}
		i := slices.IndexFunc(reflect.VisibleFields(v.Type()), func(f reflect.StructField) bool {
			tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
			return tag == part && f.IsExported()
		})
		if i < 0 {
			return reflect.Value{}, false
		}
		v = v.Field(i)
	}
	return v, true
}

// unresolved moves out of p what house h decides differently from the default
// house without rewriting it (see Procedures.Unresolved).
func unresolved(p *Procedures, h, def *House) {
	differs := func(setting string) bool {
		hv, ok1 := settingValue(h, setting)
		dv, ok2 := settingValue(def, setting)
		return ok1 && ok2 && !reflect.DeepEqual(hv.Interface(), dv.Interface())
	}
	p.Situations = slices.DeleteFunc(p.Situations, func(s *Situation) bool {
		if s.House == h.Name {
			return false
		}
		for _, st := range s.Decisive() {
			if differs(st) {
				p.Unresolved[s.ID] = st
				return true
			}
		}
		return false
	})
	p.Sequences = slices.DeleteFunc(p.Sequences, func(q *Sequence) bool {
		for _, st := range q.Settings {
			if q.House != h.Name && differs(st) {
				p.Unresolved[q.ID] = st
				return true
			}
		}
		return false
	})
}

func (p *Procedures) index() {
	p.situations = make(map[string]*Situation, len(p.Situations))
	for _, s := range p.Situations {
		p.situations[s.ID] = s
	}
	p.sequences = make(map[string]*Sequence, len(p.Sequences))
	for _, q := range p.Sequences {
		p.sequences[q.ID] = q
	}
}

// Placeholders returns the names of the {placeholders} of text in order, or
// an error for a stray brace or a malformed name.
func Placeholders(text string) ([]string, error) {
	var out []string
	for rest := text; ; {
		i := strings.IndexAny(rest, "{}")
		if i < 0 {
			return out, nil
		}
		if rest[i] == '}' {
			return nil, fmt.Errorf("stray \"}\" in %q", text)
		}
		j := strings.IndexAny(rest[i+1:], "{}")
		if j < 0 || rest[i+1+j] != '}' {
			return nil, fmt.Errorf("unclosed \"{\" in %q", text)
		}
		name := rest[i+1 : i+1+j]
		if !namePattern.MatchString(name) {
			return nil, fmt.Errorf("{%s}: a placeholder is lower case letters, digits and _", name)
		}
		out = append(out, name)
		rest = rest[i+j+2:]
	}
}

package rulebook_test

import (
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

func TestProceduresEmbedded(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := b.House(rulebook.DefaultHouse)
	p := h.Procedures
	if p == nil {
		t.Fatal("the default house has no procedures")
	}
	s := p.Situation("oracle.R7")
	if s == nil || s.Game != "oracle" || s.Choices[s.Answer].Why != "" || s.House != "" {
		t.Fatalf("oracle.R7 = %+v", s)
	}
	if q := p.Sequence("lunar.force"); q == nil || len(q.Steps) < 4 {
		t.Fatalf("lunar.force = %+v", q)
	}
	if p.Situation("lunar.force") != nil || p.Sequence("oracle.R7") != nil {
		t.Error("situations and sequences are looked up apart")
	}
	want := map[string]int{"uth": 7, "oracle": 7, "thrill": 6, "lunar": 6}
	for g, n := range want {
		if p.Boxes[g] != n {
			t.Errorf("Boxes[%s] = %d; want %d", g, p.Boxes[g], n)
		}
	}
	if _, ok := p.Boxes["common"]; ok {
		t.Error("common has a table size")
	}
}

// houseFS is the embedded rules plus a house "riviera" with the given files.
func houseFS(t *testing.T, files map[string]string) fstest.MapFS {
	t.Helper()
	m := mapFS(t)
	m["houses/riviera/house.toml"] = &fstest.MapFile{Data: []byte("name = \"riviera\"\n")}
	for name, data := range files {
		m[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return m
}

const overrideR10 = `
[[override]]
id     = "oracle.R10"
ref    = "Riviera procedures §4.2"
ruling = "Pay any shortfall; an overpayment stays with the player."
answer = 2
[[override.choices]]
text = "Take back the overpayment."
why  = "Riviera does not recover overpayments."
[[override.choices]]
text = "Pay any shortfall; leave an overpayment."
[[override.choices]]
text = "Leave every payment as it is."
why  = "A short payment is always corrected."
`

func TestProceduresHouse(t *testing.T) {
	m := houseFS(t, map[string]string{
		"houses/riviera/procedures.toml": overrideR10 + `
[[override]]
id    = "uth.deal"
ref   = "Riviera procedures §2.1"
steps = ["Check the bets", "Burn one card", "Deal the community cards", "Deal the players and the dealer"]

[[situation]]
id     = "uth.riviera_tip"
title  = "A tip for the dealer"
prompt = "The player on box {box} puts a chip beside his Ante {when}."
vars.when = ["for the dealer", "as a tip"]
answer = 1
ruling = "Accept it as a toke and drop it in the box."
ref    = "Riviera procedures §9"
[[situation.choices]]
text = "Drop it in the toke box."
[[situation.choices]]
text = "Refuse it."
why  = "Riviera accepts tokes (§9)."
[[situation.choices]]
text = "Play it as a bet."
why  = "A toke is not a wager (§9)."
`,
		"houses/riviera/uth.toml": "max_boxes = 5\nburn_cards = true\nfold_forfeits_trips = false\n",
		"houses/default/procedures.toml": `
[[override]]
id   = "oracle.R11"
ref  = "House manual §1"
ruling = "The deck is changed: the Gaming Manager decides between rounds, whatever the players want."
`,
	})
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	riv, _ := b.House("riviera")
	def, _ := b.House(rulebook.DefaultHouse)
	rp, dp := riv.Procedures, def.Procedures

	if s := rp.Situation("oracle.R10"); s.House != "riviera" || s.Choices[s.Answer].Text != "Pay any shortfall; leave an overpayment." || s.Ref != "Riviera procedures §4.2" {
		t.Errorf("riviera oracle.R10 = %+v", s)
	}
	if s := dp.Situation("oracle.R10"); s.House != "" || strings.Contains(s.Ruling, "stays with the player") {
		t.Errorf("the default house took riviera's oracle.R10: %+v", s)
	}
	for _, p := range []*rulebook.Procedures{rp, dp} {
		if s := p.Situation("oracle.R11"); s.House != rulebook.DefaultHouse || s.Ref != "House manual §1" {
			t.Errorf("houses/default/procedures.toml not applied: %+v", s)
		}
	}
	if q := rp.Sequence("uth.deal"); q == nil || q.Steps[1] != "Burn one card" || q.House != "riviera" {
		t.Errorf("riviera uth.deal = %+v", q)
	}
	if s := rp.Situation("uth.riviera_tip"); s == nil || s.House != "riviera" || dp.Situation("uth.riviera_tip") != nil {
		t.Error("riviera's own situation is not riviera's only")
	}
	if rp.Boxes["uth"] != 5 || dp.Boxes["uth"] != 7 {
		t.Errorf("uth boxes: riviera %d, default %d; want 5 (its max_boxes) and 7", rp.Boxes["uth"], dp.Boxes["uth"])
	}
	// fold_forfeits_trips differs and riviera did not rewrite what it decides;
	// burn_cards differs too, but riviera rewrote uth.deal.
	want := map[string]string{"uth.trips_after_fold": "uth.fold_forfeits_trips", "uth.settlement": "uth.fold_forfeits_trips"}
	if len(rp.Unresolved) != len(want) {
		t.Errorf("riviera Unresolved = %v; want %v", rp.Unresolved, want)
	}
	for id, st := range want {
		if rp.Unresolved[id] != st || rp.Situation(id) != nil || rp.Sequence(id) != nil {
			t.Errorf("riviera %s: unresolved %q; want %q and left out", id, rp.Unresolved[id], st)
		}
	}
	if len(dp.Unresolved) != 0 || dp.Situation("uth.trips_after_fold") == nil {
		t.Errorf("default Unresolved = %v", dp.Unresolved)
	}
}

func TestProceduresErrors(t *testing.T) {
	sit := func(body string) string {
		return "[[situation]]\nid = \"uth.x\"\ntitle = \"X\"\nref = \"§1\"\nruling = \"R.\"\n" + body
	}
	three := "[[situation.choices]]\ntext = \"a\"\n[[situation.choices]]\ntext = \"b\"\nwhy = \"w\"\n[[situation.choices]]\ntext = \"c\"\nwhy = \"w\"\n"
	add := func(body string) func(string) string { return func(s string) string { return s + "\n" + body } }
	tests := []struct {
		name string
		file string
		edit func(string) string // nil: the file holds exactly body
		body string
		want []string
	}{
		{"unknown override id", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R16\"\nref = \"x\"\nruling = \"y\"\n",
			[]string{"houses/riviera/procedures.toml", "override[oracle.R16].id", "unknown id"}},
		{"answer out of range", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R7\"\nref = \"x\"\nanswer = 5\n",
			[]string{"houses/riviera/procedures.toml", "override[oracle.R7].answer", "out of range"}},
		{"override changes the answer but not the choices", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R7\"\nref = \"x\"\nanswer = 2\n",
			[]string{"houses/riviera/procedures.toml", "override[oracle.R7].choices", "rewrites the choices"}},
		{"override choices put a why on the right one", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R7\"\nref = \"x\"\nanswer = 2\n[[override.choices]]\ntext = \"a\"\nwhy = \"w\"\n[[override.choices]]\ntext = \"b\"\nwhy = \"w\"\n[[override.choices]]\ntext = \"c\"\nwhy = \"w\"\n",
			[]string{"houses/riviera/procedures.toml", "override[oracle.R7].choices[2].why", "right choice"}},
		{"override without ref", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R7\"\nruling = \"y\"\n",
			[]string{"houses/riviera/procedures.toml", "override[oracle.R7].ref", "missing"}},
		{"override with nothing", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R7\"\n",
			[]string{"houses/riviera/procedures.toml", "override[oracle.R7]", "changes nothing"}},
		{"override twice", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R7\"\nref = \"x\"\n[[override]]\nid = \"oracle.R7\"\nref = \"y\"\n",
			[]string{"houses/riviera/procedures.toml", "override[oracle.R7]", "twice"}},
		{"steps on a situation", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R7\"\nref = \"x\"\nsteps = [\"a\", \"b\", \"c\", \"d\"]\n",
			[]string{"houses/riviera/procedures.toml", "override[oracle.R7].steps"}},
		{"answer on a sequence", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"uth.play\"\nref = \"x\"\nanswer = 1\n",
			[]string{"houses/riviera/procedures.toml", "override[uth.play].answer", "sequence"}},
		{"house situation takes a shipped id", "houses/riviera/procedures.toml", nil,
			strings.Replace(sit("prompt = \"P\"\nanswer = 1\n"+three), "uth.x", "uth.misdeal", 1),
			[]string{"houses/riviera/procedures.toml", "situation[uth.misdeal].id", "duplicate id"}},
		{"house situation of no game", "houses/riviera/procedures.toml", nil,
			strings.Replace(sit("prompt = \"P\"\nanswer = 1\n"+three), "uth.x", "poker.x", 1),
			[]string{"houses/riviera/procedures.toml", "situation[poker.x].id", "not a game"}},
		{"unknown key", "houses/riviera/procedures.toml", nil,
			"[[override]]\nid = \"oracle.R7\"\nref = \"x\"\nprompt = \"new\"\n",
			[]string{"houses/riviera/procedures.toml", "override.prompt", "unknown key"}},
		{"duplicate id", "procedures/uth.toml", add(strings.Replace(sit("prompt = \"P\"\nanswer = 1\n"+three), "uth.x", "uth.show_cards", 1)), "",
			[]string{"procedures/uth.toml", "situation[uth.show_cards].id", "duplicate id"}},
		{"id of another game", "procedures/uth.toml", add(strings.Replace(sit("prompt = \"P\"\nanswer = 1\n"+three), "uth.x", "oracle.x", 1)), "",
			[]string{"procedures/uth.toml", "situation[oracle.x].id", "begin with \"uth.\""}},
		{"empty ruling", "procedures/uth.toml", add(strings.Replace(sit("prompt = \"P\"\nanswer = 1\n"+three), "ruling = \"R.\"", "ruling = \" \"", 1)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].ruling", "empty"}},
		{"answer zero", "procedures/uth.toml", add(sit("prompt = \"P\"\nanswer = 0\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].answer", "out of range"}},
		{"placeholder without vars", "procedures/uth.toml", add(sit("prompt = \"On box {box}, {card} shows.\"\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].prompt", "{card} has no vars.card"}},
		{"placeholder in a choice", "procedures/uth.toml", add(sit("prompt = \"P\"\nanswer = 1\n" + strings.Replace(three, "text = \"b\"", "text = \"b {stage}\"", 1))), "",
			[]string{"procedures/uth.toml", "situation[uth.x].choices[2].text", "{stage}"}},
		{"unused var", "procedures/uth.toml", add(sit("prompt = \"P\"\nvars.card = [\"Ah\"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].vars.card", "not used"}},
		{"var inside a var", "procedures/uth.toml", add(sit("prompt = \"P {a}\"\nvars.a = [\"x {b}\"]\nvars.b = [\"y\"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].vars.a[1]", "only {box}"}},
		{"stray brace", "procedures/uth.toml", add(sit("prompt = \"P {box\"\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].prompt", "unclosed"}},
		{"two choices", "procedures/uth.toml", add(sit("prompt = \"P\"\nanswer = 1\n[[situation.choices]]\ntext = \"a\"\n[[situation.choices]]\ntext = \"b\"\nwhy = \"w\"\n")), "",
			[]string{"procedures/uth.toml", "situation[uth.x].choices", "want 3 to 5"}},
		{"wrong choice without why", "procedures/uth.toml", add(sit("prompt = \"P\"\nanswer = 1\n" + strings.Replace(three, "why = \"w\"\n", "", 1))), "",
			[]string{"procedures/uth.toml", "situation[uth.x].choices[2].why", "missing"}},
		{"unknown uth setting", "procedures/uth.toml", add(sit("prompt = \"P\"\nsetting = \"uth.fold_forfeits_trip\"\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].setting", "no key \"fold_forfeits_trip\""}},
		{"setting of another game", "procedures/uth.toml", add(sit("prompt = \"P\"\nsetting = \"lunar.force_once\"\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].setting", "only uth settings"}},
		{"unknown setting in settings", "procedures/uth.toml", add(sit("prompt = \"P\"\nsettings = [\"uth.max_boxes\", \"uth.blind_tabel\"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].settings[2]", "no key \"blind_tabel\""}},
		{"setting named twice", "procedures/uth.toml", add(sit("prompt = \"P\"\nsetting = \"uth.max_boxes\"\nsettings = [\"uth.max_boxes\"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].settings[1]", "\"uth.max_boxes\" is named twice"}},
		{"short sequence", "procedures/uth.toml", add("[[sequence]]\nid = \"uth.y\"\ntitle = \"Y\"\nref = \"§1\"\nsteps = [\"a\", \"b\", \"c\"]\n"), "",
			[]string{"procedures/uth.toml", "sequence[uth.y].steps", "at least 4"}},
		{"repeated step", "procedures/uth.toml", add("[[sequence]]\nid = \"uth.y\"\ntitle = \"Y\"\nref = \"§1\"\nsteps = [\"a\", \"b\", \"c\", \"a\"]\n"), "",
			[]string{"procedures/uth.toml", "sequence[uth.y].steps[4]", "repeats"}},
		{"bad boxes", "procedures/thrill.toml", func(s string) string { return strings.Replace(s, "boxes         = 6", "boxes         = 9", 1) }, "",
			[]string{"procedures/thrill.toml", "boxes", "2 to 7"}},
		{"wrong game", "procedures/lunar.toml", func(s string) string { return strings.Replace(s, "game          = \"lunar\"", "game = \"thrill\"", 1) }, "",
			[]string{"procedures/lunar.toml", "game", "want \"lunar\""}},
		{"box in common", "procedures/common.toml", add(strings.Replace(sit("prompt = \"On box {box}.\"\nanswer = 1\n"+three), "uth.x", "common.x", 1)), "",
			[]string{"procedures/common.toml", "situation[common.x].prompt", "{box}"}},
		{"requires without a scope", "procedures/uth.toml", add(sit("prompt = \"P\"\nrequires = [\"max_payout\"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].requires[1]", "want <game>.<key>"}},
		{"requires an unknown setting", "procedures/uth.toml", add(sit("prompt = \"P\"\nrequires = [\"uth.max_boxes\", \"!uth.progresive_enabled\"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].requires[2]", "no key \"progresive_enabled\""}},
		{"requires another game's setting", "procedures/uth.toml", add(sit("prompt = \"P\"\nrequires = [\"lunar.multisuper_enabled\"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].requires[1]", "only uth settings"}},
		{"requires a house key it cannot read", "procedures/uth.toml", add(sit("prompt = \"P\"\nrequires = [\"house.title\"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].requires[1]", "house.rounding"}},
		{"requires a value it does not give", "procedures/uth.toml", add(sit("prompt = \"P\"\nrequires = [\"uth.max_boxes = \"]\nanswer = 1\n" + three)), "",
			[]string{"procedures/uth.toml", "situation[uth.x].requires[1]", "no value"}},
		{"requires a setting not every game has", "procedures/common.toml", add(strings.Replace(sit("prompt = \"P\"\nrequires = [\"*.progressive_enabled\"]\nanswer = 1\n"+three), "uth.x", "common.x", 1)), "",
			[]string{"procedures/common.toml", "situation[common.x].requires[1]", "every game"}},
		{"a sequence requires an unknown setting", "procedures/uth.toml", add("[[sequence]]\nid = \"uth.y\"\ntitle = \"Y\"\nref = \"uth.y\"\nrequires = [\"uth.nope\"]\nsteps = [\"a\", \"b\", \"c\", \"d\"]\n"), "",
			[]string{"procedures/uth.toml", "sequence[uth.y].requires[1]", "no key \"nope\""}},
		{"unknown file", "procedures/poker.toml", nil, "game = \"poker\"\n",
			[]string{"procedures/poker.toml", "unknown file"}},
		{"empty game file", "procedures/oracle.toml", func(string) string { return "" }, "",
			[]string{"procedures/oracle.toml", "game"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := houseFS(t, nil)
			if tt.edit == nil {
				m[tt.file] = &fstest.MapFile{Data: []byte(tt.body)}
			} else {
				before := string(m[tt.file].Data)
				after := tt.edit(before)
				if after == before {
					t.Fatalf("the edit did not change %s", tt.file)
				}
				m[tt.file] = &fstest.MapFile{Data: []byte(after)}
			}
			_, err := rulebook.Load(m)
			if err == nil {
				t.Fatal("Load succeeded; want an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// TestPremiseConditions checks each form of a `requires` condition against
// a house's settings: set, not set, equal, not equal, all of several.
func TestPremiseConditions(t *testing.T) {
	sit := func(id, requires string) string {
		return "[[situation]]\nid = \"" + id + "\"\ntitle = \"X\"\nprompt = \"P\"\nref = \"uth.x\"\nruling = \"R.\"\nanswer = 1\n" +
			"requires = [" + requires + "]\n" +
			"[[situation.choices]]\ntext = \"a\"\n[[situation.choices]]\ntext = \"b\"\nwhy = \"w\"\n[[situation.choices]]\ntext = \"c\"\nwhy = \"w\"\n"
	}
	tests := []struct {
		id, requires string
		asked        bool
	}{
		{"uth.set", `"uth.progressive_enabled"`, true},                       // true
		{"uth.not_set", `"!uth.progressive_enabled"`, false},                 // negated
		{"uth.amount", `"uth.max_payout_per_box"`, true},                     // 1000 at riviera
		{"uth.any_game", `"*.max_payout_per_box"`, true},                     // * is the situation's own game
		{"uth.no_amount", `"!uth.max_payout_per_box"`, false},                // negated amount
		{"uth.equal", `"house.rounding = down"`, true},                       // the default house's rounding
		{"uth.not_equal", `"house.rounding != down"`, false},                 // negated equality
		{"uth.number", `"uth.max_boxes = 5"`, true},                          // riviera's 5 tables
		{"uth.quoted", `"uth.misdeal = \"void_and_return_bets\""`, false},    // a quoted value; riviera keeps the default
		{"uth.all", `"uth.progressive_enabled", "uth.max_boxes = 7"`, false}, // every condition must hold
		{"uth.none", ``, true},                                               // no premise
	}
	var file strings.Builder
	for _, tt := range tests {
		file.WriteString(sit(tt.id, tt.requires))
	}
	m := houseFS(t, map[string]string{
		"houses/riviera/procedures.toml": file.String(),
		"houses/riviera/uth.toml":        "max_boxes = 5\nmax_payout_per_box = \"1000\"\n",
	})
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	riv, _ := b.House("riviera")
	for _, tt := range tests {
		if got := riv.Procedures.Asks("uth", tt.id); got != tt.asked {
			t.Errorf("requires = [%s]: Asks = %v; want %v", tt.requires, got, tt.asked)
		}
		if riv.Procedures.Asks("oracle", tt.id) {
			t.Errorf("%s is asked at another game", tt.id)
		}
	}
	if riv.Procedures.Asks("uth", "uth.no_such_id") {
		t.Error("Asks accepts an unknown id")
	}
}

func TestPlaceholders(t *testing.T) {
	tests := []struct {
		in   string
		want string // names joined by ","; "error" for an error
	}{
		{"no placeholder", ""},
		{"box {box} and {other_box}", "box,other_box"},
		{"{a}{b_2}", "a,b_2"},
		{"{Box}", "error"},
		{"{}", "error"},
		{"a } b", "error"},
		{"{a {b}}", "error"},
		{"{a", "error"},
	}
	for _, tt := range tests {
		names, err := rulebook.Placeholders(tt.in)
		got := strings.Join(names, ",")
		if err != nil {
			got = "error"
		}
		if got != tt.want {
			t.Errorf("Placeholders(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestOldCommonVarsGame loads procedures/common.toml as rules versions
// recorded before {game} was built in wrote it, with vars.game of its own:
// an old version must still load, so that what was made under it can be
// shown again.
func TestOldCommonVarsGame(t *testing.T) {
	m := houseFS(t, nil)
	for name := range m {
		if strings.HasPrefix(name, "books/") {
			delete(m, name) // such a version had no rule books either
		}
		if strings.HasPrefix(name, "procedures/") && strings.Count(name, "/") == 2 {
			delete(m, name) // nor translations (procedures/<lang>/…)
		}
	}
	m["procedures/common.toml"] = &fstest.MapFile{Data: []byte(`game = "common"
[[situation]]
id     = "common.max_payout"
title  = "A win above the house's maximum payout"
prompt = "At {game}, one box's win comes to more than the maximum. What do you do?"
vars.game = ["Ultimate Texas Hold'em", "Texas Oracle", "7 Card Thrill", "Lunar Poker"]
answer = 1
ruling = "Pay the posted maximum."
ref    = "RULES.md §6 row 32"
[[situation.choices]]
text = "Pay the maximum."
[[situation.choices]]
text = "Pay in full."
why  = "w"
[[situation.choices]]
text = "Void."
why  = "w"
`)}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatalf("an old common.toml with vars.game does not load: %v", err)
	}
	h, _ := b.House(rulebook.DefaultHouse)
	if s := h.Procedures.Situation("common.max_payout"); s == nil || len(s.Vars["game"]) != 4 {
		t.Errorf("common.max_payout = %+v", s)
	}
}

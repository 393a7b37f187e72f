package procedures_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/procedures"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// requiredIDs are the situations and sequences RULES.md lists: they must all
// be in the shipped content, under these ids (attempts store them).
var requiredIDs = []string{
	// Texas Oracle: the seed's disputable situations (§3.7) and box sharing (§3.6).
	"oracle.R1", "oracle.R2", "oracle.R3", "oracle.R4", "oracle.R5", "oracle.R6", "oracle.R7", "oracle.R8",
	"oracle.R9", "oracle.R10", "oracle.R11", "oracle.R12", "oracle.R13", "oracle.R14", "oracle.R15",
	"oracle.backbet_consent", "oracle.backbet_max", "oracle.backbet_minimum", "oracle.backbet_owner",
	"oracle.backbet_decisions", "oracle.backbet_drop", "oracle.backbet_exposure", "oracle.backbet_dark",
	// UTH: conduct, the progressive light and standard procedures (§2.7), misdeal (§6 row 31).
	"uth.show_cards", "uth.cards_in_view", "uth.act_after_fold", "uth.change_decision", "uth.progressive_light",
	"uth.dispute", "uth.exposed_card_deal", "uth.card_wrong_position", "uth.misdeal",
	// Lunar: the rulings table (§5.8) and its misdeal policy.
	"lunar.late_super_claim", "lunar.one_card_exchange", "lunar.exchange_and_buy", "lunar.force_wants_ante",
	"lunar.mixed_force", "lunar.dealer_super_after_force", "lunar.multisuper_instant_cash", "lunar.misdeal",
	// 7 Card Thrill: misdeal policy (§4.6) and cards speak (§4.3 A8).
	"thrill.misdeal", "thrill.bad_discard",
	// Sequences of play: §2.2, §3.2, §4.3, §5.3 (the force), UTH's settlement order.
	"uth.play", "uth.settlement", "oracle.play", "thrill.play", "lunar.play", "lunar.force",
}

func loadDefault(t *testing.T) *rulebook.House {
	t.Helper()
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, err := b.House(rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestContent(t *testing.T) {
	h := loadDefault(t)
	p := h.Procedures
	for _, s := range p.Situations {
		if len(s.Choices) < 3 || s.Answer < 0 || s.Answer >= len(s.Choices) || s.Ref == "" || s.Ruling == "" {
			t.Errorf("%s: %d choices, answer %d, ref %q", s.ID, len(s.Choices), s.Answer, s.Ref)
		}
	}
	var have []string
	for _, it := range procedures.List(h) {
		have = append(have, it.ID)
	}
	for _, id := range requiredIDs {
		if !slices.Contains(have, id) {
			t.Errorf("%s is missing from content/rules/procedures", id)
		}
	}
	for _, g := range append(slices.Clone(rulebook.GameSlugs), rulebook.CommonSlug) {
		if !slices.ContainsFunc(have, func(id string) bool { return strings.HasPrefix(id, g+".") }) {
			t.Errorf("no situation or sequence for %s", g)
		}
	}
	if len(p.Unresolved) != 0 {
		t.Errorf("the default house has unresolved ids: %v", p.Unresolved)
	}
}

// questions yields every question of house h for ids × kinds × seeds, each
// at every game whose table it is asked at (a common situation at each game).
func questions(t *testing.T, h *rulebook.House, seeds int, f func(it procedures.Item, seed uint64, q procedures.Question)) {
	t.Helper()
	for _, it := range procedures.List(h) {
		for _, g := range rulebook.GameSlugs {
			if !h.Procedures.Asks(g, it.ID) {
				continue
			}
			for _, k := range it.Kinds {
				for seed := range uint64(seeds) {
					q, err := procedures.NewAt(h, g, k, it.ID, seed)
					if err != nil {
						t.Fatalf("NewAt(%s, %s, %s, %d): %v", g, k, it.ID, seed, err)
					}
					f(it, seed, q)
				}
			}
		}
	}
}

// TestEveryQuestionIsWellFormed checks every id, kind and many seeds: the
// placeholders are all filled, the key is in range, the choices differ and
// every choice is explained.
func TestEveryQuestionIsWellFormed(t *testing.T) {
	h := loadDefault(t)
	questions(t, h, 300, func(it procedures.Item, seed uint64, q procedures.Question) {
		name := fmt.Sprintf("%s %s seed %d", q.Kind, q.ID, seed)
		if q.ID != it.ID || q.Game != it.Game || q.Title != it.Title {
			t.Fatalf("%s: question names %s/%s", name, q.ID, q.Game)
		}
		texts := append([]string{q.Prompt, q.Explanation}, q.Choices...)
		texts = append(texts, q.Why...)
		for _, s := range texts {
			if strings.ContainsAny(s, "{}") || strings.TrimSpace(s) == "" {
				t.Fatalf("%s: text not filled: %q", name, s)
			}
		}
		if len(q.Choices) < 3 || len(q.Why) != len(q.Choices) || q.Answer < 0 || q.Answer >= len(q.Choices) {
			t.Fatalf("%s: %d choices, %d whys, answer %d", name, len(q.Choices), len(q.Why), q.Answer)
		}
		if len(slices.Compact(slices.Sorted(slices.Values(q.Choices)))) != len(q.Choices) {
			t.Fatalf("%s: repeated choice in %q", name, q.Choices)
		}
		// The kiosk shows the cited section beside the question: the
		// texts themselves cite nothing.
		if q.Ref == "" || strings.Contains(q.Explanation, q.Ref) || strings.Contains(q.Explanation, "Source:") {
			t.Fatalf("%s: ref %q, explanation %q", name, q.Ref, q.Explanation)
		}
		for _, s := range texts {
			if strings.Contains(s, "..") || strings.Contains(s, "{") {
				t.Fatalf("%s: text %q", name, s)
			}
		}
	})
}

// TestRulingKey checks the key against the data: the right choice is the
// situation's answer, filled; every wrong one carries its own why. With 150
// seeds a situation, each game's rulings are checked on thousands of seeds.
func TestRulingKey(t *testing.T) {
	h := loadDefault(t)
	for _, s := range h.Procedures.Situations {
		if !slices.ContainsFunc(rulebook.GameSlugs, func(g string) bool { return h.Procedures.Asks(g, s.ID) }) {
			continue // asked at no game of this house (TestPremise)
		}
		for seed := range uint64(150) {
			q, err := procedures.Ruling(h, s.ID, seed)
			if err != nil {
				t.Fatal(err)
			}
			right := s.Choices[s.Answer].Text
			if !strings.Contains(right, "{") && q.Choices[q.Answer] != right {
				t.Fatalf("%s seed %d: key %q; want %q", s.ID, seed, q.Choices[q.Answer], right)
			}
			if !strings.Contains(s.Ruling, "{") && (q.Why[q.Answer] != s.Ruling || !strings.HasPrefix(q.Explanation, s.Ruling)) {
				t.Fatalf("%s seed %d: the right choice is not explained by the ruling", s.ID, seed)
			}
			for i := range q.Choices {
				if i != q.Answer && q.Why[i] == q.Why[q.Answer] {
					t.Fatalf("%s seed %d: wrong choice %d explained by the ruling", s.ID, seed, i)
				}
			}
		}
	}
}

// TestVariantsAndShuffle checks that the seed matters: every situation with
// something to vary shows at least two prompts, every value of every var is
// drawn, and the answer lands in every position.
func TestVariantsAndShuffle(t *testing.T) {
	h := loadDefault(t)
	for _, s := range h.Procedures.Situations {
		if !slices.ContainsFunc(rulebook.GameSlugs, func(g string) bool { return h.Procedures.Asks(g, s.ID) }) {
			continue
		}
		prompts, positions := map[string]bool{}, map[int]bool{}
		var b strings.Builder
		for seed := range uint64(400) {
			q, err := procedures.Ruling(h, s.ID, seed)
			if err != nil {
				t.Fatal(err)
			}
			prompts[q.Prompt] = true
			positions[q.Answer] = true
			b.WriteString(q.Prompt + "\n" + strings.Join(q.Choices, "\n") + "\n" + q.Explanation + "\n")
		}
		if (len(s.Vars) > 0 || strings.Contains(s.Prompt, "{box}")) && len(prompts) < 2 {
			t.Errorf("%s: one prompt over 400 seeds", s.ID)
		}
		if len(positions) != len(s.Choices) {
			t.Errorf("%s: the answer lands in %d of %d positions", s.ID, len(positions), len(s.Choices))
		}
		texts := b.String()
		for name, vals := range s.Vars {
			for _, v := range vals {
				if !strings.Contains(v, "{") && !strings.Contains(texts, v) {
					t.Errorf("%s: vars.%s value %q never drawn", s.ID, name, v)
				}
			}
		}
	}
}

// TestStepAndOrderKeys rebuilds the key of sequence questions from the
// sequence itself, on a thousand seeds a sequence.
func TestStepAndOrderKeys(t *testing.T) {
	h := loadDefault(t)
	for _, sq := range h.Procedures.Sequences {
		for seed := range uint64(1000) {
			q, err := procedures.Step(h, sq.ID, seed)
			if err != nil {
				t.Fatal(err)
			}
			got := slices.Index(sq.Steps, q.Choices[q.Answer])
			// Each step done ends with a full stop (issue 26: a page that
			// runs the lines together still reads them as steps).
			if got < 1 || !strings.Contains(q.Prompt, fmt.Sprintf("\n%d. %s.\nWhat", got, strings.TrimSuffix(sq.Steps[got-1], "."))) {
				t.Fatalf("%s seed %d: key is step %d, prompt %q", sq.ID, seed, got+1, q.Prompt)
			}
			for i, c := range q.Choices {
				if i != q.Answer && len(sq.Steps) >= 6 && strings.Contains(q.Prompt, ". "+strings.TrimSuffix(c, ".")+".\n") {
					t.Fatalf("%s seed %d: wrong choice %q is shown as done in the prompt", sq.ID, seed, c)
				}
			}

			q, err = procedures.Order(h, sq.ID, seed)
			if err != nil {
				t.Fatal(err)
			}
			index := map[string]int{} // letter → step index, read back from the prompt
			for _, line := range strings.Split(q.Prompt, "\n")[2:] {
				letter, text, _ := strings.Cut(line, ". ")
				index[letter] = slices.IndexFunc(sq.Steps, func(s string) bool {
					return strings.TrimSuffix(s, ".")+"." == text // each ends with a full stop
				})
			}
			if len(index) != 4 {
				t.Fatalf("%s seed %d: prompt shows %d steps: %q", sq.ID, seed, len(index), q.Prompt)
			}
			for i, c := range q.Choices {
				var idx []int
				for _, l := range strings.Split(c, " → ") {
					idx = append(idx, index[l])
				}
				ordered := slices.IsSorted(idx) && idx[3]-idx[0] == 3
				if ordered != (i == q.Answer) {
					t.Fatalf("%s seed %d: choice %q (steps %v) ordered = %v, answer %d", sq.ID, seed, c, idx, ordered, q.Answer)
				}
			}
		}
	}
}

// TestDrawReachesEveryID checks that every id of a game is drawn by some seed.
func TestDrawReachesEveryID(t *testing.T) {
	h := loadDefault(t)
	seen := map[string]bool{}
	for _, g := range rulebook.GameSlugs {
		for _, k := range procedures.Kinds {
			for seed := range uint64(2000) {
				q, err := procedures.Draw(h, g, k, seed)
				if err != nil {
					t.Fatalf("Draw(%s, %s, %d): %v", g, k, seed, err)
				}
				if q.Game != g && q.Game != rulebook.CommonSlug {
					t.Fatalf("Draw(%s, %s, %d) gave %s", g, k, seed, q.ID)
				}
				seen[q.ID] = true
			}
		}
	}
	for _, it := range procedures.List(h) {
		asked := slices.ContainsFunc(rulebook.GameSlugs, func(g string) bool { return h.Procedures.Asks(g, it.ID) })
		if seen[it.ID] != asked {
			t.Errorf("%s: drawn %v, asked at some game %v", it.ID, seen[it.ID], asked)
		}
	}
}

// TestDeterminism checks that a question depends on (house, id, seed) only,
// across two loads of the rules (map order differs between them).
func TestDeterminism(t *testing.T) {
	h1, h2 := loadDefault(t), loadDefault(t)
	questions(t, h1, 20, func(it procedures.Item, seed uint64, q procedures.Question) {
		again, err := procedures.NewAt(h2, atGame(q), q.Kind, it.ID, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(q, again) {
			t.Fatalf("%s %s seed %d differs between loads:\n%+v\n%+v", q.Kind, q.ID, seed, q, again)
		}
	})
	a, _ := procedures.Ruling(h1, "oracle.R2", 1)
	b, _ := procedures.Ruling(h1, "oracle.R2", 2)
	if reflect.DeepEqual(a, b) {
		t.Error("seeds 1 and 2 give the same oracle.R2 question")
	}
}

func TestGolden(t *testing.T) {
	h := loadDefault(t)
	tests := []struct {
		kind procedures.Kind
		id   string
		seed uint64
	}{
		{procedures.KindRuling, "oracle.R7", 7},
		{procedures.KindRuling, "uth.exposed_card_deal", 42},
		{procedures.KindRuling, "lunar.mixed_force", 3},
		{procedures.KindRuling, "thrill.bad_discard", 11},
		{procedures.KindNextStep, "lunar.force", 5},
		{procedures.KindOrder, "uth.play", 9},
		{procedures.KindRuling, "common.fractional_payout", 4},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s_%s_seed%d", tt.kind, tt.id, tt.seed)
		t.Run(name, func(t *testing.T) {
			q, err := procedures.New(h, tt.kind, tt.id, tt.seed)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(q, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			file := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/procedures -update)", err)
			}
			if string(got) != string(want) {
				t.Errorf("%s differs from %s:\n%s", name, file, got)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	h := loadDefault(t)
	for _, k := range procedures.Kinds {
		if _, err := procedures.New(h, k, "oracle.R99", 1); !errors.Is(err, procedures.ErrUnknown) {
			t.Errorf("New(%s, oracle.R99) = %v; want ErrUnknown", k, err)
		}
	}
	if _, err := procedures.Step(h, "oracle.R7", 1); !errors.Is(err, procedures.ErrUnknown) {
		t.Errorf("Step(oracle.R7), a situation: %v; want ErrUnknown", err)
	}
	if _, err := procedures.New(h, "essay", "oracle.R7", 1); err == nil {
		t.Error("New with an unknown kind succeeded")
	}
	if _, err := procedures.Ruling(nil, "oracle.R7", 1); err == nil {
		t.Error("Ruling(nil house) succeeded")
	}
	if _, err := procedures.Draw(h, "baccarat", procedures.KindRuling, 1); !errors.Is(err, procedures.ErrUnknown) {
		t.Errorf("Draw(baccarat) = %v; want ErrUnknown", err)
	}
}

// atGame reads back the game a question was asked at: its own, or for a
// common situation the one its prompt names.
func atGame(q procedures.Question) string {
	if q.Game != rulebook.CommonSlug {
		return q.Game
	}
	for _, g := range rulebook.GameSlugs {
		if strings.Contains(q.Prompt, procedures.GameName(g)) {
			return g
		}
	}
	return ""
}

// riviera recovers no overpayment (oracle.R10) and keeps Trips in action
// after a fold, rewriting one ruling and leaving the other unwritten.
const rivieraProcedures = `
[[override]]
id     = "oracle.R10"
ref    = "oracle.riviera_overpayments"
ruling = "Pay any shortfall at once. An overpayment is not taken back: report it to the pit."
answer = 2

[[override.choices]]
text = "Take back the overpayment and pay any shortfall."
why  = "This house does not take back an overpayment."

[[override.choices]]
text = "Pay any shortfall; an overpayment stays with the player and is reported to the pit."

[[override.choices]]
text = "Leave every payment as it is."
why  = "A short payment is always corrected."
`

func TestHouseOverride(t *testing.T) {
	upper := fstest.MapFS{
		"houses/riviera/house.toml":      {Data: []byte("name = \"riviera\"\n")},
		"houses/riviera/uth.toml":        {Data: []byte("fold_forfeits_trips = false\n")},
		"houses/riviera/procedures.toml": {Data: []byte(rivieraProcedures)},
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	riv, _ := b.House("riviera")
	def, _ := b.House(rulebook.DefaultHouse)

	q, err := procedures.Ruling(riv, "oracle.R10", 3)
	if err != nil {
		t.Fatal(err)
	}
	want := "Pay any shortfall; an overpayment stays with the player and is reported to the pit."
	if q.Choices[q.Answer] != want || !strings.HasPrefix(q.Explanation, "Pay any shortfall at once.") || q.Ref != "oracle.riviera_overpayments" {
		t.Errorf("riviera oracle.R10: key %q, explanation %q", q.Choices[q.Answer], q.Explanation)
	}
	dq, err := procedures.Ruling(def, "oracle.R10", 3)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(dq.Choices, want) || strings.Contains(dq.Explanation, "riviera") {
		t.Errorf("the default house took riviera's ruling: %+v", dq)
	}
	// Riviera changes uth.fold_forfeits_trips without rewriting the rulings it
	// decides: they are not asked there, and say why.
	for _, id := range []string{"uth.trips_after_fold", "uth.settlement"} {
		kind := procedures.KindRuling
		if id == "uth.settlement" {
			kind = procedures.KindOrder
		}
		if _, err := procedures.New(riv, kind, id, 1); !errors.Is(err, procedures.ErrUnresolved) || !strings.Contains(err.Error(), "uth.fold_forfeits_trips") {
			t.Errorf("riviera %s: %v; want ErrUnresolved naming uth.fold_forfeits_trips", id, err)
		}
		if _, err := procedures.New(def, kind, id, 1); err != nil {
			t.Errorf("default %s: %v", id, err)
		}
	}
	for _, it := range procedures.List(riv) {
		if it.ID == "uth.trips_after_fold" {
			t.Error("riviera lists uth.trips_after_fold")
		}
	}
}

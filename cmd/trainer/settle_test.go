package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// trainerBinary builds the real trainer binary once per test run, so the
// end-to-end tests exercise exactly what a dealer school's script runs.
func trainerBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := tempDirOutsideTest()
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "trainer")
		goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
		out, err := exec.Command(goTool, "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New("go build: " + err.Error() + "\n" + string(out))
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// runSettleBinary runs `trainer settle args…` with stdin and returns its
// output lines and exit status.
func runSettleBinary(t *testing.T, stdin string, args ...string) (lines []string, status int) {
	t.Helper()
	cmd := exec.Command(trainerBinary(t), append([]string{"settle"}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		status = ee.ExitCode()
	default:
		t.Fatalf("trainer settle: %v\n%s", err, errb.String())
	}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, status
}

// TestSettleExamples runs the examples of SETTLE.md: its round format and
// the result fields a script reads.
func TestSettleExamples(t *testing.T) {
	t.Parallel()
	in := `{"game":"uth","dealer":["Qh","Qc"],"board":["Qs","Js","Ts","9h","7d"],"boxes":[{"cards":["As","Ks"],"wagers":{"ante":10,"blind":10,"play":40,"trips":5}}]}` + "\n"
	lines, status := runSettleBinary(t, in)
	if status != 0 || len(lines) != 1 {
		t.Fatalf("status %d, %d lines: %q", status, len(lines), lines)
	}
	var got struct {
		Game   string `json:"game"`
		House  string `json:"house"`
		Dealer struct {
			Hand      string `json:"hand"`
			Qualifies bool   `json:"qualifies"`
		} `json:"dealer"`
		Boxes []struct {
			Box    int      `json:"box"`
			Best   []string `json:"best"`
			Hand   string   `json:"hand"`
			Versus string   `json:"versus"`
			Wagers []struct {
				Wager  string          `json:"wager"`
				Stake  json.Number     `json:"stake"`
				Result string          `json:"result"`
				Pays   json.Number     `json:"pays"`
				Reason string          `json:"reason"`
				Extra  json.RawMessage `json:"-"`
			} `json:"wagers"`
			Fees json.Number `json:"fees"`
			Net  json.Number `json:"net"`
		} `json:"boxes"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &got); err != nil {
		t.Fatal(err)
	}
	// The dealer's queens on a board with the queen of spades make three of a
	// kind; the box's A-K of spades with Q-J-10 of spades is a royal flush.
	if got.Game != "uth" || got.House != "default" || got.Dealer.Hand != "three of a kind" || !got.Dealer.Qualifies {
		t.Errorf("header = %+v", got)
	}
	b := got.Boxes[0]
	if b.Box != 1 || b.Hand != "royal flush" || b.Versus != "win" || strings.Join(b.Best, " ") != "As Ks Qs Js Ts" {
		t.Errorf("box = %+v", b)
	}
	want := map[string]string{"ante": "10", "blind": "5000", "play": "40", "trips": "250"}
	for _, w := range b.Wagers {
		if want[w.Wager] != string(w.Pays) || w.Result != "win" {
			t.Errorf("%s: %s pays %s; want win pays %s", w.Wager, w.Result, w.Pays, want[w.Wager])
		}
		delete(want, w.Wager)
	}
	if len(want) > 0 || b.Net != "5300" || b.Fees != "0" {
		t.Errorf("missing wagers %v, net %s, fees %s; want net 5300, fees 0", want, b.Net, b.Fees)
	}
}

// TestSettleBadInput feeds every bad input SETTLE.md lists, between good
// rounds: each bad line yields its error naming the field, the good ones
// are still settled, and the exit status is 2.
func TestSettleBadInput(t *testing.T) {
	t.Parallel()
	good := `{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":5,"play":20}}]}`
	tests := []struct{ line, want string }{
		{`{"game":"uth","dealer":["Kd","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":5,"play":20}}]}`,
			`boxes[0].cards: duplicate card Kd`},
		{`{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":5,"play":20}}]}`,
			`board: needs 5 cards, got 4`},
		{`{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Jk"],"wagers":{"ante":5,"blind":5,"play":20}}]}`,
			`boxes[0].cards: the joker is not in a 52-card deck (7 Card Thrill only)`},
		{`{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":5,"play":20,"insurance":5}}]}`,
			`boxes[0].wagers.insurance: unknown wager`},
		{`{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":10,"play":20}}]}`,
			`boxes[0].wagers.blind: must equal the ante (5)`},
		{`{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":5,"play":25}}]}`,
			`boxes[0].wagers.play: 25 is not an allowed Play bet`},
		{`{"game":"lunar","dealer":["Kd","Qc","2c","3c","4c"],"boxes":[{"cards":["As","Ad","7c","8c","9c"],"wagers":{"ante":10,"super":10,"bet":20},"draw":{"out":["7c"],"in":["7d"]}}]}`,
			`boxes[0].draw.out: exchange 2 to 5 cards, not 1`},
		{`{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":5,"play":5},"fold":true}]}`,
			`boxes[0].wagers.play: a box that folded has no Play bet`},
		{`{"game":"uth","dealer":["2c","7d"],`, `line 18: invalid JSON`},
	}
	var in strings.Builder
	for _, tt := range tests {
		in.WriteString(good + "\n" + tt.line + "\n")
	}
	lines, status := runSettleBinary(t, in.String())
	if status != 2 {
		t.Errorf("exit status %d; want 2", status)
	}
	if len(lines) != 2*len(tests) {
		t.Fatalf("%d output lines for %d input lines:\n%s", len(lines), 2*len(tests), strings.Join(lines, "\n"))
	}
	for i, tt := range tests {
		if ok := lines[2*i]; !strings.HasPrefix(ok, `{"game":"uth"`) {
			t.Errorf("line %d: the good round was not settled: %s", 2*i+1, ok)
		}
		var e struct{ Error string }
		if err := json.Unmarshal([]byte(lines[2*i+1]), &e); err != nil || !strings.HasPrefix(e.Error, tt.want) {
			t.Errorf("line %d: got %s; want an error starting %q", 2*i+2, lines[2*i+1], tt.want)
		}
	}
}

// TestSettleLongLine: a line longer than the limit between two good rounds
// gets an error line of its own, the good rounds are both settled, every
// output line is written out, and the exit status is 2.
func TestSettleLongLine(t *testing.T) {
	t.Parallel()
	good := `{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":5,"play":20}}]}`
	long := `{"game":"uth","note":"` + strings.Repeat("x", 2<<20) + `"}`
	lines, status := runSettleBinary(t, good+"\n"+long+"\n"+good+"\n")
	if status != 2 {
		t.Errorf("exit status %d; want 2", status)
	}
	if len(lines) != 3 || !strings.HasPrefix(lines[0], `{"game":"uth"`) || lines[1] != `{"error":"line 2: longer than 1048576 bytes"}` ||
		!strings.HasPrefix(lines[2], `{"game":"uth"`) {
		t.Errorf("output for a good round, a line too long and a good round:\n%.500s", strings.Join(lines, "\n"))
	}
}

// TestSettleBatch settles 10,000 generated rounds of the four games in one
// call of the binary and checks each line against the engine in process.
func TestSettleBatch(t *testing.T) {
	t.Parallel()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := book.House("default")
	rng := rand.New(rand.NewPCG(2026, 11))
	var rounds []games.Round
	for i := range 10000 {
		boxes := 1 + rng.IntN(6)
		var r games.Round
		switch i % 4 {
		case 0:
			l := h.Limits[uth.Slug]
			r = uth.Random(rng, h.UTH, l.Min, l.Max, h.Rounding.Chip, boxes)
		case 1:
			l := h.Limits[oracle.Slug]
			r = oracle.Random(rng, h.Oracle, l.Min, l.Max, h.Rounding.Chip, boxes)
		case 2:
			l := h.Limits[thrill.Slug]
			r = thrill.Random(rng, h.Thrill, l.Min, l.Max, h.Rounding.Chip, boxes)
		case 3:
			l := h.Limits[lunar.Slug]
			r = lunar.Random(rng, h.Lunar, l.Min, l.Max, h.Rounding.Chip, boxes)
		}
		rounds = append(rounds, r)
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for i := range rounds {
		if err := enc.Encode(&rounds[i]); err != nil {
			t.Fatal(err)
		}
	}
	lines, status := runSettleBinary(t, in.String())
	if status != 0 {
		t.Errorf("exit status %d; want 0", status)
	}
	if len(lines) != len(rounds) {
		t.Fatalf("%d lines out for %d rounds in", len(lines), len(rounds))
	}
	for i := range rounds {
		s, err := settle.Round(book, &rounds[i], "")
		if err != nil {
			t.Fatalf("round %d: %v", i+1, err)
		}
		settle.Cite(book, s) // the binary prints each rule as its book section
		want, _ := json.Marshal(s)
		if lines[i] != string(want) {
			t.Fatalf("round %d:\n got %s\nwant %s", i+1, lines[i], want)
		}
	}
}

// TestSettleHouseOutsideTheBinary settles under a house kept in a directory
// (issue 4: "a house can live outside the binary (-rules DIR)"): chosen by
// --house or by the round's own "house" field, which wins; a broken file in
// that directory stops the command with one line naming the file and key.
func TestSettleHouseOutsideTheBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, "houses", "outside", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("house.toml", "name = \"outside\"\n")
	write("uth.toml", "blind_table = \"straight-pushes\"\n") // a straight pushes
	// The player's 6-to-10 straight beats the dealer's two pair (RULES.md §2.3):
	// the Blind pays 1:1 at the default house and pushes under the straight-pushes table.
	straight := func(house string) string {
		h := ""
		if house != "" {
			h = `"house":"` + house + `",`
		}
		return `{"game":"uth",` + h + `"dealer":["Kh","2c"],"board":["9c","8d","7s","2h","Kd"],"boxes":[{"cards":["Tc","6d"],"wagers":{"ante":10,"blind":10,"play":20}}]}` + "\n"
	}
	blind := func(line string) string {
		var s struct {
			House string `json:"house"`
			Boxes []struct {
				Wagers []struct {
					Wager, Result string
					Pays          json.Number
				} `json:"wagers"`
			} `json:"boxes"`
		}
		if err := json.Unmarshal([]byte(line), &s); err != nil || len(s.Boxes) != 1 {
			t.Fatalf("not a settlement: %s", line)
		}
		for _, w := range s.Boxes[0].Wagers {
			if w.Wager == "blind" {
				return s.House + ": " + w.Result + " " + string(w.Pays)
			}
		}
		return s.House + ": no blind"
	}
	tests := []struct {
		args  []string
		house string // the round's own "house" field
		want  string
	}{
		{[]string{"--rules", dir, "--house", "outside"}, "", "outside: push 0"},
		{[]string{"--rules", dir}, "outside", "outside: push 0"},
		{[]string{"--rules", dir, "--house", "outside"}, "default", "default: win 10"},
		{[]string{"--rules", dir}, "", "default: win 10"},
	}
	for _, tt := range tests {
		lines, status := runSettleBinary(t, straight(tt.house), tt.args...)
		if status != 0 || len(lines) != 1 {
			t.Fatalf("settle %q: status %d, lines %q", tt.args, status, lines)
		}
		if got := blind(lines[0]); got != tt.want {
			t.Errorf("settle %q, round house %q: Blind %s; want %s", tt.args, tt.house, got, tt.want)
		}
	}

	write("uth.toml", "blind_table = \"C\"\n")
	cmd := exec.Command(trainerBinary(t), "settle", "--rules", dir, "--house", "outside")
	cmd.Stdin = strings.NewReader(straight(""))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	msg := strings.TrimSpace(errb.String())
	if err == nil || out.Len() != 0 || strings.Contains(msg, "\n") ||
		!strings.Contains(msg, "houses/outside/uth.toml") || !strings.Contains(msg, "blind_table") || !strings.Contains(msg, `no blind table "C"`) {
		t.Errorf("a broken house file: err %v, stdout %q, stderr %q; want one line naming houses/outside/uth.toml and blind_table", err, out.String(), msg)
	}
}

package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// runMath runs `trainer math` with args on the shipped rules.
func runMath(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errw bytes.Buffer
	load := func(dir string) (*rulebook.Book, error) { return book(t), nil }
	err = Command(context.Background(), args, &out, &errw, load)
	return out.String(), errw.String(), err
}

func TestCommandBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string // the whole one-line error
	}{
		{nil, "math: --game is required (one of uth, oracle, thrill, lunar)"},
		{[]string{"--game", "poker", "--wager", "main"}, `math: unknown game "poker" (known: uth, oracle, thrill, lunar)`},
		{[]string{"--game", "uth"}, "math: --wager is required (uth: main, trips, blind)"},
		{[]string{"--game", "uth", "--wager", "ante"}, `math: uth has no wager "ante" here (known: main, trips, blind)`},
		{[]string{"--game", "thrill", "--wager", "bonus"}, `math: thrill has no wager "bonus" here (known: main, kings_or_better, trips_or_better, full_house_or_better, special)`},
		{[]string{"--game", "lunar", "--wager", "super", "--table", "Z"}, `math: --table: lunar has no super table "Z" (known: A, B)`},
		{[]string{"--game", "uth", "--wager", "trips", "--table", "E"}, `math: --table: uth has no trips table "E" (known: 50-40-20-7-6-5-3, 50-40-30-8-6-5-3, 50-40-30-8-7-4-3, 50-40-30-9-7-4-3)`},
		{[]string{"--game", "lunar", "--wager", "super", "--house", "nowhere"}, `math: --house: no house "nowhere" (known: default)`},
		{[]string{"--game", "uth", "--wager", "main", "--rounds", "0"}, "math: --rounds 0: want at least 1"},
		{[]string{"--game", "uth", "--wager", "main", "--rounds", "-5"}, "math: --rounds -5: want at least 1"},
		{[]string{"--game", "uth", "--wager", "main", "--seed", "-1"}, "math: --seed -1: want 0 or more"},
		{[]string{"--game", "uth", "--wager", "main", "--exact", "--table", "C"}, `math: --table: uth has no blind table "C" (known: straight-pays, straight-pushes)`},
		{[]string{"--game", "thrill", "--wager", "main", "--exact"}, "math: --exact: thrill main has no exact solution in this program; it is simulated under a named strategy (leave out --exact)"},
		{[]string{"--game", "uth", "--wager", "main", "extra"}, `math: unexpected argument "extra"`},
	}
	for _, tt := range tests {
		out, _, err := runMath(t, tt.args...)
		if err == nil {
			t.Errorf("math %q: no error; want %q", tt.args, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("math %q:\n got %q\nwant %q", tt.args, err, tt.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("math %q: the error is more than one line", tt.args)
		}
		if out != "" {
			t.Errorf("math %q wrote %q on standard output", tt.args, out)
		}
	}
}

// TestCommandJSON checks that standard output holds one JSON object and
// nothing else, with SETTLE.md's fields.
func TestCommandJSON(t *testing.T) {
	tests := []struct {
		args   []string
		method string
	}{
		{[]string{"--game", "lunar", "--wager", "super", "--table", "B"}, Exact},
		{[]string{"--game", "thrill", "--wager", "poker", "--rounds", "300", "--seed", "7"}, Simulation}, // the Poker Bet is thrill's main
	}
	for _, tt := range tests {
		out, _, err := runMath(t, tt.args...)
		if err != nil {
			t.Fatalf("math %q: %v", tt.args, err)
		}
		dec := json.NewDecoder(strings.NewReader(out))
		var got map[string]any
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("math %q: %v in %q", tt.args, err, out)
		}
		if _, err := dec.Token(); err != io.EOF {
			t.Errorf("math %q: more than one JSON value on standard output: %q", tt.args, out)
		}
		if got["method"] != tt.method {
			t.Errorf("math %q: method %v; want %s", tt.args, got["method"], tt.method)
		}
		for _, k := range []string{"game", "wager", "table", "house_edge"} {
			if _, ok := got[k]; !ok {
				t.Errorf("math %q: no %q field in %s", tt.args, k, out)
			}
		}
		switch tt.method {
		case Exact:
			if got["combinations"] != float64(2598960) || got["table"] != "B" || len(got["rows"].([]any)) != 9 {
				t.Errorf("math %q: %s", tt.args, out)
			}
		case Simulation:
			if got["wager"] != "main" || got["rounds"] != float64(300) || got["seed"] != float64(7) || got["strategy"] != ThrillStrategy || got["stderr"] == nil {
				t.Errorf("math %q: %s", tt.args, out)
			}
		}
	}
}

func TestCommandExactIgnoresRounds(t *testing.T) {
	out, errs, err := runMath(t, "--game", "lunar", "--wager", "instant", "--rounds", "5")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errs, "counted exactly; --rounds and --seed are not used") {
		t.Errorf("standard error %q; want a note that --rounds is not used", errs)
	}
	if !strings.Contains(out, `"method": "exact"`) {
		t.Errorf("standard output %q", out)
	}
}

package settle_test

import (
	"bytes"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

func book(t *testing.T) *rulebook.Book {
	t.Helper()
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStreamDecodeErrors checks the errors of the stream itself; each game's
// own validation is tested in its package and in the end-to-end tests.
func TestStreamDecodeErrors(t *testing.T) {
	in := strings.Join([]string{
		`{"game":"uth",`,
		``,
		`{"game":"poker","dealer":[],"boxes":[]}`,
		`{"game":"uth","dealer":["As","Kd"],"boxes":[{"cards":["2c","3c"],"wagers":{"ante":10},"fold":"yes"}]}`,
		`{"game":"uth","dealer":["As","Kd"],"boxes":[],"colour":"red"}`,
		`{"game":"uth","house":"nowhere","dealer":[],"boxes":[]}`,
	}, "\n")
	var out bytes.Buffer
	rejected, err := settle.Stream(book(t), "", strings.NewReader(in), &out)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"error":"line 1: invalid JSON: the line ends too early"}`,
		`{"error":"game: unknown game \"poker\" (one of uth, oracle, thrill, lunar)"}`,
		`{"error":"boxes[0].fold: want true or false, got string"}`,
		`{"error":"line 5: unknown field \"colour\""}`,
		`{"error":"house: no house \"nowhere\" (known: default)"}`,
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if rejected != len(want) {
		t.Errorf("rejected = %d; want %d", rejected, len(want))
	}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			var g string
			if i < len(got) {
				g = got[i]
			}
			t.Errorf("line %d:\n got %s\nwant %s", i+1, g, want[i])
		}
	}
}

func TestDecodeSideBetPath(t *testing.T) {
	line := `{"game":"lunar","dealer":["Kd","Qc","2c","3c","4c"],"boxes":[{"cards":["As","Kh","7c","8c","9c"],"wagers":{"ante":10,"super":10},"multi_super":[{"on":2,"stake":5},{"on":"table","stake":5}]}]}`
	_, err := settle.Line(book(t), "", 1, []byte(line))
	want := `boxes[0].multi_super[1].on: "table" is neither a box number nor "dealer"`
	if err == nil || err.Error() != want {
		t.Errorf("got %v; want %s", err, want)
	}
}

// TestStreamLongLine: a line longer than the limit gets an error line of
// its own, and the lines after it are settled as usual; a line of exactly
// the limit is read.
func TestStreamLongLine(t *testing.T) {
	good := `{"game":"uth","dealer":["2c","7d"],"board":["Qs","Js","4h","9h","8d"],"boxes":[{"cards":["As","Kd"],"wagers":{"ante":5,"blind":5,"play":20}}]}`
	long := `{"game":"uth","note":"` + strings.Repeat("x", 1<<20) + `"}`
	atLimit := `{"game":"uth"` + strings.Repeat(" ", 1<<20-len(`{"game":"uth"`)-1) + `}` // spaces: still one JSON object
	in := good + "\n" + long + "\n" + good + "\n" + atLimit + "\n" + long                // the last without a newline
	var out bytes.Buffer
	rejected, err := settle.Stream(book(t), "", strings.NewReader(in), &out)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != 5 || rejected != 3 {
		t.Fatalf("%d output lines, %d rejected, for 5 input lines; want 5 lines, 3 rejected:\n%.300s", len(got), rejected, out.String())
	}
	for i, want := range []string{`{"game":"uth"`, `{"error":"line 2: longer than 1048576 bytes"}`, `{"game":"uth"`,
		`{"error":"`, `{"error":"line 5: longer than 1048576 bytes"}`} {
		if !strings.HasPrefix(got[i], want) {
			t.Errorf("line %d: %.120s; want %s…", i+1, got[i], want)
		}
	}
	if strings.Contains(got[3], "longer than") {
		t.Errorf("a line of exactly the limit was refused as too long: %s", got[3])
	}
}

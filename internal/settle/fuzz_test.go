package settle_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// FuzzLine feeds any line to the settle input (`trainer settle`, the hand
// checker's pasted round). It must never panic. A round it settles must add
// up; a round it refuses gets one line that names the field at fault, or,
// for a line that is not a JSON round at all, says where reading stopped
// with the line number. The engine's own "internal error" is a failure.
// Seed corpus: testdata/fuzz/FuzzLine.
func FuzzLine(f *testing.F) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		s, err := settle.Line(b, rulebook.DefaultHouse, 1, line)
		if err == nil {
			if err := s.Check(); err != nil {
				t.Errorf("%s: settled, but the settlement does not add up: %v", line, err)
			}
			return
		}
		msg := err.Error()
		var fe *games.FieldError
		switch {
		case strings.ContainsAny(msg, "\n\r"):
			t.Errorf("%s: message %q is not one line", line, msg)
		case strings.Contains(msg, "internal error"):
			t.Errorf("%s: %v", line, err)
		case errors.As(err, &fe):
			if fe.Field == "" || fe.Msg == "" {
				t.Errorf("%s: field error %q does not name its field", line, msg)
			}
		case !strings.HasPrefix(msg, "line 1: ") || len(msg) == len("line 1: "):
			t.Errorf("%s: message %q names neither a field nor the line", line, msg)
		}
		if strings.Contains(msg, "json: ") || strings.Contains(msg, "%!") {
			t.Errorf("%s: message %q leaks an error meant for programmers", line, msg)
		}
		// The stream writes the same refusal as one JSON object per line.
		var out bytes.Buffer
		if _, err := settle.Stream(b, rulebook.DefaultHouse, bytes.NewReader(bytes.ReplaceAll(line, []byte("\n"), nil)), &out); err != nil {
			t.Errorf("%s: Stream: %v", line, err)
		}
	})
}

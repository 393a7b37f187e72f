package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// TestMathCommand runs `trainer math` through the command table: exact
// JSON on standard output, and one-line refusals of bad input.
func TestMathCommand(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := run(t.Context(), []string{"math", "--game", "lunar", "--wager", "super"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Method       string `json:"method"`
		Combinations int64  `json:"combinations"`
		HouseEdge    float64
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Method != "exact" || got.Combinations != 2598960 {
		t.Errorf("lunar super: %+v; want exact over 2,598,960 hands", got)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"math", "--game", "poker", "--wager", "main"}, `unknown game "poker"`},
		{[]string{"math", "--game", "uth", "--wager", "main", "--rounds", "0"}, "rounds"},
		{[]string{"math", "--game", "uth", "--wager", "main", "--seed", "-1"}, "seed"},
	} {
		err := run(t.Context(), tt.args, noEnv, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q = %v; want one line containing %q", tt.args, err, tt.want)
		}
	}
}
